// Slugs: the URL part of content pages, categories and products. One module for the browser (editors
// that generate and normalise slugs) and the server (which refuses anything else).

/** A slug as stored: lowercase a-z and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}

/**
 * A path segment of digits only is read as an id (/api/products/{id}, /products/{id}), so a product
 * slug like that could never be opened: product slugs always hold a letter (decision 0097).
 */
export function isIdLike(slug: string): boolean {
  return /^\d+$/.test(slug);
}

export const SLUG_ONLY_DIGITS_MESSAGE =
  'Slug must contain at least one letter: a number alone is read as a product id.';

/** Drops accents (é -> e) so a French or Spanish word still gives a readable slug. */
function stripDiacritics(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * The page editor's save rule: lowercase, only a-z, 0-9 and
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
 * underscores to hyphens; the result is normalised so it is always a valid slug (or empty).
 */
export function slugify(name: string): string {
  return normalizeSlug(
    stripDiacritics(name)
      .toLowerCase()
      .replace(/[_\s]+/g, '-')
      .replace(/[^a-z0-9-]/g, ''),
  );
}

/**
 * A product's slug generated from its name (the form, POST/PUT without a slug, the CSV import):
 * `slugify`, and a result of digits only ('1984') becomes 'product-1984' so it is never read as an id.
 */
export function productSlug(name: string): string {
  const slug = slugify(name);
  return isIdLike(slug) ? `product-${slug}` : slug;
}
