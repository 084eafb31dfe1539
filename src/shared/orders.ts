// How an order reads in the customer's account and the admin area: the address with its alternative
// field names, status labels, the three-step tracker, delivery estimates, notes without the
// machine-generated item listing, and the receipt's tax line.
//
// Every label takes the language to read in, English unless told (docs/decisions/0360-orders-remember-their-language.md);
// the words of both languages are in orders.messages.ts.
import type { TFunction } from 'i18next';
import { translator } from './i18n/catalogues';
import { DEFAULT_LOCALE, type Locale } from './i18n/locales';
import { type Cents, toCents } from './money';
import { ORDER_LABELS } from './orders.messages';

/** The order labels' translate function in one language. */
export const orderLabelsT = (locale: Locale = DEFAULT_LOCALE): TFunction => translator(locale, ORDER_LABELS);

export const ADDRESS_UNAVAILABLE = orderLabelsT('en')('addressUnavailable');

/** The shipping settings' delivery ranges before an owner changes them. */
export const DEFAULT_DELIVERY_DAYS = {
  standardMinDays: 3,
  standardMaxDays: 5,
  expressMinDays: 1,
  expressMaxDays: 2,
} as const;
export type DeliveryDays = { [K in keyof typeof DEFAULT_DELIVERY_DAYS]: number };

/** The settings' delivery ranges, the defaults for any not known (settings not loaded, older answers). */
export function deliveryDaysOf(settings: Partial<DeliveryDays> | null | undefined): DeliveryDays {
  return {
    standardMinDays: settings?.standardMinDays ?? DEFAULT_DELIVERY_DAYS.standardMinDays,
    standardMaxDays: settings?.standardMaxDays ?? DEFAULT_DELIVERY_DAYS.standardMaxDays,
    expressMinDays: settings?.expressMinDays ?? DEFAULT_DELIVERY_DAYS.expressMinDays,
    expressMaxDays: settings?.expressMaxDays ?? DEFAULT_DELIVERY_DAYS.expressMaxDays,
  };
}

/** '3-5 business days', '2 business days' (a range of one day), '1 business day'; '3 à 5 jours ouvrables'. */
export function businessDaysText(min: number, max: number, locale: Locale = DEFAULT_LOCALE): string {
  const t = orderLabelsT(locale);
  if (min === max) return t('businessDays', { count: min });
  return t('businessDaysRange', { min, max });
}

/** What the default delivery range reads when an order's method is not known. */
const defaultDeliveryText = (locale: Locale) =>
  businessDaysText(DEFAULT_DELIVERY_DAYS.standardMinDays, DEFAULT_DELIVERY_DAYS.standardMaxDays, locale);

/**
 * What an order or a checkout says about delivery (docs/decisions/0132-delivery-estimates-are-settings.md):
 * the method's range from the settings for standard and express, the pickup sentence for pickup, and
 * nothing for a cancelled order or an unknown method.
 */
export function deliveryWindowText(
  method: string | null | undefined,
  days: DeliveryDays = DEFAULT_DELIVERY_DAYS,
  status?: string | null,
  locale: Locale = DEFAULT_LOCALE,
): string | null {
  if (status === 'cancelled') return null;
  if (method === 'pickup') {
    // Once it is ready, the order no longer waits for an e-mail; once collected, nothing is left to say.
    if (status === 'picked-up') return null;
    return orderLabelsT(locale)(status === 'ready-for-pickup' ? 'pickupReadyNow' : 'pickupReady');
  }
  if (method === 'express') return businessDaysText(days.expressMinDays, days.expressMaxDays, locale);
  if (method === 'standard') return businessDaysText(days.standardMinDays, days.standardMaxDays, locale);
  return null;
}

/**
 * A placed order's delivery wording for the confirmation page and e-mail: its method's range from the
 * current shipping settings, the pickup sentence, or nothing for a cancelled order or a failed payment
 * (docs/decisions/0132-delivery-estimates-are-settings.md).
 */
export function orderDeliveryText(
  order: { shippingMethod: string | null; status: string | null; paymentStatus?: string | null },
  days: DeliveryDays = DEFAULT_DELIVERY_DAYS,
  locale: Locale = DEFAULT_LOCALE,
): string | null {
  if (order.paymentStatus === 'failed') return null;
  return deliveryWindowText(order.shippingMethod, days, order.status, locale);
}

export type StructuredAddress = {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
};

export type ParsedAddress =
  | { kind: 'structured'; address: StructuredAddress; lines: string[] }
  | { kind: 'raw'; text: string; lines: string[] }
  | { kind: 'none'; lines: string[] };

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
const first = (obj: Record<string, unknown>, ...keys: string[]) => {
  for (const k of keys) {
    const v = text(obj[k]);
    if (v) return v;
  }
  return '';
};

function fromObject(obj: Record<string, unknown>, locale: Locale): ParsedAddress {
  const address: StructuredAddress = {
    line1: first(obj, 'address', 'addressLine1', 'line1', 'street'),
    line2: first(obj, 'addressLine2', 'apartment', 'line2'),
    city: first(obj, 'city'),
    region: first(obj, 'province', 'state'),
    postalCode: first(obj, 'postalCode', 'zipCode', 'zip'),
    country: first(obj, 'country'),
  };
  const cityLine = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const lines = [address.line1, address.line2, cityLine, address.country].filter(Boolean);
  if (lines.length === 0) return unavailable(locale);
  return { kind: 'structured', address, lines };
}

const unavailable = (locale: Locale): ParsedAddress => ({
  kind: 'none',
  lines: [orderLabelsT(locale)('addressUnavailable')],
});

/**
 * An order's shipping address, stored as an object or a JSON string with `address` or `addressLine1`,
 * `addressLine2` or `apartment`, `city`, `province` or `state`, `postalCode` or `zipCode`, `country`.
 * Text that is not JSON is shown as it is; nothing usable reads 'Address information not available'.
 */
export function parseShippingAddress(value: unknown, locale: Locale = DEFAULT_LOCALE): ParsedAddress {
  if (value === null || value === undefined) return unavailable(locale);
  if (typeof value === 'string') {
    const raw = value.trim();
    if (!raw) return unavailable(locale);
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return fromObject(parsed as Record<string, unknown>, locale);
      }
      if (typeof parsed === 'string' && parsed.trim()) return parseShippingAddress(parsed, locale);
    } catch {
      // Not JSON: plain text written by hand.
    }
    return {
      kind: 'raw',
      text: raw,
      lines: raw
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    };
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    return fromObject(value as Record<string, unknown>, locale);
  }
  return unavailable(locale);
}

// Each status's key in orders.messages.ts, written out so the catalogue test sees every key used.
const ORDER_STATUS_KEYS: Record<string, string> = {
  pending: 'statusPending',
  processing: 'statusProcessing',
  'ready-for-pickup': 'statusReadyForPickup',
  shipped: 'statusShipped',
  delivered: 'statusDelivered',
  'picked-up': 'statusPickedUp',
  cancelled: 'statusCancelled',
};

const PAYMENT_STATUS_KEYS: Record<string, string> = {
  pending: 'paymentPending',
  completed: 'paymentCompleted',
  failed: 'paymentFailed',
  refunded: 'paymentRefunded',
  paid: 'paymentPaid',
  'partially-refunded': 'paymentPartiallyRefunded',
};

/** How the shopper reads a payment: a completed one is 'paid', and refunds show (in part or all). */
export type ShopperPaymentStatus = 'pending' | 'paid' | 'partially-refunded' | 'refunded' | 'failed';

/**
 * The payment status the shopper's pages show (docs/decisions/0490-order-page-timeline-and-refunds.md):
 * 'Paid' for a completed payment, 'Partially refunded' once some of it was given back, 'Refunded' when
 * all of it was.
 */
export function shopperPaymentStatus(order: {
  paymentStatus: string | null | undefined;
  refundedAmount?: string | null;
  total: string | null | undefined;
}): ShopperPaymentStatus {
  const refunded = toCents(order.refundedAmount) ?? 0;
  const total = toCents(order.total) ?? 0;
  if (order.paymentStatus === 'refunded' || (refunded > 0 && refunded >= total)) return 'refunded';
  if (order.paymentStatus === 'completed') return refunded > 0 ? 'partially-refunded' : 'paid';
  return order.paymentStatus === 'failed' ? 'failed' : 'pending';
}

/**
 * The order status the shopper's pages show: a paid order the store has not started on reads 'Paid'
 * ('Payée'), not 'Pending', which reads as a payment still to come.
 */
export function shopperStatusLabel(
  order: { status: string | null | undefined; paymentStatus: string | null | undefined },
  locale: Locale = DEFAULT_LOCALE,
): string {
  if ((order.status || 'pending') === 'pending' && order.paymentStatus === 'completed') {
    return orderLabelsT(locale)('receiptPaid');
  }
  return orderStatusLabel(order.status, locale);
}

const titleCase = (s: string) =>
  s
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');

/**
 * 'ready-for-pickup' -> 'Ready for Pickup' ('Prête pour la cueillette'); a missing status is 'Pending'
 * (the default); a status the store does not know reads as its own name.
 */
export function orderStatusLabel(status: string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  const key = ORDER_STATUS_KEYS[status || 'pending'];
  return key ? orderLabelsT(locale)(key) : titleCase(status!);
}

export function paymentStatusLabel(
  status: string | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const key = PAYMENT_STATUS_KEYS[status || 'pending'];
  return key ? orderLabelsT(locale)(key) : titleCase(status!);
}

export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A colour family for status badges. */
export function statusTone(status: string | null | undefined): StatusTone {
  switch (status) {
    case 'processing':
    case 'ready-for-pickup':
      return 'info';
    case 'shipped':
      return 'warning';
    case 'delivered':
    case 'picked-up':
    case 'completed':
    case 'paid':
      return 'success';
    case 'partially-refunded':
      return 'warning';
    case 'cancelled':
    case 'failed':
    case 'refunded':
      return 'danger';
    default:
      return 'neutral';
  }
}

export const TRACKER_STEPS = ['Processing', 'Shipped', 'Delivered'] as const;
export type TrackerState = { processing: boolean; shipped: boolean; delivered: boolean };

/**
 * The customer's tracker (section 4): Processing lit for processing, shipped, delivered, picked-up;
 * Shipped for shipped, delivered, picked-up; Delivered for delivered, picked-up. Pending, cancelled
 * and ready-for-pickup light nothing.
 */
export function trackerState(status: string | null | undefined): TrackerState {
  const s = status ?? '';
  return {
    processing: ['processing', 'shipped', 'delivered', 'picked-up'].includes(s),
    shipped: ['shipped', 'delivered', 'picked-up'].includes(s),
    delivered: ['delivered', 'picked-up'].includes(s),
  };
}

/**
 * 'Pickup at store', 'Express Shipping', 'Standard Shipping' ('Cueillette en magasin', 'Livraison
 * express', 'Livraison standard'); an unknown method counts as standard.
 */
export function shippingMethodLabel(
  method: string | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const t = orderLabelsT(locale);
  if (method === 'pickup') return t('methodPickup');
  if (method === 'express') return t('methodExpress');
  return t('methodStandard');
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Whole days from `today` to `date` (both yyyy-mm-dd, or ISO timestamps read by their date); negative
 * once the date has passed.
 */
export function daysRemaining(date: string, today: string): number | null {
  const a = DATE_ONLY.exec(today);
  const b = DATE_ONLY.exec(date);
  if (!a || !b) return null;
  const from = Date.UTC(Number(a[1]), Number(a[2]) - 1, Number(a[3]));
  const to = Date.UTC(Number(b[1]), Number(b[2]) - 1, Number(b[3]));
  if (Number.isNaN(from) || Number.isNaN(to)) return null;
  return Math.round((to - from) / 86_400_000);
}

/** A local calendar date as yyyy-mm-dd. */
export function localDateString(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

// Orders that will not be arriving any more: a countdown would be a false promise (decision 0102).
const NO_COUNTDOWN_STATUSES = new Set(['delivered', 'picked-up', 'cancelled']);

export type DeliveryEstimate =
  | { known: true; date: string; daysRemaining: number; remainingText: string | null }
  | { known: false; text: string | null };

/**
 * The estimated delivery with days remaining ('3 days remaining', '1 day remaining', 'Arriving today').
 * Without a date: the method's range from the settings, or the pickup sentence
 * (docs/decisions/0132-delivery-estimates-are-settings.md; '3-5 business days' when the method is not
 * given). A cancelled order has no estimate (text null). No countdown (remainingText null) once the
 * date has passed or the order is delivered or picked up: the date alone is shown.
 */
export function deliveryEstimate(
  date: string | null | undefined,
  today: string,
  status?: string | null,
  method?: string | null,
  days?: DeliveryDays,
  locale: Locale = DEFAULT_LOCALE,
): DeliveryEstimate {
  if (status === 'cancelled') return { known: false, text: null };
  const remaining = date ? daysRemaining(date, today) : null;
  if (!date || remaining === null) {
    return {
      known: false,
      text:
        method === undefined ? defaultDeliveryText(locale) : deliveryWindowText(method, days, status, locale),
    };
  }
  const t = orderLabelsT(locale);
  const remainingText =
    remaining < 0 || NO_COUNTDOWN_STATUSES.has(status ?? '')
      ? null
      : remaining === 0
        ? t('arrivingToday')
        : t('daysRemaining', { count: remaining });
  return { known: true, date: DATE_ONLY.exec(date)![0], daysRemaining: remaining, remainingText };
}

/** An order line's name: its own name, the product's, or 'Product #id'. */
export function itemDisplayName(
  item: {
    name?: string | null;
    productName?: string | null;
    product?: { name?: string | null } | null;
    productId?: number | null;
  },
  locale: Locale = DEFAULT_LOCALE,
): string {
  const name = text(item.name) || text(item.productName) || text(item.product?.name);
  if (name) return name;
  const t = orderLabelsT(locale);
  return item.productId === null || item.productId === undefined
    ? t('product')
    : t('productNumber', { id: item.productId });
}

// Lines that checkout writes into notes to list the cart ("Items:", "- 2 x Lamp ($10.00)"...).
const LISTING_HEADER = /^\s*(?:order\s+|cart\s+)?items(?:\s+ordered)?(?:\s*\(\d+\))?\s*:\s*(.*)$/i;
const ITEM_LINE = [
  // "2 x Lamp", "- 2x Lamp @ $10.00", "• 1 × Lamp"
  /^\s*(?:[-*•]\s*)?\d+\s*[x×]\s*\S.*$/i,
  // "- Lamp x 2 ($10.00)", "Lamp (x2) - $20.00": only with a price, so ordinary sentences stay.
  /^\s*(?:[-*•]\s*)?\S.*\b(?:x|×|qty:?|quantity:?)\s*\d+\b.*\$\s?\d/i,
  // "Product #12 ...", "Product ID: 12 ..."
  /^\s*(?:[-*•]\s*)?product\s*(?:#|id:?)\s*\d+\b.*$/i,
  // A JSON dump of the cart.
  /^\s*\[\s*\{.*"(?:productId|product_id|quantity)".*\}\s*\]\s*$/i,
];
const isItemLine = (line: string) => ITEM_LINE.some((re) => re.test(line));

/**
 * The customer's own notes without the machine-generated item listing: an 'Items:' section and its
 * list lines, and stand-alone lines that describe cart items. Null when nothing else remains.
 */
export function stripGeneratedItemListing(notes: string | null | undefined): string | null {
  if (!notes) return null;
  const kept: string[] = [];
  let inListing = false;
  for (const line of notes.split(/\r?\n/)) {
    const header = LISTING_HEADER.exec(line);
    if (header) {
      inListing = true;
      // "Items: 2 x Lamp, 1 x Fan" on one line: the rest of the line is part of the listing too.
      continue;
    }
    if (inListing) {
      if (line.trim() === '' || isItemLine(line) || /^\s*[-*•]\s+/.test(line)) {
        if (line.trim() === '') inListing = false;
        continue;
      }
      inListing = false;
    }
    if (isItemLine(line)) continue;
    kept.push(line);
  }
  const result = kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return result === '' ? null : result;
}

/**
 * The tax of an order stored without tax lines: total - subtotal - shipping, floored at 0, so its lines
 * add up (src/shared/order-amounts.ts).
 */
export function receiptTaxCents(order: {
  total: string | number | null | undefined;
  subtotal: string | number | null | undefined;
  shippingCost?: string | number | null;
  codeDiscountAmount?: string | number | null;
}): Cents {
  const total = toCents(order.total) ?? 0;
  const subtotal = toCents(order.subtotal) ?? 0;
  const shipping = toCents(order.shippingCost) ?? 0;
  const code = toCents(order.codeDiscountAmount ?? null) ?? 0;
  return Math.max(0, total - subtotal + code - shipping);
}

/** The receipt's status line: the order's status, or 'Paid' ('Payée') when it has none. */
export function receiptStatus(status: string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  return status ? orderStatusLabel(status, locale) : orderLabelsT(locale)('receiptPaid');
}

/**
 * What decides whether an order is an unpaid checkout (docs/decisions/0220-unpaid-checkouts.md), as the
 * database reads it: the payment status, and for a pending one whether its checkout has run out.
 */
export type CheckoutPaymentState = {
  paymentStatus: string | null;
  /**
   * The checkout held stock, every hold has run out (expired or released), and no administrator has
   * set its payment status since: the maintenance job is about to fail it
   * (docs/decisions/0121-payments-on-dead-orders.md).
   */
  holdsExpired: boolean;
};

/**
 * A checkout that was never paid and will not be: its payment failed (declined, replaced by a newer
 * checkout, expired, or set failed by an administrator), or it is still pending but its stock holds
 * have run out. Not an order to work: the admin list shows these in their own view, the dashboard does
 * not count them as pending orders, and they get no quick action. The SQL twin is
 * src/server/features/orders/unpaid-checkouts.ts; a test holds the two together.
 */
export function isUnpaidCheckout(order: CheckoutPaymentState): boolean {
  if (order.paymentStatus === 'failed') return true;
  return (order.paymentStatus ?? 'pending') === 'pending' && order.holdsExpired;
}
