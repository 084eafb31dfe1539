// Every price, discount, shipping and tax figure of the store, in integer cents. The browser uses it
// to display, the server uses it to decide. The catalogue listings' SQL repeats the unit-price rule
// (effectiveDiscount, priceProduct) in src/server/features/catalog/price-sql.ts, tested against this
// file: change both together (decisions 0003, 0130, 0166).
import {
  DEFAULT_TAX_RATE,
  HST_PROVINCES,
  PROVINCIAL_TAX_CODES,
  type ProvinceCode,
  type ShippingMethod,
  type TaxCode,
} from './constants';
import {
  type CodeLine,
  type CodeResult,
  type DiscountCodeRule,
  evaluateDiscountCode,
  lineEligible,
} from './discount-codes';
import { DEFAULT_LOCALE, type Locale } from './i18n/locales';
import { type Cents, toCents } from './money';
import { orderLabelsT } from './orders';

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

/** Which of the day's discounts lowered a lot's price: none, the weekday's, or its category's. */
export type DiscountSource = 'none' | 'daily' | 'category';

/**
 * The one discount `effectiveDiscount` chose, by where it came from: the category's when it is above 0
 * and at least the weekday's, else the weekday's when above 0 (docs/decisions/0551-discount-code-at-checkout.md).
 */
export function discountSource(
  product: { applyDailyDiscount: boolean },
  weekdayPercent: Percent,
  categoryPercent: Percent = 0,
): DiscountSource {
  if (effectiveDiscount(product, weekdayPercent, categoryPercent) === 0) return 'none';
  return categoryPercent > 0 && categoryPercent >= weekdayPercent ? 'category' : 'daily';
}

/** A cart line as a discount code sees it: what it costs today (lineCents), at its regular price, and why. */
export type CodedLine = CodeLine & { regularCents: Cents; source: DiscountSource };

export type CombiningCode = DiscountCodeRule & { combinesWithDaily: boolean; combinesWithCategory: boolean };

/**
 * A discount code on a priced cart: the store's one combining policy
 * (docs/decisions/0551-discount-code-at-checkout.md). Validity, uses, eligibility and the minimum
 * (on the discounted subtotal) are evaluateDiscountCode's; then, over the eligible lines:
 * - a markdown is the lot's price: a code always applies on top of it;
 * - on lines without a day's or category discount, or whose discount the code combines with, the code
 *   is taken from what the line costs today (on top);
 * - on lines whose discount the code does not combine with, the shopper gets whichever saves more
 *   over those lines: the code on their regular prices, or their discounts. The lines keep their
 *   prices; the code's line is what it saves beyond them.
 * A percentage is rounded to the cent, half up, once per group; a fixed amount goes first to the lines
 * it combines with and never exceeds what it is taken from. A code that would save nothing beyond the
 * discounts it does not combine with is refused ('noExtraSaving'), so it takes no use.
 */
export function codeDiscount(
  rule: CombiningCode | null,
  options: { now: Date; lines: readonly CodedLine[]; customerUses: number },
): CodeResult {
  const checked = evaluateDiscountCode(rule, { ...options, lines: [...options.lines] });
  if (!checked.ok || !rule) return checked;
  const combines = (l: CodedLine) =>
    l.source === 'none' ||
    (l.source === 'daily' && rule.combinesWithDaily) ||
    (l.source === 'category' && rule.combinesWithCategory);
  const eligible = options.lines.filter((l) => lineEligible(rule, l));
  const onTop = eligible.filter(combines).reduce((sum, l) => sum + l.lineCents, 0);
  const instead = eligible.filter((l) => !combines(l));
  const insteadRegular = instead.reduce((sum, l) => sum + l.regularCents, 0);
  const replaced = instead.reduce((sum, l) => sum + l.regularCents - l.lineCents, 0);
  const percentOf = (cents: Cents) => Math.floor((cents * rule.percentage + 50) / 100);
  const codeOnTop = rule.kind === 'percent' ? percentOf(onTop) : Math.min(rule.amountCents, onTop);
  const codeInstead =
    rule.kind === 'percent'
      ? percentOf(insteadRegular)
      : Math.min(rule.amountCents - codeOnTop, insteadRegular);
  const saving = codeOnTop + Math.max(0, codeInstead - replaced);
  if (saving <= 0) return { ok: false, reason: 'noExtraSaving' };
  return { ok: true, discountCents: saving, eligibleCents: checked.eligibleCents };
}

export type PriceInput = { price: string | number; compareAtPrice?: string | number | null };

export type ProductPricing = {
  /** What the shopper pays for one unit today. */
  unitCents: Cents;
  /** The product's own selling price: what one unit costs on a day without a discount. */
  regularCents: Cents;
  /** The struck-through original, or null when nothing is struck through. */
  originalCents: Cents | null;
  /** Today's discount percent that lowered the price (0 when none). */
  discountPercent: Percent;
  /**
   * The badge: the saving against the struck-through price, in whole percent rounded down (a badge
   * never promises more than the shopper saves: 71.88% reads 71%, not 72%); 0 when
   * today's discount does not apply (docs/decisions/0130-daily-discount-lowers-the-selling-price.md).
   */
  savingPercent: Percent;
};

/** What part of `whole` `part` is, in whole percent rounded down (0 when whole is 0). */
export function wholePercent(part: Cents, whole: Cents): Percent {
  return whole > 0 ? Math.floor((part * 100) / whole) : 0;
}

/**
 * Price of one unit (docs/decisions/0130-daily-discount-lowers-the-selling-price.md). Today's discount
 * is taken off the selling price, so it always lowers what is charged; the struck-through price is the
 * compare-at price when it is above the selling price, otherwise the selling price itself, and the
 * badge states the whole saving against it. A discount too small to change the price by a cent (a
 * few cents' item) counts as none. Without a discount a compare-at price above the price is struck
 * through beside it, with no badge.
 */
export function priceProduct(product: PriceInput, discountPercent: Percent): ProductPricing {
  const price = toCents(product.price) ?? 0;
  // A compare-at price of 0 (or less) means "none".
  const compareAtValue = toCents(product.compareAtPrice ?? null);
  const compareAt = compareAtValue !== null && compareAtValue > price ? compareAtValue : null;
  const discounted = discountPercent > 0 ? applyPercentOff(price, discountPercent) : price;
  if (discounted < price) {
    const original = compareAt ?? price;
    return {
      unitCents: discounted,
      regularCents: price,
      originalCents: original,
      discountPercent,
      savingPercent: wholePercent(original - discounted, original),
    };
  }
  return {
    unitCents: price,
    regularCents: price,
    originalCents: compareAt,
    discountPercent: 0,
    savingPercent: 0,
  };
}

/**
 * Whether a struck-through price is a compare-at price above the selling price: an estimate of retail
 * value (from a manifest or the supplier), never a price the shop charged, so it is labelled "Est.
 * retail" wherever it shows (docs/decisions/0567-price-claims-with-evidence.md). A struck price equal to
 * the selling price is the shop's own price before today's discount.
 */
export function isEstimatedRetail(
  struck: string | number | null | undefined,
  selling: string | number,
): boolean {
  const struckCents = toCents(struck ?? null);
  return struckCents !== null && struckCents > (toCents(selling) ?? 0);
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

export type TaxRateRow = {
  provinceCode: string;
  taxRate: string | number;
  /** The federal part (GST) and the provincial part of `taxRate`; an HST is their sum. */
  gstRate?: string | number;
  pstRate?: string | number;
};

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

/** One tax of an order before it is applied: its code and its rate in percent ("5", "9.975"). */
export type TaxComponent = { code: TaxCode; rate: string };

/**
 * The taxes that make up the rate `taxRateFor` gives, by component (docs/decisions/0136-tax-lines.md):
 * HST alone in the harmonised provinces; elsewhere the GST and the province's own tax (PST, QST or RST)
 * when above 0. None for the US. One combined TAX line when the components are unknown (rates not
 * loaded, a province without a row) or do not add up to the province's rate, so the lines always
 * account for exactly the tax charged.
 */
export function taxComponentsFor(options: Parameters<typeof taxRateFor>[0]): TaxComponent[] {
  const rate = taxRateFor(options);
  if (rateToMilli(rate) === 0) return [];
  const pickup = options.shippingMethod === 'pickup';
  const province = normaliseCode(pickup ? options.storeProvince : options.province);
  const row = options.rates?.find((r) => normaliseCode(r.provinceCode) === province);
  if (!row || row.gstRate === undefined || row.pstRate === undefined) return [{ code: 'TAX', rate }];
  const gst = rateToMilli(row.gstRate);
  const pst = rateToMilli(row.pstRate);
  if (gst + pst !== rateToMilli(rate)) return [{ code: 'TAX', rate }];
  if (HST_PROVINCES.includes(province as ProvinceCode)) return [{ code: 'HST', rate }];
  const lines: TaxComponent[] = [];
  if (gst > 0) lines.push({ code: 'GST', rate: milliToRate(gst) });
  if (pst > 0) {
    lines.push({
      code: PROVINCIAL_TAX_CODES[province as ProvinceCode] ?? 'PST',
      rate: milliToRate(pst),
    });
  }
  return lines;
}

export type TaxLineCents = TaxComponent & { cents: Cents };

/**
 * Splits the tax charged on `taxableCents` into its components so that the lines add up to exactly
 * `totalTaxCents`: each component's exact amount (taxable x its rate) is rounded down, and the cents
 * still missing go one each to the components with the largest remainders, the first listed (the
 * federal tax) on a tie. Each line is then within a cent of its own exact amount
 * (docs/decisions/0136-tax-lines.md). Components whose rates do not add up to the rate the total was
 * charged at cannot be split this way: they give one combined line.
 */
export function splitTax(
  taxableCents: Cents,
  totalTaxCents: Cents,
  components: readonly TaxComponent[],
): TaxLineCents[] {
  if (components.length === 0) return [];
  if (components.length === 1) return [{ ...components[0]!, cents: totalTaxCents }];
  const exact = components.map((c) => taxableCents * rateToMilli(c.rate));
  const lines = components.map((c, i) => ({ ...c, cents: Math.floor(exact[i]! / 100_000) }));
  let missing = totalTaxCents - lines.reduce((sum, l) => sum + l.cents, 0);
  if (missing < 0 || missing > lines.length) {
    const milli = components.reduce((sum, c) => sum + rateToMilli(c.rate), 0);
    return [{ code: 'TAX', rate: milliToRate(milli), cents: totalTaxCents }];
  }
  const order = exact
    .map((value, index) => ({ index, remainder: value % 100_000 }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (missing === 0) break;
    lines[index]!.cents += 1;
    missing -= 1;
  }
  return lines;
}

function normaliseCode(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

function normaliseRate(rate: string | number): string {
  return milliToRate(rateToMilli(rate));
}

/** Thousandths of a percent as a rate without trailing zeros: 14975 -> "14.975", 5000 -> "5". */
export function milliToRate(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const fraction = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export type LineInput = {
  /** Unit price charged. */
  unitCents: Cents;
  /** The unit's selling price before today's discount; null when it is the price charged. */
  regularUnitCents: Cents | null;
  /** Today's discount percent on this line (0 or absent when none). */
  discountPercent?: Percent;
  quantity: number;
};

export type OrderTotals = {
  /** The items at their selling prices, before today's discount. */
  originalSubtotalCents: Cents;
  subtotalCents: Cents;
  /** Today's discount on the items (compare-at prices are a reference, not a discount). */
  discountCents: Cents;
  /**
   * Today's discount percent as a whole number with two decimals ("25.00"): the one percent every
   * discounted line got; "0.00" when there is no discount or the lines got different percents (a
   * category's discount beside the weekday's), since a blend of them is nobody's percent.
   */
  discountPercentage: string;
  /** A discount code's saving on the discounted subtotal: its own line, before shipping and tax. */
  codeDiscountCents: Cents;
  shippingCents: Cents;
  taxRate: string;
  taxCents: Cents;
  /** The tax by component, adding up to taxCents; empty when there is no tax. */
  taxLines: TaxLineCents[];
  totalCents: Cents;
};

/**
 * The order summary: items at their selling prices, today's discount, the discounted subtotal, a
 * discount code's saving, shipping, tax on (discounted subtotal - code + shipping), total
 * (docs/decisions/0130-daily-discount-lowers-the-selling-price.md).
 */
export function orderTotals(options: {
  lines: readonly LineInput[];
  shippingMethod: ShippingMethod | string | null | undefined;
  shipping: ShippingSettingsInput;
  taxRate: string;
  /**
   * The taxes making up taxRate (taxComponentsFor). Without them, or when their rates do not add up to
   * taxRate, a tax above 0 is one combined TAX line.
   */
  taxComponents?: readonly TaxComponent[];
  /** On the cart page shipping is only shown (and counted) when asked for. */
  includeShipping?: boolean;
  /** A discount code's saving (codeDiscount), taken off the discounted subtotal before tax. */
  codeDiscountCents?: Cents;
}): OrderTotals {
  let subtotal = 0;
  let original = 0;
  const percents = new Set<number>();
  for (const line of options.lines) {
    const regular = Math.max(line.regularUnitCents ?? line.unitCents, line.unitCents);
    subtotal += line.unitCents * line.quantity;
    original += regular * line.quantity;
    if (regular > line.unitCents && line.quantity > 0) percents.add(line.discountPercent ?? 0);
  }
  const discount = original - subtotal;
  const shipping =
    options.includeShipping === false ? 0 : shippingCents(options.shippingMethod, options.shipping);
  const code = Math.min(Math.max(options.codeDiscountCents ?? 0, 0), subtotal);
  const taxable = subtotal - code + shipping;
  const tax = taxCents(taxable, options.taxRate);
  const components = options.taxComponents ?? [];
  const consistent =
    components.reduce((sum, c) => sum + rateToMilli(c.rate), 0) === rateToMilli(options.taxRate);
  const taxLines =
    tax === 0
      ? []
      : splitTax(
          taxable,
          tax,
          consistent && components.length > 0
            ? components
            : [{ code: 'TAX', rate: normaliseRate(options.taxRate) }],
        );
  const [onlyPercent] = percents;
  return {
    originalSubtotalCents: original,
    subtotalCents: subtotal,
    discountCents: discount,
    discountPercentage: percents.size === 1 && onlyPercent ? `${onlyPercent}.00` : '0.00',
    codeDiscountCents: code,
    shippingCents: shipping,
    taxRate: options.taxRate,
    taxCents: tax,
    taxLines,
    totalCents: taxable + tax,
  };
}

/**
 * The one discount label, for the cart and checkout summaries and every placed order's lines
 * (src/shared/order-amounts.ts): 'Discount (25%)' with the day's whole percent ("25.00" reads 25),
 * plain 'Discount' when the lines got different percents (stored as 0) or when an older order stored a
 * blended rate such as 25.01, a number the shopper was never offered
 * (docs/decisions/0138-order-amounts-presenter.md). French: 'Rabais (25 %)'.
 */
export function discountLabel(percentage: string | number, locale: Locale = DEFAULT_LOCALE): string {
  const percent = Number(percentage);
  const t = orderLabelsT(locale);
  return Number.isInteger(percent) && percent > 0 ? t('discountPercent', { percent }) : t('discount');
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

/**
 * A price changed by a percentage for the products table's bulk edit
 * (docs/decisions/0243-bulk-edit-of-products.md): `percentHundredths` is the percentage in hundredths
 * (-10% is -1000, +2.5% is 250). The exact result cents × (10000 + p) / 10000 is rounded to the
 * nearest cent, a half cent upward: 19.99 − 15% = 16.9915 → 16.99, 0.10 + 5% = 0.105 → 0.11.
 * Integer arithmetic throughout, so no binary fraction can tip a half cent.
 */
export function priceChangedByPercent(cents: Cents, percentHundredths: number): Cents {
  const exact = BigInt(cents) * BigInt(10_000 + percentHundredths);
  const whole = exact / 10_000n;
  const rest = exact % 10_000n;
  return Number(rest * 2n >= 10_000n ? whole + 1n : whole);
}

/** One line of a refund by line: the units given back of an order line, at the price paid. */
export type RefundLineInput = {
  /** The unit price paid (after the day's discount) and the discount each unit carried. */
  unitCents: Cents;
  unitDiscountCents: Cents;
  quantity: number;
  /**
   * These units' share of the order's discount code (codeShareOfUnits), not paid for, so not given
   * back (docs/decisions/0553-discount-code-refunds-by-line.md); 0 or absent without a code.
   */
  codeCents?: Cents;
};

/**
 * Splits `cents` over `weights` in proportion: each part rounded down, the cents left one each to the
 * largest remainders (the first on a tie), so the parts add up to exactly `cents`. All 0 when the
 * weights are.
 */
export function allocateCents(cents: Cents, weights: readonly number[]): Cents[] {
  const whole = weights.reduce((sum, w) => sum + w, 0);
  if (whole <= 0 || cents <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => cents * w);
  const parts = exact.map((e) => Math.floor(e / whole));
  let left = cents - parts.reduce((sum, p) => sum + p, 0);
  const order = exact
    .map((e, index) => ({ index, remainder: e % whole }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * A line's code share for its first `units` of `quantity`, rounded half up; all of it for every unit.
 * A refund of some units gives back share(before + units) - share(before), so refunds of every unit
 * add up to the line's share exactly.
 */
export function codeShareOfUnits(lineCodeCents: Cents, units: number, quantity: number): Cents {
  if (quantity <= 0 || units <= 0) return 0;
  if (units >= quantity) return lineCodeCents;
  return Math.floor((lineCodeCents * units * 2 + quantity) / (quantity * 2));
}

export type RefundTotals = {
  /** Each line's goods given back (units x price paid) and its share of the order's discount. */
  lines: { amountCents: Cents; discountCents: Cents }[];
  goodsCents: Cents;
  discountCents: Cents;
  shippingCents: Cents;
  /** goods + shipping: the amount the tax lines are on. */
  taxableCents: Cents;
  /** The tax given back by component, adding up to taxCents (empty on an untaxed order). */
  taxLines: TaxLineCents[];
  taxCents: Cents;
  totalCents: Cents;
};

/**
 * What a refund by line gives back (docs/decisions/0510-refunds-by-line.md). The goods are the units
 * at the price paid, so each line's share of the order's discount is exactly the discount its units
 * carried. The tax is worked out per component on the running total of everything refunded by line
 * on the order (cumulative rounding): after this refund, `refundedBefore + taxable` of the order's
 * taxable amount has come back, whose tax is the component's rate on it, rounded half up, never more
 * than the order charged in that component, and exactly what it charged once the whole taxable
 * amount has come back. This refund's tax is that figure less the same figure before it. So a first
 * partial refund reads exactly "amount x rate" on its credit note, every refund is within a cent of
 * its own exact tax, and the refunds of every line and all the shipping add up to the order's total,
 * never a cent more.
 */
export function refundTotals(options: {
  lines: readonly RefundLineInput[];
  shippingCents: Cents;
  order: { taxableCents: Cents; taxLines: readonly TaxLineCents[] };
  /** The taxable amount (goods + shipping) already given back by earlier refunds by line. */
  refundedTaxableBeforeCents: Cents;
  /**
   * The tax those refunds gave back, by code and rate, as recorded. Normally exactly what the running
   * total gives; when an earlier refund failed after a later one was worked out it may differ by a
   * cent, and the recorded figures win: a tax line never goes past what the order charged in it, and
   * the refund that completes the order gives back exactly what is left of it.
   */
  refundedTaxBefore?: readonly TaxLineCents[];
}): RefundTotals {
  const lines = options.lines.map((l) => ({
    amountCents: l.unitCents * l.quantity - (l.codeCents ?? 0),
    discountCents: l.unitDiscountCents * l.quantity + (l.codeCents ?? 0),
  }));
  const goods = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const discount = lines.reduce((sum, l) => sum + l.discountCents, 0);
  const taxable = goods + options.shippingCents;
  const { taxableCents: whole } = options.order;
  const refundedTax = (line: TaxLineCents, refunded: Cents): Cents =>
    refunded >= whole ? line.cents : Math.min(line.cents, taxCents(refunded, line.rate));
  const before = options.refundedTaxableBeforeCents;
  const recorded = (line: TaxLineCents) =>
    options.refundedTaxBefore
      ?.filter((r) => r.code === line.code && rateToMilli(r.rate) === rateToMilli(line.rate))
      .reduce((sum, r) => sum + r.cents, 0) ?? refundedTax(line, before);
  const taxLines = options.order.taxLines
    .map((line) => {
      const left = line.cents - recorded(line);
      const share = refundedTax(line, before + taxable) - refundedTax(line, before);
      return {
        code: line.code,
        rate: line.rate,
        cents: Math.max(0, before + taxable >= whole ? left : Math.min(share, left)),
      };
    })
    .filter((line) => line.cents > 0);
  const tax = taxLines.reduce((sum, l) => sum + l.cents, 0);
  return {
    lines,
    goodsCents: goods,
    discountCents: discount,
    shippingCents: options.shippingCents,
    taxableCents: taxable,
    taxLines,
    taxCents: tax,
    totalCents: taxable + tax,
  };
}

/** One tax of an order as charged, in cents. */
export type ChargedTaxLine = { code: TaxCode; rate: string; cents: Cents };

/**
 * The tax inside `refundedCents` given back of an order that charged `lines` within `totalCents`
 * (docs/decisions/0490-order-page-timeline-and-refunds.md): the order's tax in the proportion of the
 * refund to the total, rounded half up, split over the components like the tax itself (each line's
 * share rounded down, the missing cents to the largest remainders, the first listed on a tie). All of
 * the total gives back all of the tax. `refundedCents` is what has been given back so far: a refund's
 * own tax is the difference between the tax of the sums before and after it, so the refunds of an
 * order never add up to more or less tax than was charged.
 */
export function refundedTaxLines(
  refundedCents: Cents,
  totalCents: Cents,
  lines: readonly ChargedTaxLine[],
): ChargedTaxLine[] {
  if (totalCents <= 0 || refundedCents <= 0) return lines.map((l) => ({ ...l, cents: 0 }));
  if (refundedCents >= totalCents) return lines.map((l) => ({ ...l }));
  const taxTotal = lines.reduce((sum, l) => sum + l.cents, 0);
  const share = Math.floor((taxTotal * refundedCents * 2 + totalCents) / (totalCents * 2));
  const exact = lines.map((l) => l.cents * refundedCents);
  const out = lines.map((l, i) => ({ ...l, cents: Math.floor(exact[i]! / totalCents) }));
  let missing = share - out.reduce((sum, l) => sum + l.cents, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value % totalCents }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    out[index]!.cents += 1;
    missing -= 1;
  }
  return out;
}
