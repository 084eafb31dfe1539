import { describe, expect, it } from 'vitest';
import { addVary, apiLocale, pageLocale } from './request-locale';

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

function fakeReply(vary?: string) {
  const headers: Record<string, unknown> = vary === undefined ? {} : { vary };
  return {
    headers,
    getHeader: (name: string) => headers[name],
    header(name: string, value: unknown) {
      headers[name] = value;
      return this;
    },
  };
}

describe('Vary', () => {
  it('adds names without repeating or dropping the others', () => {
    const reply = fakeReply('accept-encoding');
    addVary(reply, 'Accept-Language');
    addVary(reply, 'accept-language', 'accept-encoding');
    expect(reply.headers.vary).toBe('accept-encoding, Accept-Language');
    const empty = fakeReply();
    addVary(empty, 'accept-language');
    expect(empty.headers.vary).toBe('accept-language');
    const star = fakeReply('*');
    addVary(star, 'accept-language');
    expect(star.headers.vary).toBe('*');
  });
});
