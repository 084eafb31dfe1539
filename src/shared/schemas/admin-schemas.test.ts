import { describe, expect, it } from 'vitest';
import { SLUG_ONLY_DIGITS_MESSAGE } from '~/shared/slug';
import { lotImageName, MAX_IMAGES_PER_LOT, parseMoneyInput, ProductInputSchema } from './admin-products';
import { milliToRate, parseTaxRateInput } from './store-settings-admin';
import { clampPercent } from './admin-discounts';

describe('ProductInputSchema slug and images', () => {
  const product = (overrides: Record<string, unknown>) =>
    ProductInputSchema.safeParse({ name: '1984', price: '9.99', ...overrides });
  const issues = (result: ReturnType<typeof product>) =>
    result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);

  it('generates a slug with a letter from a name of digits only, so it is never read as an id', () => {
    const generated = product({ slug: '' });
    expect(generated.success && generated.data.slug).toBe('product-1984');
    const typed = product({ slug: 'Nineteen 84' });
    expect(typed.success && typed.data.slug).toBe('nineteen-84');
  });

  it.each(['1984', ' 1984 ', '1984!', '007'])('refuses the typed slug %j of digits only', (slug) => {
    expect(issues(product({ slug }))).toEqual([['slug', SLUG_ONLY_DIGITS_MESSAGE]]);
  });

  it('keeps up to 10 images (the most a product carries) and refuses more with Too many images', () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/products/p${i}-640.webp`);
    const ten = product({ images: urls(MAX_IMAGES_PER_LOT) });
    expect(ten.success && ten.data.images).toEqual(urls(10));
    expect(issues(product({ images: urls(MAX_IMAGES_PER_LOT + 1) }))).toEqual([
      ['images', 'Too many images'],
    ]);
  });
});

describe('parseMoneyInput', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    [12.5, 1250],
    ['$1,299.00', 129_900],
    ['0', 0],
    ['.99', 99],
    ['1.230', 123],
  ])('%j is %i cents', (input, cents) => expect(parseMoneyInput(input)).toEqual({ ok: true, cents }));
  it.each([
    ['abc', 'invalid'],
    ['', 'invalid'],
    ['1,2', 'invalid'],
    ['-4', 'negative'],
    ['1.999', 'decimals'],
    ['100000000', 'large'],
    [Number.NaN, 'invalid'],
  ])('%j is refused (%s)', (input, reason) => expect(parseMoneyInput(input)).toEqual({ ok: false, reason }));
});

describe('clampPercent', () => {
  it.each([
    [150, 100],
    [-5, 0],
    ['12.6', 13],
    ['abc', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
    [Number.POSITIVE_INFINITY, 0],
    [33, 33],
  ])('%j -> %i', (input, out) => expect(clampPercent(input)).toBe(out));
});

describe('lotImageName', () => {
  it.each([
    ['LOT-123_1.jpg', { lotNumber: 'LOT-123', position: 1 }],
    ['LOT_A_10.png', { lotNumber: 'LOT_A', position: 10 }],
    ['photos/LOT-9_2.webp', { lotNumber: 'LOT-9', position: 2 }],
    ['LOT-7.png', { lotNumber: 'LOT-7', position: 1 }],
    ['LOT-7_11.png', null],
    ['LOT-7_0.png', null],
  ])('%j -> %j', (name, parsed) => expect(lotImageName(name)).toEqual(parsed));
});

describe('tax rates', () => {
  it('reads up to 3 decimals between 0 and 20, and adds exactly', () => {
    expect(parseTaxRateInput('9.975')).toEqual({ ok: true, milli: 9975 });
    expect(parseTaxRateInput(5)).toEqual({ ok: true, milli: 5000 });
    expect(parseTaxRateInput('20.001')).toEqual({ ok: false, reason: 'range' });
    expect(parseTaxRateInput('-1')).toEqual({ ok: false, reason: 'range' });
    expect(parseTaxRateInput('9.9755')).toEqual({ ok: false, reason: 'decimals' });
    expect(parseTaxRateInput('five')).toEqual({ ok: false, reason: 'invalid' });
    expect(milliToRate(5000 + 9975)).toBe('14.975');
    expect(milliToRate(13000)).toBe('13');
  });
});
