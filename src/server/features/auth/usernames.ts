// Usernames that look like another. The schema already refuses mixed alphabets and hidden characters
// (src/shared/usernames.ts); these need the Unicode confusables table (100 kB), so they run on the server
// only. docs/decisions/0112-usernames.md, 0457-look-alike-usernames.md
import { and, eq, isNull, ne } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import type { DbOrTx } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { badRequest, conflict } from '~/server/lib/http-error';

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

// Latin small capitals read as their letters ('ᴀdmin' is 'admin'), but Unicode's confusables table (as
// shipped by unhomoglyph) maps only some of them; the rest are folded here first.
const SMALL_CAPITALS: Record<string, string> = {
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ꜰ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ꞯ: 'q',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
};
const SMALL_CAPITAL = new RegExp(`[${Object.keys(SMALL_CAPITALS).join('')}]`, 'gu');

/**
 * The name's skeleton (UTS #39): case folded (names are one account in any case), small capitals folded,
 * then each character mapped to its prototype from Unicode's confusables table, twice so that a prototype
 * in upper case ('0' is 'O') meets its lower-case form. 'ɑdmin', 'ᴀdmin', 'ADMIN' and 'admin' share one.
 */
export function usernameSkeleton(name: string): string {
  const folded = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(SMALL_CAPITAL, (c) => SMALL_CAPITALS[c]!);
  return unhomoglyph(unhomoglyph(folded.normalize('NFD')).toLowerCase()).normalize('NFD');
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
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.usernameSkeleton, skeleton), except))
    .limit(1);
  // Rows written before skeletons were kept (or by the demo seed's older versions) have none: they are
  // compared here, read only. A check never writes other people's rows; their skeleton is set the next
  // time their own name is written (registration, profile, users screen).
  const unskeletoned = other
    ? []
    : await db
        .select({ username: users.username })
        .from(users)
        .where(and(isNull(users.usernameSkeleton), except));
  if (other || unskeletoned.some((row) => usernameSkeleton(row.username) === skeleton))
    throw conflict(USERNAME_LOOKS_LIKE_ANOTHER, { errors: { [field]: USERNAME_LOOKS_LIKE_ANOTHER } });
}
