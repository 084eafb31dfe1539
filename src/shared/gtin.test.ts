import { describe, expect, it } from 'vitest';
import { validGtin } from './gtin';

describe('validGtin', () => {
  it('keeps UPC-A, EAN-13, EAN-8 and GTIN-14 numbers whose check digit is right', () => {
    // Weights 3 and 1 alternate from the rightmost digit before the check digit.
    // 036000291452: 3 x (5+1+2+0+6+0) = 42, plus 4+9+0+0+3 = 16: 58, so the check digit is 10 - 8 = 2.
    expect(validGtin('036000291452')).toBe('036000291452');
    // 4006381333931: 3 x (3+3+3+8+6+0) = 69, plus 9+3+1+3+0+4 = 20: 89 -> 1.
    expect(validGtin('4006381333931')).toBe('4006381333931');
    // 96385074: 3 x (7+5+3+9) = 72, plus 0+8+6 = 14: 86 -> 4.
    expect(validGtin('96385074')).toBe('96385074');
    // 10036000291459: 3 x (5+1+2+0+6+0+1) = 45, plus 4+9+0+0+3+0 = 16: 61 -> 9.
    expect(validGtin('10036000291459')).toBe('10036000291459');
    expect(validGtin('036-000 291452')).toBe('036000291452');
  });

  it('refuses a wrong check digit, other lengths, letters and model numbers', () => {
    expect(validGtin('036000291453')).toBeNull();
    expect(validGtin('03600029145')).toBeNull();
    expect(validGtin('B07XJ8C8F5')).toBeNull();
    expect(validGtin('DCD771C2')).toBeNull();
    expect(validGtin('')).toBeNull();
    expect(validGtin(null)).toBeNull();
  });

  it('refuses in-store, variable-weight and coupon numbers and all zeros', () => {
    // 212345678909 (UPC number system 2, variable weight): 3 x (0+8+6+4+2+2) = 66, plus 9+7+5+3+1 = 25:
    // 91 -> 9, a right check digit, but not a product's GTIN.
    expect(validGtin('212345678909')).toBeNull();
    // 2001234567893 (EAN prefix 20, restricted circulation): 3 x (9+7+5+3+1+0) = 75, plus 8+6+4+2+0+2 = 22:
    // 97 -> 3, right too.
    expect(validGtin('2001234567893')).toBeNull();
    expect(validGtin('000000000000')).toBeNull();
  });
});
