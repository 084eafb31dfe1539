import { describe, expect, it } from 'vitest';
import { centsToString, formatCents, formatMoney, toCents } from './money';

describe('toCents: decimal strings', () => {
  it.each([
    ['12.34', 1234], // 12 * 100 + 34
    ['12.3', 1230], // 12 * 100 + 30 (one decimal means tens of cents)
    ['12', 1200], // whole dollars
    ['.5', 50], // no whole part: 0.50
    ['12.', 1200], // trailing point, no fraction
    ['0', 0],
    ['0.00', 0],
    ['0.01', 1],
    ['1234567.89', 123456789], // 1234567 * 100 + 89
    [' 7 ', 700], // surrounding blanks are ignored
    ['+5', 500], // explicit plus sign
  ])('%j -> %i', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each([
    ['12.345', 1235], // 1234 + third decimal 5 -> rounds up to 1235
    ['12.344', 1234], // third decimal 4 -> stays 1234
    ['12.3449', 1234], // only the third decimal decides: 4 -> down (12.3449 is below 12.345)
    ['12.3450', 1235], // trailing zero after the 5 changes nothing
    ['12.995', 1300], // 1299 + 1 carries into the dollars: 13.00
    ['0.005', 1], // half a cent -> 1 cent
    ['0.004', 0], // under half a cent -> 0
    ['99.999', 10000], // 9999 + 1 = 100.00
  ])('rounds half up at the third decimal: %j -> %i', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each([
    ['-12.34', -1234],
    ['-0.05', -5],
    ['-12.345', -1235], // the magnitude is rounded half up, then the sign applied (symmetric)
    ['-12.344', -1234],
  ])('negative %j -> %i', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it('never returns minus zero', () => {
    // -0.001 rounds to 0 cents; -0 would print as "-0" in some places and fails Object.is(…, 0).
    expect(Object.is(toCents('-0.001'), 0)).toBe(true);
    expect(Object.is(toCents('-0'), 0)).toBe(true);
    expect(Object.is(toCents('-0.00'), 0)).toBe(true);
  });

  it('does not go through floating point for long strings', () => {
    // 90071992547409.91 as a float is 90071992547409.906…; as a decimal it is exactly 9007199254740991
    // cents, the largest safe integer.
    expect(toCents('90071992547409.91')).toBe(9_007_199_254_740_991);
    // One cent more is no longer a safe integer: refused rather than silently wrong.
    expect(toCents('90071992547409.92')).toBeNull();
    expect(toCents('99999999999999999999')).toBeNull();
  });

  it.each([
    'abc',
    '',
    '   ',
    '.',
    '-',
    '+',
    '1.2.3',
    '12,34',
    '1,234.50',
    '$12',
    '12 34',
    '12.3a',
    '1e3',
    '0x10',
    '--5',
    'NaN',
    'Infinity',
  ])('garbage %j -> null', (text) => {
    expect(toCents(text)).toBeNull();
  });

  it('null and undefined -> null', () => {
    expect(toCents(null)).toBeNull();
    expect(toCents(undefined)).toBeNull();
  });
});

describe('toCents: numbers', () => {
  it.each([
    [19.99, 1999], // the float is 19.98999999999999843…, the intended decimal is 19.99
    [0.1 + 0.2, 30], // 0.30000000000000004 -> 30 cents
    [1.005, 101], // the float is 1.00499999999999989…; read as the decimal 1.005, half up -> 1.01
    [2.675, 268], // float 2.67499999999999982…; decimal 2.675 -> 2.68
    [12, 1200],
    [12.3, 1230],
    [0, 0],
    [-19.99, -1999],
    [-1.005, -101],
    [1e-7, 0], // a tiny float is 0 cents, not an exponent string that fails to parse
  ])('%d -> %i', (value, cents) => {
    expect(toCents(value)).toBe(cents);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('%d -> null', (value) => {
    expect(toCents(value)).toBeNull();
  });

  it('refuses a number too large to be counted in cents exactly', () => {
    expect(toCents(1e21)).toBeNull(); // 1e23 cents is far beyond 2^53
    expect(toCents(Number.MAX_SAFE_INTEGER)).toBeNull(); // times 100 is not safe
  });
});

describe('centsToString', () => {
  it.each([
    [1234, '12.34'],
    [5, '0.05'],
    [50, '0.50'],
    [0, '0.00'],
    [100, '1.00'],
    [123456789, '1234567.89'], // no thousands separators in the API string
    [-5, '-0.05'],
    [-1234, '-12.34'],
  ])('%i -> %j', (cents, text) => {
    expect(centsToString(cents)).toBe(text);
  });

  it('rounds a non-integer to the nearest cent', () => {
    expect(centsToString(1999.6)).toBe('20.00'); // 1999.6 -> 2000
    expect(centsToString(1999.4)).toBe('19.99'); // 1999.4 -> 1999
  });

  it('does not print "-0.00" for a negative fraction of a cent', () => {
    // -0.4 rounds to 0: no sign.
    expect(centsToString(-0.4)).toBe('0.00');
    expect(centsToString(-0)).toBe('0.00');
  });

  it('is read back by toCents to the same cents', () => {
    expect(toCents(centsToString(1234))).toBe(1234);
    expect(toCents(centsToString(-5))).toBe(-5);
    expect(toCents(centsToString(123456789))).toBe(123456789);
  });
});

describe('formatCents', () => {
  it.each([
    [1234, '$12.34'],
    [0, '$0.00'],
    [7, '$0.07'],
    [100000, '$1,000.00'],
    [123456789, '$1,234,567.89'],
    [-1234, '-$12.34'],
    [-123456789, '-$1,234,567.89'],
    [-0.4, '$0.00'], // rounds to 0: no sign
  ])('%d -> %j', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('formatCents in Canadian French', () => {
  // Comma decimals, no-break spaces between thousands and before the dollar sign.
  const nb = '\u00a0';
  it.each([
    [1234, `12,34${nb}$`],
    [0, `0,00${nb}$`],
    [7, `0,07${nb}$`],
    [100000, `1${nb}000,00${nb}$`],
    [123456789, `1${nb}234${nb}567,89${nb}$`],
    [-1234, `-12,34${nb}$`],
  ])('%d -> %j', (cents, text) => {
    expect(formatCents(cents, 'fr')).toBe(text);
  });

  it('reads a decimal string the same way', () => {
    expect(formatMoney('1234.5', 'fr')).toBe(`1${nb}234,50${nb}$`);
  });
});

describe('formatMoney', () => {
  it.each([
    ['1234.5', '$1,234.50'], // 123450 cents, thousands separator, always 2 decimals
    ['12.34', '$12.34'],
    ['12', '$12.00'],
    ['0.5', '$0.50'],
    ['19.999', '$20.00'], // 1999 + half up = 2000
    ['1000000', '$1,000,000.00'],
    [12, '$12.00'],
    [19.99, '$19.99'],
    [0.1 + 0.2, '$0.30'],
    [-5.5, '-$5.50'],
  ])('%j -> %j', (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });

  it.each([null, undefined, '', 'abc', '1.2.3', Number.NaN, Number.POSITIVE_INFINITY])(
    'missing or unparseable %j shows $0.00',
    (value) => {
      expect(formatMoney(value)).toBe('$0.00');
    },
  );
});
