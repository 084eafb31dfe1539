// The UTS #39 skeleton of a username (docs/decisions/0457-look-alike-usernames.md): two names with one
// skeleton look alike. Here rather than in the auth feature because the demo seed and start-up write it too.
import { isNull, eq } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import type { DbOrTx } from '~/server/db/client';
import { users } from '~/server/db/schema';

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

/**
 * Sets the skeleton of every user written before skeletons were kept (migration 0028); run at start-up
 * under the start-up lock, so the look-alike check is one indexed query. Returns how many it filled.
 */
export async function fillUsernameSkeletons(db: DbOrTx): Promise<number> {
  const missing = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isNull(users.usernameSkeleton));
  for (const row of missing)
    await db
      .update(users)
      .set({ usernameSkeleton: usernameSkeleton(row.username) })
      .where(eq(users.id, row.id));
  return missing.length;
}
