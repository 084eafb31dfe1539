// A secret an e-mail must carry (a password-reset token) is never written to the outbox in clear: the
// row's text and HTML hold OUTBOX_SECRET_PLACEHOLDER, and the secret is kept sealed beside them
// (AES-256-GCM, with a key derived by HKDF from the session secret, which is not in the database). The
// mailer opens it and puts it in place only in the message it hands to SMTP, then forgets it. So
// neither the admin's e-mail view nor a database dump or replica holds a live link
// (docs/decisions/0454-outbox-keeps-no-live-secret.md).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Stands where the secret goes in a queued e-mail: plain letters, unchanged by HTML and URL escaping. */
export const OUTBOX_SECRET_PLACEHOLDER = 'SECRET-SENT-BY-EMAIL-ONLY';

const keyCache = new Map<string, Buffer>();

function keyOf(sessionSecret: string): Buffer {
  let key = keyCache.get(sessionSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', sessionSecret, 'store-mail-outbox', 'outbox secret v1', 32));
    keyCache.set(sessionSecret, key);
  }
  return key;
}

/** `v1.<iv>.<ciphertext>.<tag>` (base64url): the secret sealed under the session secret. */
export function sealOutboxSecret(sessionSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, sealed, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when the box was sealed under another key or altered. */
export function openOutboxSecret(sessionSecret: string, box: string): string | null {
  const [version, iv, sealed, tag] = box.split('.');
  if (version !== 'v1' || !iv || sealed === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
