// Usernames that imitate a Latin one with letters of another alphabet ('рау', all Cyrillic, reads 'pay'). The
// schema already refuses mixed alphabets and hidden characters (src/shared/usernames.ts); this needs the
// Unicode confusables table (100 kB), so it runs on the server only. docs/decisions/0112-usernames.md
import unhomoglyph from 'unhomoglyph';
import { badRequest } from '~/server/lib/http-error';

export const USERNAME_LOOKALIKE =
  "Username can't be made of letters that only look like Latin ones (for example Cyrillic 'о' for 'o')";

const FOREIGN_LETTER = /(?![\p{Script=Latin}])\p{L}/u;

/** True when the name has non-Latin letters and yet reads, letter for look-alike letter, as plain Latin. */
export function imitatesLatin(name: string): boolean {
  if (!FOREIGN_LETTER.test(name)) return false;
  const skeleton = unhomoglyph(name);
  return /^[\x20-\x7e]*$/.test(skeleton) && /[a-z]/i.test(skeleton);
}

export function refuseLookalikeUsername(name: string, field = 'username'): void {
  if (imitatesLatin(name)) throw badRequest(USERNAME_LOOKALIKE, { errors: { [field]: USERNAME_LOOKALIKE } });
}
