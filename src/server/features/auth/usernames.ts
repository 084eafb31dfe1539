// Usernames that look like another. The schema already refuses mixed alphabets and hidden characters
// (src/shared/usernames.ts); these need the Unicode confusables table (100 kB), so they run on the server
// only. docs/decisions/0112-usernames.md, 0457-look-alike-usernames.md
import { and, eq, isNull, ne } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import type { DbOrTx } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { badRequest, conflict } from '~/server/lib/http-error';
import { usernameSkeleton } from '~/server/lib/username-skeleton';
import { USERNAME_TAKEN } from './service';

export { usernameSkeleton };

export const USERNAME_LOOKALIKE =
  "Username can't be made of letters that only look like Latin ones (for example Cyrillic 'о' for 'o')";
export const USERNAME_LOOKS_LIKE_ANOTHER =
  'That username looks too much like an existing one (some letters only look alike). Please choose another.';

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

/** 409 on the field when another account's name has this name's skeleton ('ɑdmin' beside 'admin'). */
export async function refuseLookalikeOfAnother(
  db: DbOrTx,
  name: string,
  exceptUserId?: number,
  field = 'username',
): Promise<void> {
  const skeleton = usernameSkeleton(name);
  const except = exceptUserId === undefined ? undefined : ne(users.id, exceptUserId);
  const [other] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.usernameSkeleton, skeleton), except))
    .limit(1);
  // Start-up fills the skeletons of rows written before they were kept (fillUsernameSkeletons); a row an
  // older instance writes during a rolling deploy has none until the next start, so such rows are still
  // compared here, read only (the index on the column finds them; usually there are none).
  const unskeletoned = other
    ? []
    : await db
        .select({ username: users.username })
        .from(users)
        .where(and(isNull(users.usernameSkeleton), except));
  const alike = other ?? unskeletoned.find((row) => usernameSkeleton(row.username) === skeleton);
  if (!alike) return;
  // The name itself, taken since the caller checked it (two registrations of one name at once): it is
  // taken, which says more than that it looks like another.
  if (alike.username.toLowerCase() === name.toLowerCase())
    throw conflict(USERNAME_TAKEN, { errors: { [field]: USERNAME_TAKEN } });
  throw conflict(USERNAME_LOOKS_LIKE_ANOTHER, { errors: { [field]: USERNAME_LOOKS_LIKE_ANOTHER } });
}
