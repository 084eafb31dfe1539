// Catalogue texts in two languages (docs/decisions/0350-french-catalogue-fields.md). Staff type the
// English (required) and may type the French; a French page shows the French text, or the English
// when the French is empty, and says which language each text is in so the page can mark an English
// text `lang={LOCALE_TAGS.en}` and structured data can name its language.
import type { Locale } from './locales';

/** A text in the page's language when staff gave one, else the English; and which of the two it is. */
export function pickText(english: string, french: string | null | undefined, locale: Locale) {
  if (locale === 'fr' && french && french.trim() !== '') return { text: french, language: 'fr' as const };
  return { text: english, language: 'en' as const };
}

/**
 * Accent folding for search: the same letters in SQL (`translate`, in the generated search column
 * and the typo vocabulary's trigger) and here (the shopper's query), so 'televiseur' meets
 * 'Téléviseur' and 'cafe' meets 'café'. Œ and Æ become two letters (ligatures), done apart.
 */
export const FOLD_FROM = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸŒÆ';
export const FOLD_TO = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyYœæ';

const FOLD_MAP = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

/** Lower case without French accents: 'Équipement' -> 'equipement', 'Œuvre' -> 'oeuvre'. */
export function foldAccents(text: string): string {
  return [...text]
    .map((c) => FOLD_MAP.get(c) ?? c)
    .join('')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .toLowerCase();
}
