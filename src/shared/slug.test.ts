import { describe, expect, it } from 'vitest';
import { isIdLike, isValidSlug, normalizeSlug, productSlug, slugFromTitle, slugify } from './slug';

describe('normalizeSlug (page save rule)', () => {
  it.each([
    ['about-us', 'about-us'],
    ['About-Us', 'about-us'],
    ['about us', 'about-us'],
    ['about--us', 'about-us'],
    ['--about-us--', 'about-us'],
    ['a__b', 'a-b'],
    ['hello world!', 'hello-world'],
    ['privacy/policy', 'privacy-policy'],
    ['Café 2024', 'cafe-2024'],
    ['---', ''],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeSlug(input)).toBe(expected);
  });

  it('leaves a valid slug unchanged (so the editor saves without the Slug Formatted step)', () => {
    for (const slug of ['shipping', 'returns', 'a1-b2-c3', '2024-sale'])
      expect(normalizeSlug(slug)).toBe(slug);
  });

  it('always gives a valid slug or an empty string', () => {
    for (const input of ['x', ' A b ', '@@@x@@@', 'ÀÉÎ-õü', 'tab\tnew\nline']) {
      const out = normalizeSlug(input);
      expect(out === '' || isValidSlug(out)).toBe(true);
    }
  });
});

describe('slugFromTitle (page editor, title typed)', () => {
  it.each([
    ['Shipping Information', 'shipping-information'],
    ['Returns & Refunds', 'returns-refunds'],
    ['  Terms   of   Service ', 'terms-of-service'],
    ["What's New?", 'whats-new'],
    ['Year-End Sale 2024', 'year-end-sale-2024'],
    ['Crème brûlée', 'creme-brulee'],
    ['', ''],
  ])('%j -> %j', (title, expected) => {
    expect(slugFromTitle(title)).toBe(expected);
  });

  it('keeps hyphens the title already has (the save step collapses repeats)', () => {
    expect(slugFromTitle('A - B')).toBe('a---b');
    expect(normalizeSlug(slugFromTitle('A - B'))).toBe('a-b');
  });
});

describe('slugify (product names)', () => {
  it.each([
    ['Wireless Earbuds Pro', 'wireless-earbuds-pro'],
    ["Men's Rain_Jacket (XL)", 'mens-rain-jacket-xl'],
    ['4K  Monitor, 27"', '4k-monitor-27'],
    ['Über Grill', 'uber-grill'],
    ['__x__', 'x'],
  ])('%j -> %j', (name, expected) => {
    expect(slugify(name)).toBe(expected);
  });
});

describe('productSlug (product names, spec section 4)', () => {
  it.each([
    ['Sony 55" 4K TV', 'sony-55-4k-tv'],
    ['Café Table, Oak_Wood!', 'cafe-table-oak-wood'],
    ['  Two   spaces  ', 'two-spaces'],
    ['already-a-slug', 'already-a-slug'],
    ['A -- B', 'a-b'],
    ['!!!', ''],
    // Digits only would be read as a product id (/products/1984): a letter is added.
    ['1984', 'product-1984'],
    ['1,984!', 'product-1984'],
    ['  2024 ', 'product-2024'],
    ['2024-25', '2024-25'],
    ['1984 Novel', '1984-novel'],
  ])('%j -> %j', (name, slug) => {
    expect(productSlug(name)).toBe(slug);
    expect(isIdLike(productSlug(name))).toBe(false);
  });
});

describe('isIdLike', () => {
  it('is true for digits only', () => {
    for (const slug of ['1', '1984', '007']) expect(isIdLike(slug)).toBe(true);
    for (const slug of ['', 'a1', '1-2', 'product-1984']) expect(isIdLike(slug)).toBe(false);
  });
});

describe('isValidSlug', () => {
  it('accepts normal slugs and refuses anything else', () => {
    expect(isValidSlug('shipping')).toBe(true);
    expect(isValidSlug('a-1')).toBe(true);
    for (const bad of ['', 'A', 'a--b', '-a', 'a-', 'a b', 'a_b', 'é', 'a/b'])
      expect(isValidSlug(bad)).toBe(false);
  });
});
