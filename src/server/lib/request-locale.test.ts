import { describe, expect, it } from 'vitest';
import { apiLocale, pageLocale } from './request-locale';

describe('the language of a request', () => {
  it('is the Accept-Language the client sent for API answers, English when it names neither', () => {
    expect(apiLocale({ headers: { 'accept-language': 'fr-CA' } })).toBe('fr');
    expect(apiLocale({ headers: { 'accept-language': 'en-CA' } })).toBe('en');
    expect(apiLocale({ headers: { 'accept-language': 'de-DE' } })).toBe('en');
    expect(apiLocale({ headers: {} })).toBe('en');
  });

  it('is the address for pages', () => {
    expect(pageLocale({ url: '/fr/products?q=lampe' })).toBe('fr');
    expect(pageLocale({ url: '/products?lang=fr' })).toBe('en');
  });
});
