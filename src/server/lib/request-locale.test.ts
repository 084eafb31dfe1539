import { describe, expect, it } from 'vitest';
import { addVary, apiLocale, pageLocale } from './request-locale';

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

describe('request-locale', () => {
  it('reads the API language from Accept-Language and the page language from the address', () => {
    expect(apiLocale({ headers: { 'accept-language': 'fr-CA' } })).toBe('fr');
    expect(apiLocale({ headers: { 'accept-language': 'de, en;q=0.2' } })).toBe('en');
    expect(apiLocale({ headers: {} })).toBe('en');
    expect(pageLocale({ url: '/fr/products?x=1' })).toBe('fr');
    expect(pageLocale({ url: '/french?x=/fr/' })).toBe('en');
  });

  it('adds to Vary without repeating or dropping names', () => {
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
