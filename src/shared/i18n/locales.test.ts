import { describe, expect, it } from 'vitest';
import {
  basenameOf,
  LOCALE_TAGS,
  localeFromAcceptLanguage,
  localeOfPath,
  localizedPath,
  otherLocale,
  unlocalizedPath,
} from './locales';

describe('where each language lives', () => {
  it.each([
    ['/', 'en'],
    ['/products', 'en'],
    ['/fr', 'fr'],
    ['/fr/', 'fr'],
    ['/fr/products/lamp', 'fr'],
    ['/french-press', 'en'],
    ['/frais', 'en'],
  ])('%s is %s', (path, locale) => {
    expect(localeOfPath(path)).toBe(locale);
  });

  it.each([
    ['/', 'fr', '/fr/'],
    ['/products?page=2', 'fr', '/fr/products?page=2'],
    ['/fr/products', 'fr', '/fr/products'],
    ['/fr/products', 'en', '/products'],
    ['/fr', 'en', '/'],
    ['/fr?x=1', 'en', '/?x=1'],
    ['/french-press', 'fr', '/fr/french-press'],
  ] as const)('%s in %s is %s', (path, locale, expected) => {
    expect(localizedPath(path, locale)).toBe(expected);
  });

  it('strips only the French prefix', () => {
    expect(unlocalizedPath('/fr/cart')).toBe('/cart');
    expect(unlocalizedPath('/frais')).toBe('/frais');
  });

  it('tags pages and formats as Canadian English and Canadian French', () => {
    expect(LOCALE_TAGS).toEqual({ en: 'en-CA', fr: 'fr-CA' });
  });

  it('gives the router a basename whose home link is /fr/', () => {
    // With the slash React Router writes a link to '/' as '/fr/', the French home's one address
    // (docs/decisions/0341-french-addresses-and-head.md).
    expect(basenameOf('fr')).toBe('/fr/');
    expect(basenameOf('en')).toBe('/');
  });

  it('names the other language for the switcher', () => {
    expect(otherLocale('fr')).toBe('en');
    expect(otherLocale('en')).toBe('fr');
  });
});

describe('Accept-Language', () => {
  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['en-US,en;q=0.9,fr;q=0.8', 'en'],
    ['de-DE, fr;q=0.5, en;q=0.4', 'fr'],
    ['en;q=0.2, fr-CA;q=0.7', 'fr'],
    ['FR', 'fr'],
    ['de, es', undefined],
    ['fr;q=0, en', 'en'],
    ['', undefined],
    [undefined, undefined],
  ])('%j asks for %j', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
