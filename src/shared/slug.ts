// Slugs: the URL part of content pages, categories and products. One module for the browser (editors
// that generate and normalise slugs) and the server (which refuses anything else).

/** A slug as stored: lowercase a-z and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}

/** Drops accents (é -> e) so a French or Spanish word still gives a readable slug. */
function stripDiacritics(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * The page editor's save rule (spec/account-and-admin.md section 5): lowercase, only a-z, 0-9 and
 * hyphen, repeated hyphens collapsed, leading and trailing hyphens trimmed. Any other character
 * becomes a hyphen, so 'About us' gives 'about-us' rather than 'aboutus'.
 */
export function normalizeSlug(value: string): string {
  return stripDiacritics(value)
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The page editor's title -> slug rule (section 4): lowercase, drop characters other than letters,
 * digits, whitespace and hyphen, whitespace runs become single hyphens. Accents are dropped first and
 * the title trimmed, so the generated slug is already in normal form for ordinary titles.
 */
export function slugFromTitle(title: string): string {
  return stripDiacritics(title)
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-');
}

/**
 * The product form's name -> slug rule (section 4): lowercase, punctuation removed, spaces and
 * underscores to hyphens; the result is normalised so it is always a valid slug.
 */
export function slugify(name: string): string {
  return normalizeSlug(
    stripDiacritics(name)
      .toLowerCase()
      .replace(/[_\s]+/g, '-')
      .replace(/[^a-z0-9-]/g, ''),
  );
}
