import { describe, expect, it } from 'vitest';
import {
  basenameOf,
  localeFromAcceptLanguage,
  localeOfPath,
  localizedPath,
  otherLocale,
  unlocalizedPath,
} from './locales';

describe('page addresses per language', () => {
  it('puts French under /fr, home at /fr/, and English at the root', () => {
    expect(localizedPath('/', 'fr')).toBe('/fr/');
    expect(localizedPath('/products?page=2', 'fr')).toBe('/fr/products?page=2');
    expect(localizedPath('/fr/products', 'en')).toBe('/products');
    expect(localizedPath('/fr/', 'en')).toBe('/');
    expect(localizedPath('/fr', 'en')).toBe('/');
    expect(localizedPath('/fr?x=1', 'en')).toBe('/?x=1');
    expect(localizedPath('/fr/faq', 'fr')).toBe('/fr/faq');
    expect(unlocalizedPath('/french-press')).toBe('/french-press');
  });

  it('reads the language of a path', () => {
    expect(localeOfPath('/fr')).toBe('fr');
    expect(localeOfPath('/fr/products/x')).toBe('fr');
    expect(localeOfPath('/french-press')).toBe('en');
    expect(localeOfPath('/')).toBe('en');
  });

  it('gives the router a basename whose home link is /fr/', () => {
    expect(basenameOf('fr')).toBe('/fr/');
    expect(basenameOf('en')).toBe('/');
    expect(otherLocale('fr')).toBe('en');
    expect(otherLocale('en')).toBe('fr');
  });

  it('reads Accept-Language in order of preference', () => {
    expect(localeFromAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('de-DE,en;q=0.5,fr;q=0.7')).toBe('fr');
    expect(localeFromAcceptLanguage('de')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
  });
});
