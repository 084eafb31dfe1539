// The unsubscribe link's token: the address and the message's language sealed (AES-256-GCM, key derived
// by HKDF from the session secret). Unguessable and unforgeable, and it shows no address in a log or a
// forwarded link; it needs no table, so a link in any message ever sent keeps working
// (docs/decisions/0560-consent-records.md).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { isLocale, type Locale } from '~/shared/i18n/locales';

const keys = new Map<string, Buffer>();
function keyOf(sessionSecret: string): Buffer {
  let key = keys.get(sessionSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', sessionSecret, 'store-unsubscribe', 'unsubscribe v1', 32));
    keys.set(sessionSecret, key);
  }
  return key;
}

export function unsubscribeToken(sessionSecret: string, email: string, locale: Locale): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const sealed = Buffer.concat([
    cipher.update(JSON.stringify({ e: email, l: locale }), 'utf8'),
    cipher.final(),
  ]);
  return [iv, sealed, cipher.getAuthTag()].map((p) => p.toString('base64url')).join('.');
}

/** The address and language, or null for a token this store did not make (or altered). */
export function openUnsubscribeToken(
  sessionSecret: string,
  token: string,
): { email: string; locale: Locale } | null {
  const [iv, sealed, tag] = token.split('.');
  if (!iv || !sealed || !tag || token.length > 2000) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
    const value = JSON.parse(text.toString('utf8')) as { e?: unknown; l?: unknown };
    if (typeof value.e !== 'string') return null;
    return { email: value.e, locale: isLocale(value.l) ? value.l : 'en' };
  } catch {
    return null;
  }
}
