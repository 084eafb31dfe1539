// The most common passwords, refused for any new password (docs/decisions/0113-common-passwords-refused.md).
// The list (49,233 passwords from leaked-password rankings, lower case) ships with zxcvbn-ts; it stays on the
// server: 380 kB is too much for the browser bundle.
import { dictionary } from '@zxcvbn-ts/language-common';
import { namesStore, PASSWORD_NAMES_STORE } from '~/shared/passwords';
import { badRequest } from './http-error';

const COMMON = new Set(dictionary['passwords-common']);

export const COMMON_PASSWORD_COUNT = COMMON.size;
export const COMMON_PASSWORD =
  'This password is one of the most commonly used and easy to guess. Please choose another.';

/** Case does not make a common password safe: 'PASSWORD' is as easy to guess as 'password'. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/**
 * 400 with the message on `field` (as a validation error) when the password is a common one, or the
 * store's configured name (the shared schema knows only the trade word; the name is configuration,
 * docs/decisions/0458-passwords-not-repeated-or-the-store.md).
 */
export function refuseCommonPassword(password: string, storeName: string, field = 'password'): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD, { errors: { [field]: COMMON_PASSWORD } });
  if (namesStore(password, storeName)) {
    throw badRequest(PASSWORD_NAMES_STORE, { errors: { [field]: PASSWORD_NAMES_STORE } });
  }
}
