import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '~/shared/schemas/auth';
import { ContactMessageInputSchema } from '~/shared/schemas/contact';
import { registeredCatalogues } from './catalogues';
import { fixedErrorText, renderErrorText, translateError } from './error-text';

const retry = (what: string, count: number, unit: 'seconds' | 'minutes') => ({
  key: 'Too many {{what}}. Please try again in {{when}}.',
  values: { what: { key: what }, when: { key: `{{count}} ${unit}`, values: { count } } },
});

describe('the errors catalogue', () => {
  it('says every message without values in English exactly as its key', () => {
    const errors = registeredCatalogues().find((c) => c.namespace === 'errors')!;
    const different = Object.entries(errors.en).filter(
      ([key, text]) => !/_(one|other)$/.test(key) && !key.includes('{{') && text !== key,
    );
    expect(different).toEqual([]);
  });
});

describe('translateError', () => {
  it('leaves English and unknown messages as they are', () => {
    expect(translateError('en', 'Name is required')).toBe('Name is required');
    expect(translateError('fr', 'A message nobody translated.')).toBe('A message nobody translated.');
  });

  it('says a known message in French', () => {
    expect(translateError('fr', 'Name is required')).toBe('Le nom est obligatoire');
    expect(translateError('fr', 'Please enter a valid email address.')).toBe(
      'Veuillez entrer une adresse courriel valide.',
    );
  });

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

  it('finds the key of a schema message fixed when its module loaded', () => {
    const english = `Password must be at most ${PASSWORD_MAX} characters`;
    expect(fixedErrorText('Password must be at most {{max}} characters', { max: PASSWORD_MAX })).toBe(
      english,
    );
    expect(translateError('fr', english)).toBe(
      `Le mot de passe doit compter au plus ${PASSWORD_MAX} caractères`,
    );
  });

  it('translates what a shared schema says', () => {
    const result = ContactMessageInputSchema.safeParse({
      name: '',
      email: 'x',
      subject: 'order',
      message: 'hi',
    });
    const messages = result.error!.issues.map((i) => translateError('fr', i.message));
    expect(messages).toEqual([
      'Le nom est obligatoire',
      'Veuillez entrer une adresse courriel valide',
      'Le message doit compter au moins 10 caractères',
    ]);
  });
});
