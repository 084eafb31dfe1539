import { describe, expect, it } from 'vitest';
import { cashRoundingOf, roundCash } from './cash-rounding';

describe('cash rounding to the nearest 5 cents', () => {
  it('rounds .01 and .02 down, .03 and .04 up, .06 and .07 down, .08 and .09 up', () => {
    expect(roundCash(1000)).toBe(1000);
    expect(roundCash(1001)).toBe(1000);
    expect(roundCash(1002)).toBe(1000);
    expect(roundCash(1003)).toBe(1005);
    expect(roundCash(1004)).toBe(1005);
    expect(roundCash(1005)).toBe(1005);
    expect(roundCash(1006)).toBe(1005);
    expect(roundCash(1007)).toBe(1005);
    expect(roundCash(1008)).toBe(1010);
    expect(roundCash(1009)).toBe(1010);
  });

  it('rounds a cash refund the same way, away from nothing', () => {
    expect(roundCash(-1003)).toBe(-1005);
    expect(roundCash(-1002)).toBe(-1000);
    expect(roundCash(-2)).toBe(0);
  });

  it('says what rounding added or took', () => {
    expect(cashRoundingOf(1002)).toBe(-2);
    expect(cashRoundingOf(1003)).toBe(2);
    expect(cashRoundingOf(1008)).toBe(2);
    expect(cashRoundingOf(1010)).toBe(0);
  });
});
