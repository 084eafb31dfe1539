import { describe, expect, it } from 'vitest';
import { registeredCatalogues } from '~/shared/i18n/catalogues';
import { renderErrorText } from '~/shared/i18n/error-text';
import { retryAfterText } from './http-error';
import './server-errors.messages';

const retry = (what: string, count: number, unit: 'seconds' | 'minutes') => ({
  key: 'Too many {{what}}. Please try again in {{when}}.',
  values: { what: { key: what }, when: retryAfterText(unit === 'seconds' ? count : count * 60) },
});

describe('the server-errors catalogue', () => {
  it('says every message without values in English exactly as its key', () => {
    const errors = registeredCatalogues().find((c) => c.namespace === 'server-errors')!;
    const different = Object.entries(errors.en).filter(
      ([key, text]) => !/_(one|other)$/.test(key) && !key.includes('{{') && text !== key,
    );
    expect(different).toEqual([]);
  });
});

describe('a server message with values', () => {
  it('renders messages with values the same as the English sentences they replace', () => {
    expect(renderErrorText('en', retry('price checks', 1, 'seconds'))).toBe(
      'Too many price checks. Please try again in 1 second.',
    );
    expect(renderErrorText('en', retry('messages', 12, 'minutes'))).toBe(
      'Too many messages. Please try again in 12 minutes.',
    );
    expect(
      renderErrorText('en', {
        key: 'Sorry, only {{count}} of "{{name}}" are available.',
        values: { count: 1, name: 'Lamp' },
      }),
    ).toBe('Sorry, only 1 of "Lamp" is available.');
  });

  it('says messages with values in French, plurals included', () => {
    expect(renderErrorText('fr', retry('price checks', 1, 'minutes'))).toBe(
      'Trop de vérifications de prix. Veuillez réessayer dans 1 minute.',
    );
    expect(renderErrorText('fr', retry('subscription attempts', 45, 'seconds'))).toBe(
      'Trop de tentatives d’abonnement. Veuillez réessayer dans 45 secondes.',
    );
    expect(
      renderErrorText('fr', {
        key: 'Sorry, only {{count}} of "{{name}}" are available.',
        values: { count: 3, name: 'Lampe' },
      }),
    ).toBe('Désolé, il ne reste que 3 exemplaires de «\u00a0Lampe\u00a0».');
  });

  it('takes a value given in each language in the language it says (a province’s name)', () => {
    const text = {
      key: 'Sorry, we are not shipping to {{name}} at the moment. Please choose another province or pickup at store.',
      values: { name: { en: 'Quebec', fr: 'Québec' } },
    };
    expect(renderErrorText('en', text)).toBe(
      'Sorry, we are not shipping to Quebec at the moment. Please choose another province or pickup at store.',
    );
    expect(renderErrorText('fr', text)).toBe(
      'Désolé, nous ne livrons pas pour le moment dans cette province (Québec). Veuillez choisir une autre province ou le ramassage en magasin.',
    );
  });
});
