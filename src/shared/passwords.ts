// Rules every NEW password meets beside its length (docs/decisions/0458-passwords-not-repeated-or-the-store.md).
// Shared, so the forms say the same as the server without a request; the list of common passwords is the
// server's (too big for the browser, decision 0113).

export const PASSWORD_REPEATED =
  "Password can't be one character or a short group of characters repeated (like 'aaaaaa' or 'abcabc')";
export const PASSWORD_NAMES_STORE = "Password can't be the store's name";

/** The trade the store is named after: its name in any spelling is the first guess against its accounts. */
export const STORE_WORD = 'liquidation';

/** 'aaaaaa', '121212', 'abcabc': one to three characters said over and over. */
export function repeatsCharacters(password: string): boolean {
  return /^(.{1,3})\1+$/su.test(password);
}

const lettersOf = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');

/**
 * True when the password's letters, digits and signs aside, are the store's trade word or its configured
 * name ('Liquidation1!', 'liquidation depot'), or one word of that name of 4 letters or more ('Depot2024').
 */
export function namesStore(password: string, storeName?: string): boolean {
  const letters = lettersOf(password);
  if (!letters) return false;
  const names = new Set([STORE_WORD]);
  if (storeName) {
    names.add(lettersOf(storeName));
    for (const word of storeName.split(/\s+/)) if (lettersOf(word).length >= 4) names.add(lettersOf(word));
  }
  return names.has(letters);
}
