import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHIPPING,
  daysUntil,
  effectiveDiscount,
  type LineInput,
  orderTotals,
  priceProduct,
  rateToMilli,
  refundTotals,
  shippingCents,
  splitTax,
  storeDate,
  storeWeekday,
  type TaxRateRow,
  taxCents,
  taxComponentsFor,
  taxRateFor,
  codeDiscount,
  type DiscountSource,
  discountSource,
  allocateCents,
  codeShareOfUnits,
} from './pricing';

const discounted = { applyDailyDiscount: true };
const notDiscounted = { applyDailyDiscount: false };

describe('effectiveDiscount', () => {
  it('takes the larger of the weekday and the category percentage', () => {
    expect(effectiveDiscount(discounted, 10, 25)).toBe(25); // category larger
    expect(effectiveDiscount(discounted, 30, 20)).toBe(30); // weekday larger
    expect(effectiveDiscount(discounted, 15, 15)).toBe(15); // equal
    expect(effectiveDiscount(discounted, 0, 12)).toBe(12); // no weekday discount, category only
  });

  it('uses the weekday percentage when no category percentage is given', () => {
    expect(effectiveDiscount(discounted, 15)).toBe(15);
  });

  it('is 0 for a product that does not take the daily discount, whatever the percentages', () => {
    expect(effectiveDiscount(notDiscounted, 30, 40)).toBe(0);
    expect(effectiveDiscount(notDiscounted, 30)).toBe(0);
  });

  it('is 0 when both percentages are 0', () => {
    expect(effectiveDiscount(discounted, 0, 0)).toBe(0);
    expect(effectiveDiscount(discounted, 0)).toBe(0);
  });

  it('never goes below 0 nor above 100', () => {
    expect(effectiveDiscount(discounted, -5, -10)).toBe(0);
    expect(effectiveDiscount(discounted, 150, 0)).toBe(100);
    expect(effectiveDiscount(discounted, Number.NaN, 0)).toBe(0);
  });
});

describe('priceProduct with a daily discount (docs/decisions/0130-daily-discount-lowers-the-selling-price.md)', () => {
  it.each([
    // [price, percent, unit cents charged, badge percent]
    ['9.99', 15, 849, 15], // 999 x 0.85 = 849.15 cents -> 849; saving 150 / 999 = 15.02% -> 15
    ['19.99', 25, 1499, 25], // 1999 x 0.75 = 1499.25 -> 1499; 500 / 1999 = 25.01% -> 25
    ['0.10', 15, 9, 10], // 10 x 0.85 = 8.5 -> 9, half up; 1 / 10 = 10%
    ['0.30', 15, 26, 13], // 30 x 0.85 = 25.5 -> 26, half up; 4 / 30 = 13.3% -> 13
    ['1.11', 15, 94, 15], // 111 x 0.85 = 94.35 -> 94; 17 / 111 = 15.3% -> 15
    ['1.03', 15, 88, 14], // 103 x 0.85 = 87.55 -> 88; 15 / 103 = 14.56% -> 14, never above the saving
    ['100', 30, 7000, 30], // 10000 x 0.70 = 7000 exactly
    ['25.00', 100, 0, 100], // 100% off
  ])('price %j at %i%%: %i charged, the price struck through, badge %i%%', (price, percent, unit, badge) => {
    const original = Math.round(Number(price) * 100);
    expect(priceProduct({ price }, percent)).toEqual({
      unitCents: unit,
      regularCents: original,
      originalCents: original,
      discountPercent: percent,
      savingPercent: badge,
    });
  });

  it('the badge of a price without a compare-at price is the saving, rounded down to a whole percent', () => {
    // 0.10 at 15%: 9 charged, saving 1 of 10 = 10%, not 15%: the badge says what the shopper gets.
    expect(priceProduct({ price: '0.10' }, 15).savingPercent).toBe(10);
    // 9.97 at 25%: 997 x 0.75 = 747.75 -> 748; saving 249 / 997 = 24.97% -> 24 (25% would overstate it)
    expect(priceProduct({ price: '9.97' }, 25).savingPercent).toBe(24);
    // compare-at 64.00, 18.00 charged: saving 46 / 64 = 71.875% -> 71, never 72 under an 'up to 70%' claim
    expect(priceProduct({ price: '20.00', compareAtPrice: '64.00' }, 10).savingPercent).toBe(71);
  });

  it('accepts a number price', () => {
    // 19.99 -> 1999 cents; x 0.75 = 1499.25 -> 1499
    expect(priceProduct({ price: 19.99 }, 25)).toMatchObject({ unitCents: 1499, originalCents: 1999 });
  });

  it('discounts the selling price and strikes the compare-at price through, the badge stating the whole saving', () => {
    // 89.99 at 10%: 8999 x 0.90 = 8099.1 -> 8099; struck 199.99; saving 19999 - 8099 = 11900,
    // 11900 / 19999 = 59.503% -> 59 (rounded down: the badge never says more than the saving)
    expect(priceProduct({ price: '89.99', compareAtPrice: '199.99' }, 10)).toEqual({
      unitCents: 8099,
      regularCents: 8999,
      originalCents: 19999,
      discountPercent: 10,
      savingPercent: 59,
    });
    // 40.00 at 20%: 4000 x 0.80 = 3200; struck 50.00; saving 1800 / 5000 = 36%
    expect(priceProduct({ price: '40.00', compareAtPrice: '50.00' }, 20)).toEqual({
      unitCents: 3200,
      regularCents: 4000,
      originalCents: 5000,
      discountPercent: 20,
      savingPercent: 36,
    });
  });

  it('ignores a compareAtPrice at or below the price: the price itself is struck through', () => {
    // 50.00 at 10%: 4500; the 40.00 compare-at price would claim nothing true.
    expect(priceProduct({ price: '50.00', compareAtPrice: '40.00' }, 10)).toEqual({
      unitCents: 4500,
      regularCents: 5000,
      originalCents: 5000,
      discountPercent: 10,
      savingPercent: 10,
    });
  });

  it('discounts from the price when compareAtPrice is null, missing, unparseable or 0', () => {
    // 2000 x 0.90 = 1800
    const expected = {
      unitCents: 1800,
      regularCents: 2000,
      originalCents: 2000,
      discountPercent: 10,
      savingPercent: 10,
    };
    expect(priceProduct({ price: '20', compareAtPrice: null }, 10)).toEqual(expected);
    expect(priceProduct({ price: '20' }, 10)).toEqual(expected);
    expect(priceProduct({ price: '20', compareAtPrice: '' }, 10)).toEqual(expected);
    expect(priceProduct({ price: '20', compareAtPrice: '0.00' }, 10)).toEqual(expected);
  });

  it('counts a discount that takes no cent off as none: no badge, nothing lowered', () => {
    // 0.04 at 10%: 4 x 0.90 = 3.6 -> 4, the same price
    expect(priceProduct({ price: '0.04', compareAtPrice: '0.10' }, 10)).toEqual({
      unitCents: 4,
      regularCents: 4,
      originalCents: 10,
      discountPercent: 0,
      savingPercent: 0,
    });
  });
});

describe('priceProduct without a daily discount', () => {
  it('strikes a compareAtPrice through beside the price when it is above the price', () => {
    expect(priceProduct({ price: '40.00', compareAtPrice: '50.00' }, 0)).toEqual({
      unitCents: 4000,
      regularCents: 4000,
      originalCents: 5000,
      discountPercent: 0,
      savingPercent: 0,
    });
    expect(priceProduct({ price: 40, compareAtPrice: 40.01 }, 0).originalCents).toBe(4001);
  });

  it('strikes nothing through when compareAtPrice is equal to, below, or absent', () => {
    expect(priceProduct({ price: '40.00', compareAtPrice: '40.00' }, 0)).toEqual({
      unitCents: 4000,
      regularCents: 4000,
      originalCents: null,
      discountPercent: 0,
      savingPercent: 0,
    });
    expect(priceProduct({ price: '40.00', compareAtPrice: '35.00' }, 0).originalCents).toBeNull();
    expect(priceProduct({ price: '40.00', compareAtPrice: null }, 0).originalCents).toBeNull();
    expect(priceProduct({ price: '40.00' }, 0).originalCents).toBeNull();
    expect(priceProduct({ price: '40.00', compareAtPrice: '0' }, 0).originalCents).toBeNull();
  });

  it('charges the price as it is (no rounding away of cents)', () => {
    expect(priceProduct({ price: '12.345' }, 0).unitCents).toBe(1235); // half up at the third decimal
    expect(priceProduct({ price: '0.01' }, 0).unitCents).toBe(1);
  });

  it('treats a negative percentage as no discount', () => {
    expect(priceProduct({ price: '10.00', compareAtPrice: '12.00' }, -5)).toEqual({
      unitCents: 1000,
      regularCents: 1000,
      originalCents: 1200,
      discountPercent: 0,
      savingPercent: 0,
    });
  });

  it('treats an unparseable price as 0', () => {
    expect(priceProduct({ price: 'abc' }, 0).unitCents).toBe(0);
  });
});

describe('shippingCents', () => {
  const settings = { standardPrice: '7.50', expressPrice: '20.00', pickupAvailable: true };

  it('pickup is free', () => {
    expect(shippingCents('pickup', settings)).toBe(0);
    expect(shippingCents('pickup', DEFAULT_SHIPPING)).toBe(0);
  });

  it('standard and express come from the settings', () => {
    expect(shippingCents('standard', settings)).toBe(750);
    expect(shippingCents('express', settings)).toBe(2000);
  });

  it('has the server defaults 5.99 standard and 14.99 express', () => {
    expect(DEFAULT_SHIPPING).toEqual({ standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true });
    expect(shippingCents('standard', DEFAULT_SHIPPING)).toBe(599);
    expect(shippingCents('express', DEFAULT_SHIPPING)).toBe(1499);
  });

  it('accepts settings as numbers', () => {
    const numeric = { standardPrice: 5.99, expressPrice: 14.99 };
    expect(shippingCents('standard', numeric)).toBe(599);
    expect(shippingCents('express', numeric)).toBe(1499);
  });

  it.each(['overnight', 'method', '', null, undefined])(
    'unknown method %j falls back to standard',
    (method) => {
      expect(shippingCents(method, settings)).toBe(750);
    },
  );
});

describe('rateToMilli', () => {
  it.each([
    ['13', 13_000],
    ['13.000', 13_000], // numeric(6,3) as the database returns it
    ['14.975', 14_975],
    ['9.975', 9_975],
    ['5', 5_000],
    ['0', 0],
    [' 13 ', 13_000],
    ['14.9754', 14_975], // fourth decimal 4 -> down
    ['14.9755', 14_976], // fourth decimal 5 -> up
  ])('string %j -> %i', (rate, milli) => {
    expect(rateToMilli(rate)).toBe(milli);
  });

  it.each([
    [13, 13_000],
    [14.975, 14_975],
    [5 + 9.975, 14_975], // GST + QST
    [7.005 + 7, 14_005], // the float sum is 14.004999999999999; the intended rate is 14.005
  ])('number %d -> %i', (rate, milli) => {
    expect(rateToMilli(rate)).toBe(milli);
  });

  it.each(['abc', '', '-5', '.5', '1,5', -5, Number.NaN, Number.POSITIVE_INFINITY])('%j -> 0', (rate) => {
    expect(rateToMilli(rate)).toBe(0);
  });
});

describe('taxCents', () => {
  it.each([
    // [amount in cents, rate, tax in cents]: amount x rate / 100, rounded half up to the cent
    [1000, '13', 130], // 1000 x 0.13 = 130
    [150, '13', 20], // 150 x 0.13 = 19.5 -> 20
    [149, '13', 19], // 149 x 0.13 = 19.37 -> 19
    [12345, '13', 1605], // 12345 x 0.13 = 1604.85 -> 1605
    [4, '13', 1], // 0.52 -> 1
    [3, '13', 0], // 0.39 -> 0
    [10000, '14.975', 1498], // 10000 x 0.14975 = 1497.5 -> 1498
    [2000, '14.975', 300], // 299.5 -> 300
    [1999, '14.975', 299], // 1999 x 0.14975 = 299.35025 -> 299
    [1990, '5', 100], // 1990 x 0.05 = 99.5 -> 100
    [1989, '5', 99], // 99.45 -> 99
    [1999, '5', 100], // 99.95 -> 100
    [12345, '0', 0],
    [0, '13', 0],
  ])('%i cents at %s%% -> %i', (amount, rate, tax) => {
    expect(taxCents(amount, rate)).toBe(tax);
  });

  it('takes the rate as a number as well', () => {
    expect(taxCents(10000, 14.975)).toBe(1498); // 1497.5 -> 1498
    expect(taxCents(1000, 13)).toBe(130);
  });

  it('stays exact for large orders', () => {
    // 123456789 x 0.14975 = 18487654.15275 -> 18487654
    expect(taxCents(123_456_789, '14.975')).toBe(18_487_654);
  });
});

describe('taxRateFor', () => {
  const rates: TaxRateRow[] = [
    { provinceCode: 'ON', taxRate: '13.000' },
    { provinceCode: 'QC', taxRate: '14.975' },
    { provinceCode: 'AB', taxRate: '5.000' },
    { provinceCode: 'BC', taxRate: '12.000' },
    { provinceCode: 'NS', taxRate: '14.000' },
    { provinceCode: 'YT', taxRate: 5 },
    { provinceCode: 'SK', taxRate: 11 },
  ];
  const base = { rates, storeProvince: 'ON' };

  it("uses the store's province for pickup, whatever the address", () => {
    expect(taxRateFor({ ...base, shippingMethod: 'pickup', country: 'Canada', province: 'QC' })).toBe('13');
    expect(
      taxRateFor({
        ...base,
        storeProvince: 'QC',
        shippingMethod: 'pickup',
        country: 'Canada',
        province: 'AB',
      }),
    ).toBe('14.975');
    // Pickup in Canada by a shopper with a US address still pays the store's tax.
    expect(
      taxRateFor({ ...base, storeProvince: 'AB', shippingMethod: 'pickup', country: 'US', province: 'NY' }),
    ).toBe('5');
  });

  it('is 0 for shipments to the US, even when the province field holds a Canadian code', () => {
    expect(taxRateFor({ ...base, shippingMethod: 'standard', country: 'US', province: 'QC' })).toBe('0');
    expect(taxRateFor({ ...base, shippingMethod: 'express', country: 'US', province: 'NY' })).toBe('0');
    expect(
      taxRateFor({ ...base, rates: undefined, shippingMethod: 'standard', country: 'US', province: 'NY' }),
    ).toBe('0');
  });

  it("uses the shipping province's rate in Canada", () => {
    expect(taxRateFor({ ...base, shippingMethod: 'standard', country: 'Canada', province: 'QC' })).toBe(
      '14.975',
    );
    expect(taxRateFor({ ...base, shippingMethod: 'express', country: 'Canada', province: 'AB' })).toBe('5');
    expect(taxRateFor({ ...base, shippingMethod: 'standard', country: 'Canada', province: 'BC' })).toBe('12');
    expect(taxRateFor({ ...base, shippingMethod: 'standard', country: 'Canada', province: 'NS' })).toBe('14');
    // Rates held as numbers come out as the same plain strings.
    expect(taxRateFor({ ...base, shippingMethod: 'standard', country: 'Canada', province: 'YT' })).toBe('5');
    expect(taxRateFor({ ...base, shippingMethod: 'standard', country: 'Canada', province: 'SK' })).toBe('11');
  });

  it('reads the table, not the default, for Ontario', () => {
    const changed: TaxRateRow[] = [{ provinceCode: 'ON', taxRate: '13.5' }];
    expect(
      taxRateFor({ ...base, rates: changed, shippingMethod: 'standard', country: 'Canada', province: 'ON' }),
    ).toBe('13.5');
  });

  it('treats a missing country or shipping method as Canada with standard shipping', () => {
    expect(taxRateFor({ ...base, shippingMethod: null, country: null, province: 'QC' })).toBe('14.975');
    expect(taxRateFor({ ...base, shippingMethod: undefined, country: undefined, province: 'AB' })).toBe('5');
  });

  it('is 13 (Ontario) until the rates are loaded', () => {
    expect(
      taxRateFor({
        ...base,
        rates: undefined,
        shippingMethod: 'standard',
        country: 'Canada',
        province: 'AB',
      }),
    ).toBe('13');
    expect(
      taxRateFor({ ...base, rates: [], shippingMethod: 'standard', country: 'Canada', province: 'AB' }),
    ).toBe('13');
    expect(
      taxRateFor({ ...base, rates: [], shippingMethod: 'pickup', country: 'Canada', province: 'AB' }),
    ).toBe('13');
  });

  it('is 13 for an unknown or missing province', () => {
    expect(taxRateFor({ ...base, shippingMethod: 'standard', country: 'Canada', province: 'ZZ' })).toBe('13');
    expect(taxRateFor({ ...base, shippingMethod: 'standard', country: 'Canada', province: null })).toBe('13');
    expect(taxRateFor({ ...base, shippingMethod: 'standard', country: 'Canada', province: '' })).toBe('13');
  });

  it('compares codes without regard to case or surrounding blanks', () => {
    expect(taxRateFor({ ...base, shippingMethod: 'standard', country: 'Canada', province: ' qc ' })).toBe(
      '14.975',
    );
    expect(taxRateFor({ ...base, shippingMethod: 'standard', country: 'us', province: 'QC' })).toBe('0');
    expect(
      taxRateFor({
        ...base,
        storeProvince: 'ab',
        shippingMethod: 'pickup',
        country: 'Canada',
        province: 'QC',
      }),
    ).toBe('5');
  });
});

describe('orderTotals', () => {
  // A cart of three lines, used by several examples:
  //   A: 9.99 at 15% off -> 8.49 (849 x 2 = 1698; at the selling price 999 x 2 = 1998)
  //   B: price 40.00 (compare-at 50.00, a reference, not a discount), no discount (4000 x 1)
  //   C: 12.50 (1250 x 3 = 3750)
  // subtotal = 1698 + 4000 + 3750 = 9448; at selling prices 1998 + 4000 + 3750 = 9748; discount 300
  // discount % = the one percent of the discounted lines: 15
  const cart: LineInput[] = [
    { unitCents: 849, regularUnitCents: 999, discountPercent: 15, quantity: 2 },
    { unitCents: 4000, regularUnitCents: 4000, quantity: 1 },
    { unitCents: 1250, regularUnitCents: null, quantity: 3 },
  ];

  it('Quebec, express shipping: a full worked example', () => {
    // shipping: express 14.99 = 1499
    // tax: (9448 + 1499) x 14.975% = 10947 x 0.14975 = 1639.31325 -> 1639
    // total: 9448 + 1499 + 1639 = 12586 ($125.86)
    expect(
      orderTotals({ lines: cart, shippingMethod: 'express', shipping: DEFAULT_SHIPPING, taxRate: '14.975' }),
    ).toEqual({
      originalSubtotalCents: 9748,
      subtotalCents: 9448,
      discountCents: 300,
      discountPercentage: '15.00',
      codeDiscountCents: 0,
      shippingCents: 1499,
      taxRate: '14.975',
      taxCents: 1639,
      taxLines: [{ code: 'TAX', rate: '14.975', cents: 1639 }], // no components given: one combined line
      totalCents: 12586,
    });
  });

  it('Ontario pickup: no shipping, the store tax on the subtotal alone', () => {
    // A: 19.99 at 25% -> 14.99 (1499 x 1; at the selling price 1999)
    // B: 0.10 at 15% -> 0.09 (9 x 5 = 45; at the selling price 10 x 5 = 50)
    // subtotal 1499 + 45 = 1544; at selling prices 1999 + 50 = 2049; discount 505
    // tax: 1544 x 0.13 = 200.72 -> 201; total 1544 + 0 + 201 = 1745
    const taxRate = taxRateFor({
      shippingMethod: 'pickup',
      country: 'Canada',
      province: 'QC', // ignored for pickup
      rates: [
        { provinceCode: 'ON', taxRate: '13.000' },
        { provinceCode: 'QC', taxRate: '14.975' },
      ],
      storeProvince: 'ON',
    });
    expect(taxRate).toBe('13');
    expect(
      orderTotals({
        lines: [
          { unitCents: 1499, regularUnitCents: 1999, discountPercent: 25, quantity: 1 },
          { unitCents: 9, regularUnitCents: 10, discountPercent: 15, quantity: 5 },
        ],
        shippingMethod: 'pickup',
        shipping: DEFAULT_SHIPPING,
        taxRate,
      }),
    ).toEqual({
      originalSubtotalCents: 2049,
      subtotalCents: 1544,
      discountCents: 505,
      discountPercentage: '0.00',
      codeDiscountCents: 0,
      shippingCents: 0,
      taxRate: '13',
      taxCents: 201,
      taxLines: [{ code: 'TAX', rate: '13', cents: 201 }],
      totalCents: 1745,
    });
  });

  it('United States, standard shipping: zero-rated', () => {
    // 25.00 x 2 = 5000, nothing discounted; standard shipping 7.50 = 750; tax 0
    // total 5000 + 750 + 0 = 5750
    const taxRate = taxRateFor({
      shippingMethod: 'standard',
      country: 'US',
      province: 'NY',
      rates: [{ provinceCode: 'ON', taxRate: '13.000' }],
      storeProvince: 'ON',
    });
    expect(
      orderTotals({
        lines: [{ unitCents: 2500, regularUnitCents: null, quantity: 2 }],
        shippingMethod: 'standard',
        shipping: { standardPrice: '7.50', expressPrice: '20.00' },
        taxRate,
      }),
    ).toEqual({
      originalSubtotalCents: 5000,
      subtotalCents: 5000,
      discountCents: 0,
      discountPercentage: '0.00',
      codeDiscountCents: 0,
      shippingCents: 750,
      taxRate: '0',
      taxCents: 0,
      taxLines: [],
      totalCents: 5750,
    });
  });

  it('cart page without the shipping option: no shipping counted, tax on the subtotal', () => {
    // tax: 9448 x 0.13 = 1228.24 -> 1228; total 9448 + 0 + 1228 = 10676
    const totals = orderTotals({
      lines: cart,
      shippingMethod: 'express',
      shipping: DEFAULT_SHIPPING,
      taxRate: '13',
      includeShipping: false,
    });
    expect(totals.shippingCents).toBe(0);
    expect(totals.taxCents).toBe(1228);
    expect(totals.totalCents).toBe(10676);
    expect(totals.subtotalCents).toBe(9448);
    expect(totals.discountCents).toBe(300);
  });

  it('cart page with the shipping option, and checkout (the default), count shipping', () => {
    // standard 5.99 = 599; tax (9448 + 599) x 0.13 = 10047 x 0.13 = 1306.11 -> 1306
    // total 9448 + 599 + 1306 = 11353
    const expected = { shippingCents: 599, taxCents: 1306, totalCents: 11353 };
    const input = {
      lines: cart,
      shippingMethod: 'standard',
      shipping: DEFAULT_SHIPPING,
      taxRate: '13',
    } as const;
    expect(orderTotals({ ...input, includeShipping: true })).toMatchObject(expected);
    expect(orderTotals(input)).toMatchObject(expected);
  });

  it('charges standard shipping for an unselected or unknown method', () => {
    // 1250 x 1; standard 599; tax (1250 + 599) x 0.05 = 92.45 -> 92; total 1250 + 599 + 92 = 1941
    const lines = [{ unitCents: 1250, regularUnitCents: null, quantity: 1 }];
    for (const shippingMethod of [null, undefined, 'method']) {
      expect(orderTotals({ lines, shippingMethod, shipping: DEFAULT_SHIPPING, taxRate: '5' })).toMatchObject({
        shippingCents: 599,
        taxCents: 92,
        totalCents: 1941,
      });
    }
  });

  it('multiplies unit and original prices by the quantity', () => {
    // 849 x 7 = 5943; 999 x 7 = 6993; discount 1050; today's 15%, not the blend 15.02
    // tax: 5943 x 0.13 = 772.59 -> 773; total 5943 + 773 = 6716
    expect(
      orderTotals({
        lines: [{ unitCents: 849, regularUnitCents: 999, discountPercent: 15, quantity: 7 }],
        shippingMethod: 'pickup',
        shipping: DEFAULT_SHIPPING,
        taxRate: '13',
      }),
    ).toMatchObject({
      originalSubtotalCents: 6993,
      subtotalCents: 5943,
      discountCents: 1050,
      discountPercentage: '15.00',
      taxCents: 773,
      totalCents: 6716,
    });
  });

  it("shows the day's whole percent, never a blend", () => {
    const percentFor = (lines: LineInput[]) =>
      orderTotals({ lines, shippingMethod: 'pickup', shipping: DEFAULT_SHIPPING, taxRate: '0' })
        .discountPercentage;
    // 19.99 at 25%: 1499, saving 500 of 1999 = 25.01%: shown as 25
    expect(percentFor([{ unitCents: 1499, regularUnitCents: 1999, discountPercent: 25, quantity: 1 }])).toBe(
      '25.00',
    );
    // two lines on the same 25% day, one undiscounted line beside them
    expect(
      percentFor([
        { unitCents: 1499, regularUnitCents: 1999, discountPercent: 25, quantity: 3 },
        { unitCents: 748, regularUnitCents: 997, discountPercent: 25, quantity: 1 },
        { unitCents: 500, regularUnitCents: 500, quantity: 1 },
      ]),
    ).toBe('25.00');
    // a discount whose percent is not known (an old cart line) is not given one
    expect(percentFor([{ unitCents: 1499, regularUnitCents: 1999, quantity: 1 }])).toBe('0.00');
  });

  it('never counts a negative discount when an original is below the unit price', () => {
    // original taken as max(800, 1000) = 1000
    expect(
      orderTotals({
        lines: [{ unitCents: 1000, regularUnitCents: 800, quantity: 2 }],
        shippingMethod: 'pickup',
        shipping: DEFAULT_SHIPPING,
        taxRate: '0',
      }),
    ).toMatchObject({
      originalSubtotalCents: 2000,
      subtotalCents: 2000,
      discountCents: 0,
      discountPercentage: '0.00',
    });
  });

  it('is all zeros for an empty cart picked up', () => {
    expect(
      orderTotals({ lines: [], shippingMethod: 'pickup', shipping: DEFAULT_SHIPPING, taxRate: '13' }),
    ).toEqual({
      originalSubtotalCents: 0,
      subtotalCents: 0,
      discountCents: 0,
      discountPercentage: '0.00',
      codeDiscountCents: 0,
      shippingCents: 0,
      taxRate: '13',
      taxCents: 0,
      taxLines: [],
      totalCents: 0,
    });
  });
});

describe('daysUntil', () => {
  const today = new Date('2026-11-22T15:00:00Z');

  it.each([
    ['2026-11-25', 3],
    ['2026-11-23', 1],
    ['2026-12-01', 9], // 8 days left in November + 1
    ['2027-01-01', 40], // 8 (Nov) + 31 (Dec) + 1
  ])('%s -> %i days', (date, days) => {
    expect(daysUntil(date, today)).toBe(days);
  });

  it('counts calendar days, not 24-hour periods from now', () => {
    // One second before midnight UTC, tomorrow is still 1 day away.
    expect(daysUntil('2026-11-23', new Date('2026-11-22T23:59:59Z'))).toBe(1);
    expect(daysUntil('2026-11-23', new Date('2026-11-22T00:00:00Z'))).toBe(1);
  });

  it('counts across a leap day and a change of daylight saving time', () => {
    expect(daysUntil('2028-03-01', new Date('2028-02-28T12:00:00Z'))).toBe(2); // Feb 29 exists in 2028
    expect(daysUntil('2026-03-09', new Date('2026-03-07T12:00:00Z'))).toBe(2); // DST starts Mar 8 in Canada
  });

  it('is never negative', () => {
    expect(daysUntil('2026-11-22', today)).toBe(0); // today
    expect(daysUntil('2026-11-20', today)).toBe(0); // past
  });

  it('is 0 for an unparseable date', () => {
    expect(daysUntil('soon', today)).toBe(0);
    expect(daysUntil('', today)).toBe(0);
  });
});

describe('storeWeekday', () => {
  it('is the weekday in the store time zone, not in UTC', () => {
    // 2026-11-22T03:00Z is Sunday in UTC but Saturday 22:00 in Toronto (UTC-5 in November).
    const instant = new Date('2026-11-22T03:00:00Z');
    expect(storeWeekday('America/Toronto', instant)).toBe(6);
    expect(storeWeekday('America/Vancouver', instant)).toBe(6); // Saturday 19:00
    expect(storeWeekday('UTC', instant)).toBe(0);
    expect(storeWeekday('Asia/Tokyo', instant)).toBe(0); // Sunday 12:00
  });

  it('numbers the days from Sunday 0 to Saturday 6', () => {
    expect(storeWeekday('America/Toronto', new Date('2026-11-23T12:00:00Z'))).toBe(1); // Monday
    expect(storeWeekday('America/Toronto', new Date('2026-11-27T12:00:00Z'))).toBe(5); // Friday
  });

  it('changes day at local midnight across the start of daylight saving time', () => {
    // 2026-03-08 (Sunday) is the change; before it Toronto is UTC-5.
    expect(storeWeekday('America/Toronto', new Date('2026-03-08T04:59:59Z'))).toBe(6); // Sat 23:59:59
    expect(storeWeekday('America/Toronto', new Date('2026-03-08T05:00:00Z'))).toBe(0); // Sun 00:00
  });

  it('refuses an unknown time zone', () => {
    expect(() => storeWeekday('Not/A_Zone', new Date('2026-11-22T03:00:00Z'))).toThrow(RangeError);
  });
});

describe('storeDate', () => {
  it('is the date in the store time zone as yyyy-mm-dd', () => {
    const instant = new Date('2026-11-22T03:00:00Z');
    expect(storeDate('America/Toronto', instant)).toBe('2026-11-21'); // still Saturday in Toronto
    expect(storeDate('UTC', instant)).toBe('2026-11-22');
    expect(storeDate('Asia/Tokyo', instant)).toBe('2026-11-22');
  });

  it('pads month and day and crosses the year at local midnight', () => {
    expect(storeDate('America/Toronto', new Date('2026-01-01T04:59:59Z'))).toBe('2025-12-31');
    expect(storeDate('America/Toronto', new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
    expect(storeDate('Pacific/Kiritimati', new Date('2026-12-31T10:00:00Z'))).toBe('2027-01-01'); // UTC+14
    expect(storeDate('America/Toronto', new Date('2026-03-05T12:00:00Z'))).toBe('2026-03-05');
  });
});

describe('taxes by component (docs/decisions/0136-tax-lines.md)', () => {
  const rates = [
    { provinceCode: 'ON', taxRate: '13', gstRate: '5', pstRate: '8' },
    { provinceCode: 'QC', taxRate: '14.975', gstRate: '5', pstRate: '9.975' },
    { provinceCode: 'BC', taxRate: '12', gstRate: '5', pstRate: '7' },
    { provinceCode: 'MB', taxRate: '12', gstRate: '5', pstRate: '7' },
    { provinceCode: 'AB', taxRate: '5', gstRate: '5', pstRate: '0' },
    { provinceCode: 'SK', taxRate: '11', gstRate: '5', pstRate: '5' }, // does not add up
  ];
  const where = (province: string, extra: Partial<Parameters<typeof taxComponentsFor>[0]> = {}) =>
    taxComponentsFor({
      shippingMethod: 'standard',
      country: 'Canada',
      province,
      rates,
      storeProvince: 'ON',
      ...extra,
    });

  it('names each province’s taxes', () => {
    expect(where('ON')).toEqual([{ code: 'HST', rate: '13' }]);
    expect(where('QC')).toEqual([
      { code: 'GST', rate: '5' },
      { code: 'QST', rate: '9.975' },
    ]);
    expect(where('BC')).toEqual([
      { code: 'GST', rate: '5' },
      { code: 'PST', rate: '7' },
    ]);
    expect(where('MB')).toEqual([
      { code: 'GST', rate: '5' },
      { code: 'RST', rate: '7' },
    ]);
    expect(where('AB')).toEqual([{ code: 'GST', rate: '5' }]);
    expect(where('SK')).toEqual([{ code: 'TAX', rate: '11' }]);
    expect(where('QC', { country: 'US' })).toEqual([]);
    expect(where('QC', { shippingMethod: 'pickup' })).toEqual([{ code: 'HST', rate: '13' }]);
  });

  it('splits by largest remainder so the lines add up to the tax charged', () => {
    // 10.06 taxable: GST 0.5030 (floor 50, rem .30), QST 1.003485 (floor 100, rem .3485);
    // charged 14.975% = 1.506485 -> 151: the one missing cent goes to QST.
    expect(splitTax(1006, 151, where('QC'))).toEqual([
      { code: 'GST', rate: '5', cents: 50 },
      { code: 'QST', rate: '9.975', cents: 101 },
    ]);
    // 10.10 taxable: GST 0.505 (rem .5), QST 1.007475 (rem .7475); charged 1.512475 -> 151:
    // floors 50 + 100, the missing cent to QST.
    expect(splitTax(1010, 151, where('QC'))).toEqual([
      { code: 'GST', rate: '5', cents: 50 },
      { code: 'QST', rate: '9.975', cents: 101 },
    ]);
  });

  it('orderTotals carries the lines', () => {
    // 1 x 100.00 + express 14.99 = 114.99 to BC: GST 5.7495 (5.74, rem .95), PST 8.0493 (8.04,
    // rem .93); charged 12% = 13.7988 -> 13.80: both get a cent.
    const totals = orderTotals({
      lines: [{ unitCents: 10000, regularUnitCents: null, quantity: 1 }],
      shippingMethod: 'express',
      shipping: { standardPrice: '5.99', expressPrice: '14.99' },
      taxRate: '12',
      taxComponents: where('BC'),
    });
    expect(totals.taxCents).toBe(1380);
    expect(totals.taxLines).toEqual([
      { code: 'GST', rate: '5', cents: 575 },
      { code: 'PST', rate: '7', cents: 805 },
    ]);
    expect(
      orderTotals({
        lines: [{ unitCents: 10000, regularUnitCents: null, quantity: 1 }],
        shippingMethod: 'express',
        shipping: { standardPrice: '5.99', expressPrice: '14.99' },
        taxRate: '13',
      }).taxLines,
    ).toEqual([{ code: 'TAX', rate: '13', cents: 1495 }]); // 114.99 x 13% = 14.9487
  });
});

describe('refundTotals (docs/decisions/0510-refunds-by-line.md)', () => {
  // A Quebec order: taxable 111.49 (goods 105.50 + shipping 5.99), GST 5.58, QST 11.12.
  const order = {
    taxableCents: 11149,
    taxLines: [
      { code: 'GST' as const, rate: '5', cents: 558 },
      { code: 'QST' as const, rate: '9.975', cents: 1112 },
    ],
  };

  it("gives a line's units at the price paid with the discount they carried, and each tax on them", () => {
    // 1 x 40.00 (10.00 off) + 2.00 shipping = 42.00: GST 2.10, QST 4.1895 -> 4.19; 48.29.
    const refund = refundTotals({
      lines: [{ unitCents: 4000, unitDiscountCents: 1000, quantity: 1 }],
      shippingCents: 200,
      order,
      refundedTaxableBeforeCents: 0,
    });
    expect(refund).toEqual({
      lines: [{ amountCents: 4000, discountCents: 1000 }],
      goodsCents: 4000,
      discountCents: 1000,
      shippingCents: 200,
      taxableCents: 4200,
      taxLines: [
        { code: 'GST', rate: '5', cents: 210 },
        { code: 'QST', rate: '9.975', cents: 419 },
      ],
      taxCents: 629,
      totalCents: 4829,
    });
  });

  it('gives exactly what is left of each tax once the whole taxable amount has come back', () => {
    // The rest, 69.49 after 42.00: GST 5.58 - 2.10 = 3.48, QST 11.12 - 4.19 = 6.93; 79.90.
    const rest = refundTotals({
      lines: [
        { unitCents: 4000, unitDiscountCents: 1000, quantity: 1 },
        { unitCents: 2550, unitDiscountCents: 0, quantity: 1 },
      ],
      shippingCents: 399,
      order,
      refundedTaxableBeforeCents: 4200,
    });
    expect(rest.taxLines.map((l) => l.cents)).toEqual([348, 693]);
    expect(rest.totalCents).toBe(7990);
    expect(4829 + rest.totalCents).toBe(12819);
  });

  it('never gives back more of a tax than the order charged in it, one cent at a time', () => {
    // Every cent of 111.49 refunded one at a time: each tax adds up to what was charged exactly.
    let gst = 0;
    let qst = 0;
    for (let before = 0; before < 11149; before += 1) {
      const cent = refundTotals({ lines: [], shippingCents: 1, order, refundedTaxableBeforeCents: before });
      gst += cent.taxLines.find((l) => l.code === 'GST')?.cents ?? 0;
      qst += cent.taxLines.find((l) => l.code === 'QST')?.cents ?? 0;
    }
    expect([gst, qst]).toEqual([558, 1112]);
  });

  it('trusts the tax recorded on earlier refunds: the refund that completes the order takes exactly the rest', () => {
    // Recorded GST 2.11 instead of the 2.10 the running total gives (a refund worked out beside one that
    // failed): the rest gives back 5.58 - 2.11 = 3.47, so the GST still adds up to what was charged.
    const rest = refundTotals({
      lines: [{ unitCents: 6550, unitDiscountCents: 0, quantity: 1 }],
      shippingCents: 399,
      order,
      refundedTaxableBeforeCents: 4200,
      refundedTaxBefore: [
        { code: 'GST', rate: '5', cents: 211 },
        { code: 'QST', rate: '9.975', cents: 419 },
      ],
    });
    expect(rest.taxLines.map((l) => l.cents)).toEqual([347, 693]);
  });
});

describe('codeDiscount: the combining policy (docs/decisions/0551-discount-code-at-checkout.md)', () => {
  const now = new Date('2026-12-05T15:00:00Z');
  const rule = {
    kind: 'percent' as const,
    percentage: 10,
    amountCents: 0,
    minSubtotalCents: 0,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    usedCount: 0,
    perCustomerLimit: null,
    categoryIds: [],
    conditions: [],
    productIds: [],
    active: true,
    combinesWithDaily: false,
    combinesWithCategory: false,
  };
  const line = (productId: number, regularCents: number, lineCents: number, source: DiscountSource) => ({
    productId,
    categoryId: null,
    condition: 'new' as const,
    regularCents,
    lineCents,
    source,
  });

  it('names where the one discount came from: the larger, the category on a tie', () => {
    const takes = { applyDailyDiscount: true };
    expect(discountSource(takes, 30, 20)).toBe('daily');
    expect(discountSource(takes, 10, 25)).toBe('category');
    expect(discountSource(takes, 15, 15)).toBe('category');
    expect(discountSource(takes, 0, 0)).toBe('none');
    expect(discountSource({ applyDailyDiscount: false }, 30, 20)).toBe('none');
  });

  it('a percentage on top of a lot without a discount (a markdown is the price)', () => {
    // 10% of 45.55 = 4.555 -> 4.56 (half up).
    const r = codeDiscount(rule, { now, customerUses: 0, lines: [line(1, 4555, 4555, 'none')] });
    expect(r).toEqual({ ok: true, discountCents: 456, eligibleCents: 4555 });
  });

  it('not combining with the day: whichever saves more on those lots', () => {
    // Day's 5% on 100.00 = 95.00 (saves 5.00); the code's 10% of the regular 100.00 saves 10.00:
    // the code wins, its line is what it saves beyond the day's: 10.00 - 5.00 = 5.00.
    expect(
      codeDiscount(rule, { now, customerUses: 0, lines: [line(1, 10000, 9500, 'daily')] }),
    ).toMatchObject({
      ok: true,
      discountCents: 500,
    });
    // Day's 30%: saves 30.00 against the code's 10.00: refused, nothing to add.
    expect(codeDiscount(rule, { now, customerUses: 0, lines: [line(1, 10000, 7000, 'daily')] })).toEqual({
      ok: false,
      reason: 'noExtraSaving',
    });
    // Combining with the day: 10% of 70.00 = 7.00 on top.
    expect(
      codeDiscount(
        { ...rule, combinesWithDaily: true },
        { now, customerUses: 0, lines: [line(1, 10000, 7000, 'daily')] },
      ),
    ).toMatchObject({ ok: true, discountCents: 700 });
  });

  it('a fixed amount goes first to the lots it combines with, never past what it is taken from', () => {
    // 15.00 off: 12.00 on the plain lot (all of it), the 3.00 left against the category lot's
    // regular 40.00, which already saves 10.00 by its category: nothing more there. Line 12.00.
    const fixed = { ...rule, kind: 'fixed' as const, percentage: 0, amountCents: 1500 };
    const lines = [line(1, 1200, 1200, 'none'), line(2, 4000, 3000, 'category')];
    expect(codeDiscount(fixed, { now, customerUses: 0, lines })).toMatchObject({
      ok: true,
      discountCents: 1200,
    });
  });
});

describe('sharing a code over lines and units (docs/decisions/0553-discount-code-refunds-by-line.md)', () => {
  it('allocateCents: in proportion, the leftover cents to the largest remainders, adding up exactly', () => {
    // 10.00 over 1 : 1 : 1 -> 3.33 each (remainders equal), the last cent to the first: 3.34, 3.33, 3.33.
    expect(allocateCents(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    // 11.20 over 72.00 and 40.00: 7.20 and 4.00 exactly.
    expect(allocateCents(1120, [7200, 4000])).toEqual([720, 400]);
    // 1.00 over 2.00, 0 (not eligible), 1.00: 0.6666.. -> 0.66 + 1 = 0.67 and 0.33.
    expect(allocateCents(100, [200, 0, 100])).toEqual([67, 0, 33]);
    expect(allocateCents(100, [0, 0])).toEqual([0, 0]);
  });

  it('codeShareOfUnits: half up for some units, all of it for every unit, so refunds add up', () => {
    // 1.00 over 3 units: 1 unit 0.3333 -> 0.33; 2 units 0.6666 -> 0.67; 3 units 1.00.
    expect(codeShareOfUnits(100, 1, 3)).toBe(33);
    expect(codeShareOfUnits(100, 2, 3)).toBe(67);
    expect(codeShareOfUnits(100, 3, 3)).toBe(100);
    // Refunding the units one by one gives back 0.33 + 0.34 + 0.33 = 1.00.
    const steps = [1, 2, 3].map((n) => codeShareOfUnits(100, n, 3) - codeShareOfUnits(100, n - 1, 3));
    expect(steps).toEqual([33, 34, 33]);
  });
});
