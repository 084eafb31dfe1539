// How usernames are compared and which ones are refused (docs/decisions/0112-usernames.md). Shared, so the
// Register form says the same as the server without a request.

/** The stored form: compatibility characters folded (full-width 'ａｄｍｉｎ' is 'admin'), ends trimmed. */
export function normalizeUsername(name: string): string {
  return name.normalize('NFKC').trim();
}

/** Two names with the same key are the same account: normalised and case-insensitive. */
export function usernameKey(name: string): string {
  return normalizeUsername(name).toLowerCase();
}

export const USERNAME_MIXED_SCRIPTS =
  'Username must use letters from one alphabet (for example, not Latin and Cyrillic letters together)';
export const USERNAME_BAD_CHARACTERS = 'Username contains characters that are not allowed';

// Control, invisible formatting (zero-width joiners, direction overrides), private-use and surrogate
// characters, and line or paragraph separators: nobody can see or type them reliably.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;

export function hasHiddenCharacters(name: string): boolean {
  return HIDDEN.test(name);
}

// The scripts a username's letters are told apart by; letters of any other script count as one 'Other'.
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Hangul',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
].map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, 'u') }));
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

// Writing systems that are mixed in everyday names (UTS #39 'highly restrictive'): Japanese, Chinese
// and Korean with Latin.
const MIXES = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptOf(char: string): string | null {
  if (NEUTRAL.test(char)) return null;
  return SCRIPTS.find((s) => s.pattern.test(char))?.name ?? 'Other';
}

/** True when the name's letters come from scripts that are not written together ('аdmin': Cyrillic а). */
export function mixesScripts(name: string): boolean {
  const scripts = new Set<string>();
  for (const char of name) {
    const script = scriptOf(char);
    if (script) scripts.add(script);
  }
  if (scripts.size <= 1) return false;
  return !MIXES.some((mix) => [...scripts].every((s) => mix.has(s)));
}
