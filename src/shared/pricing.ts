// Every price, discount, shipping and tax figure of the store, in integer cents. The browser uses it
// to display, the server uses it to decide; nothing else computes money (spec/shopper.md section 9,
// DESIGN.md "Pricing").
import { DEFAULT_TAX_RATE, type ShippingMethod } from './constants';
import { type Cents, centsToString, toCents } from './money';

export type Percent = number; // whole percent, 0..100

/** A's share of B, rounded half up: the only division of money in the store. */
function applyPercentOff(cents: Cents, percent: Percent): Cents {
  return Math.floor((cents * (100 - percent) + 50) / 100);
}

/**
 * The day's discount for one product: the weekday percentage, or its category's percentage when
 * larger; 0 when the product does not take the daily discount.
 */
export function effectiveDiscount(
  product: { applyDailyDiscount: boolean },
  weekdayPercent: Percent,
  categoryPercent: Percent = 0,
): Percent {
  if (!product.applyDailyDiscount) return 0;
  const percent = Math.max(weekdayPercent, categoryPercent);
  return percent > 0 ? Math.min(percent, 100) : 0;
}

export type PriceInput = { price: string | number; compareAtPrice?: string | number | null };

export type ProductPricing = {
  /** What the shopper pays for one unit today. */
  unitCents: Cents;
  /** The struck-through original, or null when nothing is struck through. */
  originalCents: Cents | null;
  /** Percent applied today (0 when none). */
  discountPercent: Percent;
};

/**
 * Price of one unit. With a daily discount the discounted price is computed from compareAtPrice if
 * present, otherwise from price, and that original is struck through. Without one, a compareAtPrice
 * above the price is struck through beside the price.
 */
export function priceProduct(product: PriceInput, discountPercent: Percent): ProductPricing {
  const price = toCents(product.price) ?? 0;
  // A compare-at price of 0 (or less) means "none": discounting from it would give the item away.
  const compareAtValue = toCents(product.compareAtPrice ?? null);
  const compareAt = compareAtValue !== null && compareAtValue > 0 ? compareAtValue : null;
  if (discountPercent > 0) {
    const original = compareAt ?? price;
    // Discounting from a compare-at price can land above the normal price: never charge more than it
    // (docs/decisions/0004-daily-discount-never-raises-a-price.md).
    return {
      unitCents: Math.min(applyPercentOff(original, discountPercent), price),
      originalCents: original,
      discountPercent,
    };
  }
  return {
    unitCents: price,
    originalCents: compareAt !== null && compareAt > price ? compareAt : null,
    discountPercent: 0,
  };
}

export type ShippingSettingsInput = {
  standardPrice: string | number;
  expressPrice: string | number;
  pickupAvailable?: boolean;
};

export const DEFAULT_SHIPPING: ShippingSettingsInput = {
  standardPrice: '5.99',
  expressPrice: '14.99',
  pickupAvailable: true,
};

/** Pickup is free; express and standard come from the settings; anything else falls back to standard. */
export function shippingCents(method: string | null | undefined, settings: ShippingSettingsInput): Cents {
  if (method === 'pickup') return 0;
  if (method === 'express') return toCents(settings.expressPrice) ?? 0;
  return toCents(settings.standardPrice) ?? 0;
}

/**
 * A tax rate such as "14.975" as thousandths of a percent (14975): exact for strings, rounded half up
 * beyond the third decimal; a number is rounded to the nearest thousandth, so float sums such as
 * 7.005 + 7 (14.004999999999999) give 14005. Anything else (negative, garbage) is 0.
 */
export function rateToMilli(rate: string | number): number {
  if (typeof rate === 'number') return Number.isFinite(rate) && rate > 0 ? Math.round(rate * 1000) : 0;
  const match = /^(\d+)(?:\.(\d*))?$/.exec(rate.trim());
  if (!match) return 0;
  const fraction = (match[2] ?? '').padEnd(4, '0');
  const milli = Number.parseInt(match[1]!, 10) * 1000 + Number.parseInt(fraction.slice(0, 3), 10);
  return Number.parseInt(fraction[3]!, 10) >= 5 ? milli + 1 : milli;
}

/** Tax on an amount at a percent rate, rounded half up to the cent. */
export function taxCents(amount: Cents, rate: string | number): Cents {
  return Math.floor((amount * rateToMilli(rate) + 50_000) / 100_000);
}

export type TaxRateRow = { provinceCode: string; taxRate: string | number };

/**
 * The tax rate that applies to an order: the store's own province for pickup, 0 for shipments to the
 * US (exports are zero-rated), otherwise the shipping province's rate. Until the rates are known the
 * default is 13% (Ontario).
 */
export function taxRateFor(options: {
  shippingMethod: string | null | undefined;
  country: string | null | undefined;
  province: string | null | undefined;
  rates: readonly TaxRateRow[] | undefined;
  storeProvince: string;
}): string {
  const { rates } = options;
  const pickup = options.shippingMethod === 'pickup';
  // Codes are compared trimmed and upper-cased: ' qc' is Quebec, not the 13% default.
  const province = normaliseCode(pickup ? options.storeProvince : options.province);
  if (!pickup && normaliseCode(options.country) === 'US') return '0';
  if (!rates || rates.length === 0) return DEFAULT_TAX_RATE;
  const row = rates.find((r) => normaliseCode(r.provinceCode) === province);
  return row ? normaliseRate(row.taxRate) : DEFAULT_TAX_RATE;
}

function normaliseCode(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

function normaliseRate(rate: string | number): string {
  const milli = rateToMilli(rate);
  const whole = Math.floor(milli / 1000);
  const fraction = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export type LineInput = {
  /** Unit price charged. */
  unitCents: Cents;
  /** The undiscounted unit price (compare-at, or the price before the daily discount). */
  originalUnitCents: Cents | null;
  quantity: number;
};

export type OrderTotals = {
  originalSubtotalCents: Cents;
  subtotalCents: Cents;
  discountCents: Cents;
  /** Overall saving as a percent of the original subtotal, two decimals. */
  discountPercentage: string;
  shippingCents: Cents;
  taxRate: string;
  taxCents: Cents;
  totalCents: Cents;
};

/**
 * The order summary: discounted subtotal, discount, shipping, tax on (discounted subtotal + shipping),
 * total. Original subtotal uses the compare-at / pre-discount price where there is one.
 */
export function orderTotals(options: {
  lines: readonly LineInput[];
  shippingMethod: ShippingMethod | string | null | undefined;
  shipping: ShippingSettingsInput;
  taxRate: string;
  /** On the cart page shipping is only shown (and counted) when asked for. */
  includeShipping?: boolean;
}): OrderTotals {
  let subtotal = 0;
  let original = 0;
  for (const line of options.lines) {
    subtotal += line.unitCents * line.quantity;
    original += Math.max(line.originalUnitCents ?? line.unitCents, line.unitCents) * line.quantity;
  }
  const discount = original - subtotal;
  const shipping =
    options.includeShipping === false ? 0 : shippingCents(options.shippingMethod, options.shipping);
  const tax = taxCents(subtotal + shipping, options.taxRate);
  return {
    originalSubtotalCents: original,
    subtotalCents: subtotal,
    discountCents: discount,
    discountPercentage:
      original > 0 ? centsToString(Math.floor((discount * 10_000 + original / 2) / original)) : '0.00',
    shippingCents: shipping,
    taxRate: options.taxRate,
    taxCents: tax,
    totalCents: subtotal + shipping + tax,
  };
}

/** Days until a date (yyyy-mm-dd), never negative; for "estimated delivery in N days". */
export function daysUntil(dateText: string, today: Date = new Date()): number {
  const target = Date.parse(`${dateText}T00:00:00Z`);
  if (Number.isNaN(target)) return 0;
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.max(0, Math.round((target - start) / 86_400_000));
}

/**
 * One formatter per time zone and shape, kept: creating an Intl.DateTimeFormat costs about 0.3 ms (it
 * loads locale and zone data), and every priced response asks for today's weekday.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** The weekday (0 Sunday .. 6 Saturday) in the store's time zone. */
export function storeWeekday(timeZone: string, now: Date = new Date()): number {
  const name = formatter(timeZone, { weekday: 'short' }).format(now);
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

/** End of the store's current day as an ISO date (yyyy-mm-dd): a daily price is valid until then. */
export function storeDate(timeZone: string, now: Date = new Date()): string {
  // Assembled from parts: the shape of a locale's formatted date (en-CA's yyyy-mm-dd) is CLDR data
  // that has changed between ICU versions, the parts have not.
  const parts = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}
