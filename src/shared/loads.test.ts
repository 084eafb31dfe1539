import { describe, expect, it } from 'vitest';
import { spreadCents, suggestedPriceCents, supplierKey } from './loads';

describe('suggestedPriceCents', () => {
  it('is the highest .99 price not above the percentage of retail', () => {
    expect(suggestedPriceCents(4999, 40)).toBe(1999); // 19.996 -> 19.99
    expect(suggestedPriceCents(5250, 40)).toBe(2099); // 21.00 -> 20.99
    expect(suggestedPriceCents(5000, 100)).toBe(4999); // 50.00 -> 49.99
    expect(suggestedPriceCents(250, 40)).toBe(99); // 1.00 -> 0.99
    expect(suggestedPriceCents(100, 40)).toBe(99); // 0.40 -> never under 0.99
  });
});

describe('spreadCents', () => {
  it('gives whole cents adding up to the total, leftovers to the largest remainders', () => {
    // 100 over 1:1:1 = 33.33 each; one cent left goes to the first of the tied parts.
    expect(spreadCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 1000 over 2:3:5 -> exactly 200, 300, 500.
    expect(spreadCents(1000, [2, 3, 5])).toEqual([200, 300, 500]);
    // 10 over 1:2 = 3.33, 6.67 -> floors 3, 6; the cent left to the larger remainder (the second).
    expect(spreadCents(10, [1, 2])).toEqual([3, 7]);
    // No weight at all: equal shares.
    expect(spreadCents(5, [0, 0])).toEqual([3, 2]);
    expect(spreadCents(5, [])).toEqual([]);
  });
});

describe('supplierKey', () => {
  it('ignores case and extra spaces', () => {
    expect(supplierKey('  Acme   Liquidators ')).toBe('acme liquidators');
  });
});
