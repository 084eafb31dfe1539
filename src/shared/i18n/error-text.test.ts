import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '~/shared/schemas/auth';
import { ContactMessageInputSchema } from '~/shared/schemas/contact';
import { registeredCatalogues } from './catalogues';
import { fixedErrorText, translateError } from './error-text';

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
