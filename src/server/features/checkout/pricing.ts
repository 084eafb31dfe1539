// The server's answer to "what does this cart cost today": every figure from the database (prices,
// today's discounts, shipping settings, tax rates) through src/shared/pricing.ts.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { type ProductCondition, provinceName } from '~/shared/constants';
import type { ErrorText } from '~/shared/i18n/error-text';
import type { Locale } from '~/shared/i18n/locales';
import { pickText } from '~/shared/i18n/localized-text';
import { centsToString, toCents } from '~/shared/money';
import { type CodeRefusal, codeRefusalText, lineEligible } from '~/shared/discount-codes';
import {
  allocateCents,
  type CodedLine,
  codeDiscount,
  discountSource,
  effectiveDiscount,
  orderTotals,
  priceProduct,
  type OrderTotals,
  taxComponentsFor,
  taxRateFor,
} from '~/shared/pricing';
import type { CartQuote, CartQuoteRequest } from '~/shared/schemas/cart-quote';
import type { CurrentFigures, ShippingAddress } from '~/shared/schemas/checkout';
import type { ShippingSettings, TaxRate } from '~/shared/schemas/store-settings';
import type { Config } from '~/server/config';
import type { DbOrTx } from '~/server/db/client';
import { discountCodes, discountCodeUses, products } from '~/server/db/schema';
import { badRequest } from '~/server/lib/http-error';
import { clock } from '~/server/lib/clock';
import { selectProducts, todaysWeekdayDiscount, visibleToShoppers } from '~/server/features/catalog';
import { getShippingSettings, listTaxRates } from '~/server/features/store-settings';

export type PricedLine = {
  productId: number;
  /** The English name: what an order records (its lines keep the name the product was sold under). */
  name: string;
  /** The French name when staff gave one: answers to a French page name the line with it. */
  nameFr: string | null;
  sku: string | null;
  imageUrl: string | null;
  quantity: number;
  unitCents: number;
  /** The selling price before today's discount. */
  regularCents: number;
  originalCents: number | null;
  discountPercent: number;
  /** Units available now: stock less active holds. */
  available: number;
  condition: ProductCondition;
  categoryId: number | null;
  /** Which of the day's discounts lowered the price (src/shared/pricing.ts discountSource). */
  source: CodedLine['source'];
  /** This line's share of the discount code (all its units); 0 without one. */
  codeCents: number;
  /** Sold as final sale: no return (docs/decisions/0301-condition-and-final-sale.md). */
  finalSale: boolean;
};

export type PricedCart = {
  lines: PricedLine[];
  /** Requested products that do not exist or are not for sale (inactive, archived, hidden category). */
  unavailable: number[];
  totals: OrderTotals;
  shipping: ShippingSettings;
  /** The discount code applied (its saving is totals.codeDiscountCents), or null. */
  code: { id: number; code: string } | null;
  /** Why the code sent was refused, or null: the caller answers 400 with codeRefusal's text. */
  codeRefusal: { reason: CodeRefusal; minSubtotalCents: number } | null;
};

/** The store-wide inputs of a price: today's weekday discount, shipping settings, tax rates. */
export type PricingContext = { weekday: number; shipping: ShippingSettings; rates: TaxRate[] };

export async function loadPricingContext(
  db: DbOrTx,
  config: Pick<Config, 'STORE_TIMEZONE'>,
): Promise<PricingContext> {
  // One after the other: inside a transaction they share one connection.
  const weekday = await todaysWeekdayDiscount(db, config.STORE_TIMEZONE);
  const shipping = await getShippingSettings(db);
  const rates = await listTaxRates(db);
  return { weekday, shipping, rates };
}

/**
 * The code of the Canadian province an order would ship to when the store has switched it off (its tax row is
 * inactive, so /api/taxes leaves it out and the checkout page does not offer it), or null. Pickup ships
 * nowhere; outside Canada there is no province to check; with no tax rows at all nothing is switched
 * off (docs/decisions/0211-inactive-provinces.md).
 */
export function provinceSwitchedOff(
  request: Pick<CartRequest, 'shippingMethod' | 'address'>,
  rates: readonly TaxRate[],
): string | null {
  if (request.shippingMethod === 'pickup' || rates.length === 0) return null;
  if ((request.address.country ?? '').trim().toLowerCase() !== 'canada') return null;
  const code = (request.address.state ?? '').trim().toUpperCase();
  if (rates.some((r) => r.provinceCode.toUpperCase() === code)) return null;
  return code;
}

/** The refusal naming a province the store does not ship to, in the answer's language. */
export const provinceUnavailableMessage = (code: string): ErrorText => ({
  key: 'Sorry, we are not shipping to {{name}} at the moment. Please choose another province or pickup at store.',
  values: { name: { en: provinceName(code, 'en'), fr: provinceName(code, 'fr') } },
});

export type CartRequest = {
  items: { productId: number; quantity: number }[];
  shippingMethod: string;
  address: Pick<ShippingAddress, 'country' | 'state'>;
  /** false: no shipping counted (the cart page before a method is chosen). Default true. */
  includeShipping?: boolean;
  /** The discount code typed by the shopper, any case; blank or absent: none. */
  discountCode?: string | null;
  /** Who checks out, for a code's per-customer limit (the quote does not know yet). */
  customer?: { userId: number | null; email: string };
};

/** The discount code's refusal as a 400 in the answer's language; nothing was changed. */
export function refuseCode(priced: PricedCart, locale: Locale = 'en'): void {
  const refusal = priced.codeRefusal;
  if (!refusal) return;
  throw badRequest(codeRefusalText(refusal.reason, locale, refusal.minSubtotalCents), {
    code: 'discount_code_refused',
    reason: refusal.reason,
    errors: { discountCode: codeRefusalText(refusal.reason, locale, refusal.minSubtotalCents) },
  });
}

type CodeRow = typeof discountCodes.$inferSelect;

/** The customer's uses of a code so far: their account's or their e-mail's, case-folded. */
async function customerUses(db: DbOrTx, codeId: number, customer: CartRequest['customer']): Promise<number> {
  if (!customer) return 0;
  const email = customer.email.trim().toLowerCase();
  const mine =
    customer.userId === null
      ? eq(discountCodeUses.email, email)
      : or(eq(discountCodeUses.userId, customer.userId), eq(discountCodeUses.email, email));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountCodeUses)
    .where(and(eq(discountCodeUses.codeId, codeId), mine));
  return Number(row?.n ?? 0);
}

/**
 * Evaluates the code on the priced lines and, when it applies, shares its saving over the eligible
 * lines in proportion to what they cost (src/shared/pricing.ts allocateCents), for refunds by line
 * (docs/decisions/0553-discount-code-refunds-by-line.md).
 */
async function applyCode(
  db: DbOrTx,
  request: CartRequest,
  lines: PricedLine[],
): Promise<{ row: CodeRow | null; cents: number; refusal: PricedCart['codeRefusal'] }> {
  const typed = request.discountCode?.trim().toUpperCase() ?? '';
  if (typed === '') return { row: null, cents: 0, refusal: null };
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, typed));
  const rule = row
    ? { ...row, amountCents: toCents(row.amount) ?? 0, minSubtotalCents: toCents(row.minSubtotal) ?? 0 }
    : null;
  const coded = lines.map((l) => ({
    productId: l.productId,
    categoryId: l.categoryId,
    condition: l.condition,
    lineCents: l.unitCents * l.quantity,
    regularCents: l.regularCents * l.quantity,
    source: l.source,
  }));
  const result = codeDiscount(rule, {
    now: clock.now(),
    customerUses: row ? await customerUses(db, row.id, request.customer) : 0,
    lines: coded,
  });
  if (result.ok && rule) {
    const shares = allocateCents(
      result.discountCents,
      coded.map((l) => (lineEligible(rule, l) ? l.lineCents : 0)),
    );
    lines.forEach((l, i) => {
      l.codeCents = shares[i]!;
    });
  }
  if (!result.ok) {
    return {
      row: null,
      cents: 0,
      refusal: { reason: result.reason, minSubtotalCents: row ? (toCents(row.minSubtotal) ?? 0) : 0 },
    };
  }
  return { row: row!, cents: result.discountCents, refusal: null };
}

export async function priceCart(
  db: DbOrTx,
  config: Pick<Config, 'STORE_TIMEZONE' | 'STORE_PROVINCE'>,
  request: CartRequest,
  context?: PricingContext,
): Promise<PricedCart> {
  const ids = request.items.map((i) => i.productId);
  const { weekday, shipping, rates } = context ?? (await loadPricingContext(db, config));
  const rows = await selectProducts(db).where(and(inArray(products.id, ids), visibleToShoppers));
  const lines: PricedLine[] = [];
  const unavailable: number[] = [];
  for (const item of request.items) {
    const row = rows.find((r) => r.id === item.productId);
    // A $0.00 lot is not for sale (its price was never set): the checkout refuses it rather than give
    // it away (docs/decisions/0466-dashboard-counts-and-zero-prices.md).
    if (!row || (toCents(row.price) ?? 0) <= 0) {
      unavailable.push(item.productId);
      continue;
    }
    const discount = effectiveDiscount(row, weekday, row.categoryPercent ?? 0);
    const source = discountSource(row, weekday, row.categoryPercent ?? 0);
    const pricing = priceProduct(row, discount);
    lines.push({
      productId: row.id,
      name: row.name,
      nameFr: row.nameFr,
      sku: row.lotNumber,
      imageUrl: row.imageUrl,
      quantity: item.quantity,
      unitCents: pricing.unitCents,
      regularCents: pricing.regularCents,
      originalCents: pricing.originalCents,
      discountPercent: pricing.discountPercent,
      available: Number(row.stock),
      condition: row.condition,
      categoryId: row.categoryId,
      source,
      codeCents: 0,
      finalSale: row.finalSale,
    });
  }
  const where = {
    shippingMethod: request.shippingMethod,
    country: request.address.country,
    province: request.address.state,
    rates,
    storeProvince: config.STORE_PROVINCE,
  };
  const taxRate = taxRateFor(where);
  const code = await applyCode(db, request, lines);
  const totals = orderTotals({
    lines: lines.map((l) => ({
      unitCents: l.unitCents,
      regularUnitCents: l.regularCents,
      discountPercent: l.discountPercent,
      quantity: l.quantity,
    })),
    shippingMethod: request.shippingMethod,
    shipping,
    taxRate,
    taxComponents: taxComponentsFor(where),
    includeShipping: request.includeShipping,
    codeDiscountCents: code.cents,
  });
  return {
    lines,
    unavailable,
    totals,
    shipping,
    code: code.row ? { id: code.row.id, code: code.row.code } : null,
    codeRefusal: code.refusal,
  };
}

/**
 * POST /api/cart/quote: the same pricing as create-checkout (docs/decisions/0131-cart-quote.md). No
 * method: no shipping counted; no province: the store's own, as the cart page assumes.
 */
export async function quoteCart(
  db: DbOrTx,
  config: Pick<Config, 'STORE_TIMEZONE' | 'STORE_PROVINCE'>,
  request: CartQuoteRequest,
  locale: Locale = 'en',
): Promise<CartQuote> {
  const priced = await priceCart(db, config, {
    items: request.items,
    shippingMethod: request.shippingMethod ?? 'standard',
    address: { country: request.country ?? 'Canada', state: request.province ?? config.STORE_PROVINCE },
    includeShipping: request.shippingMethod !== undefined,
    discountCode: request.discountCode,
  });
  refuseCode(priced, locale);
  return { ...currentFigures(priced, locale), unavailable: priced.unavailable };
}

/** A line's name in the page's language (docs/decisions/0350-french-catalogue-fields.md). */
export const lineName = (line: PricedLine, locale: Locale) => pickText(line.name, line.nameFr, locale).text;

/** The figures a 409 carries, so the page can show what the order costs now, named in its language. */
export function currentFigures(priced: PricedCart, locale: Locale = 'en'): CurrentFigures {
  const t = priced.totals;
  return {
    subtotal: centsToString(t.subtotalCents),
    discountAmount: centsToString(t.discountCents),
    discountPercentage: t.discountPercentage,
    discountCode: priced.code?.code ?? null,
    codeDiscountAmount: centsToString(t.codeDiscountCents),
    shippingCost: centsToString(t.shippingCents),
    taxRate: t.taxRate,
    taxAmount: centsToString(t.taxCents),
    total: centsToString(t.totalCents),
    items: priced.lines.map((l) => ({
      productId: l.productId,
      name: lineName(l, locale),
      price: centsToString(l.unitCents),
      regularPrice: centsToString(l.regularCents),
      compareAtPrice: l.originalCents === null ? null : centsToString(l.originalCents),
      discountApplied: l.discountPercent > 0,
      discountPercentage: l.discountPercent,
      quantity: l.quantity,
      available: l.available,
      finalSale: l.finalSale,
    })),
  };
}
