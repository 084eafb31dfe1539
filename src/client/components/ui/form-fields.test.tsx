import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '~/shared/i18n/locales';
import { PASSWORD_MAX } from '~/shared/schemas/auth';
import { LocaleProvider } from '~/client/lib/i18n';
import { FieldError, TextField } from './form-fields';

function renderField(locale: Locale, error: string) {
  render(
    <LocaleProvider locale={locale}>
      <TextField label="Password" error={error} />
      <FieldError id="method-error" message="Please select a shipping method" />
    </LocaleProvider>,
  );
  return screen.getAllByTestId('field-error').map((el) => el.textContent);
}

describe('a field’s validation message', () => {
  it('is the schema’s English word for word on the English store', () => {
    expect(renderField('en', `Password must be at most ${PASSWORD_MAX} characters`)).toEqual([
      `Password must be at most ${PASSWORD_MAX} characters`,
      'Please select a shipping method',
    ]);
  });

  it('is in French on the French store, a limit from a constant included', () => {
    expect(renderField('fr', `Password must be at most ${PASSWORD_MAX} characters`)).toEqual([
      `Le mot de passe doit compter au plus ${PASSWORD_MAX} caractères`,
      'Veuillez choisir un mode de livraison',
    ]);
    expect(screen.getByRole('textbox', { name: 'Password' }).getAttribute('aria-describedby')).toMatch(
      /-error$/,
    );
  });

  it('shows a message the catalogue does not know as it came (the server already said it in French)', () => {
    expect(renderField('fr', 'Ce nom d’utilisateur est déjà pris.')[0]).toBe(
      'Ce nom d’utilisateur est déjà pris.',
    );
  });
});

describe('an optional field’s label', () => {
  it('says so in the page’s language, a space after the label', () => {
    render(
      <LocaleProvider locale="fr">
        <TextField label="Adresse (ligne 2)" optional />
      </LocaleProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Adresse (ligne 2) (facultatif)' })).toBeTruthy();
  });

  it('reads “(optional)” on the English store', () => {
    render(
      <LocaleProvider locale="en">
        <TextField label="Address Line 2" optional />
      </LocaleProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Address Line 2 (optional)' })).toBeTruthy();
  });
});
