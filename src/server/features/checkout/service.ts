// Creating a checkout: validate, recompute every amount from the database, hold the stock, create the
// order, and ask the payment provider for a hosted checkout. Safe to repeat with the same
// idempotency key (double click, retry), also when the repeats arrive at the same time.
import { bookSlot, newPickupCode } from '~/server/features/pickup';
import { createHash, randomBytes } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { FINAL_SALE_UNACKNOWLEDGED } from '~/shared/condition';
import { CONTRACT_VERSION } from '~/shared/contract';
import { type Locale, localizedPath } from '~/shared/i18n/locales';
import { centsToString, toCents } from '~/shared/money';
import { rateToMilli } from '~/shared/pricing';
import type { ErrorText } from '~/shared/i18n/error-text';
import { CHECKOUT_CLOSED, type CreateCheckout, NOT_YOUR_ACCOUNT } from '~/shared/schemas/checkout';
import type { AppContext } from '~/server/context';
import type { Tx } from '~/server/db/client';
import { orderHistory, orderItems, orders, products, stockHolds } from '~/server/db/schema';
import { hostKey, networkKey } from '~/server/lib/client-address';
import { badRequest, conflict, HttpError } from '~/server/lib/http-error';
import { orderProofToken } from '~/server/lib/order-proof';
import { insertOrder, updateOrder } from '~/server/lib/order-writes';
import type { SessionUser } from '~/server/plugins/sessions';
import { recordConsent } from '~/server/features/newsletter';
import { redeemDiscountCode } from '~/server/features/discount-codes';
import { spendStoreCreditOnOrder } from '~/server/features/store-credit';
import {
  addOrderGiftCardLines,
  giftCardSaleCents,
  spendGiftCardsOnOrder,
} from '~/server/features/gift-cards';
import { getStoreSettings } from '~/server/features/store-settings';
import {
  closeCheckouts,
  completeOrderPayment,
  DRAFT_CLIENT_KEY_PREFIX,
  failPendingOrder,
  listOrderItems,
  type OrderRow,
  toPaymentOrder,
} from '~/server/features/orders';
import {
  type CartRequest,
  currentFigures,
  lineName,
  loadPricingContext,
  type PricedCart,
  priceCart,
  provinceSwitchedOff,
  provinceUnavailableMessage,
  refuseCode,
} from './pricing';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 'ORD-' and 16 base32 characters: 80 random bits, unguessable, easy to read out on the phone. */
export function newOrderReference(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `ORD-${out}`;
}

/** Stable JSON (sorted keys) for fingerprinting a request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The stored idempotency key: the client's key bound to who is asking and exactly what they asked.
 * The same submission repeated finds its order; a changed submission (say, after a 409 with new
 * prices) is a new order; nobody else's key opens somebody else's checkout.
 */
export function storedIdempotencyKey(key: string, userId: number | null, body: CreateCheckout): string {
  return createHash('sha256')
    .update(`${userId ?? 'guest'}\n${key}\n${canonical(body)}`)
    .digest('hex');
}

/** Who is checking out: plain values the route reads from the request. */
export type Shopper = {
  user: SessionUser | null;
  /** The Idempotency-Key header, when sent. */
  idempotencyKey: string | null;
  /**
   * Who is checking out, for the caps on what one client holds: 'user:{id}' when signed in, else
   * 'ip:{address}' (the address as TRUST_PROXY allows it to be known). See clientKeyFor.
   */
  clientKey: string;
  /** 'net:{IPv4 /24 or IPv6 /48}' of the request's address: a wider budget shared by its clients. */
  networkKey?: string;
  /** The client's address, kept with a marketing consent given at checkout as its proof. */
  ip?: string;
  /**
   * The language the shopper checks out in (the page's, sent as Accept-Language): the order keeps it
   * and its e-mails are written in it (docs/decisions/0360-orders-remember-their-language.md).
   */
  locale?: Locale;
};

/**
 * The client a checkout counts against: the signed-in account, else the host behind the address
 * (the IPv4 address, or the IPv6 /64: one host can use every address in it).
 */
export function clientKeyFor(user: SessionUser | null, ip: string): string {
  return user ? `user:${user.id}` : `ip:${hostKey(ip)}`;
}

/** The network a checkout counts against as well, signed in or not (src/server/lib/client-address.ts). */
export function networkKeyFor(ip: string): string {
  return `net:${networkKey(ip)}`;
}

export const HOLD_LIMIT = 'hold_limit';
/** The payment method of an order that store credit paid in full. */
export const STORE_CREDIT_METHOD = 'store_credit';
/** The payment method of an order that gift cards (with any store credit) paid in full. */
export const GIFT_CARD_METHOD = 'gift_card';
const TENDER_METHODS = [STORE_CREDIT_METHOD, GIFT_CARD_METHOD];
export const GUEST_STORE_CREDIT = 'Sign in to your account to use your store credit.';
/** A gift card is not bought with a gift card (docs/decisions/0534-gift-card-sales.md). */
export const GIFT_CARD_FOR_GIFT_CARD =
  'A gift card cannot be paid for with a gift card. Please remove the gift card code, or buy the gift card in its own order paid by card.';

export type CheckoutResult = { order: OrderRow; checkoutUrl: string; created: boolean };

const PRICE_CHANGED =
  'Prices or amounts in your order have changed. Please review the updated total and try again.';

/** The page's figures against the server's: any difference is a 409 with the current figures. */
function checkFigures(body: CreateCheckout, priced: PricedCart, locale: Locale = 'en'): void {
  const t = priced.totals;
  // The gift cards bought are part of the total, untaxed and unshipped (0534).
  const saleCents = giftCardSaleCents(body.giftCards);
  const o = body.orderData;
  const same = (client: string, cents: number) => toCents(client) === cents;
  let ok =
    same(o.subtotal, t.subtotalCents) &&
    same(o.discountAmount, t.discountCents) &&
    toCents(o.discountPercentage) === toCents(t.discountPercentage) &&
    same(o.codeDiscountAmount ?? '0.00', t.codeDiscountCents) &&
    same(o.shippingCost, t.shippingCents) &&
    // A gift-card-only order has nothing to tax: its rate is not asked about.
    (body.items.length === 0 || rateToMilli(o.taxRate) === rateToMilli(t.taxRate)) &&
    same(o.taxAmount, t.taxCents) &&
    same(o.total, t.totalCents + saleCents);
  for (const item of body.items) {
    const line = priced.lines.find((l) => l.productId === item.productId);
    const compareAt = item.compareAtPrice === null ? null : toCents(item.compareAtPrice);
    if (!line || toCents(item.price) !== line.unitCents || compareAt !== line.originalCents) ok = false;
  }
  if (!ok) {
    const current = currentFigures(priced, locale);
    throw conflict(PRICE_CHANGED, {
      code: 'price_changed',
      current: { ...current, total: centsToString(t.totalCents + saleCents) },
    });
  }
}

function stockMessage(name: string, available: number): ErrorText {
  if (available <= 0) return { key: 'Sorry, "{{name}}" is out of stock.', values: { name } };
  return { key: 'Sorry, only {{count}} of "{{name}}" are available.', values: { count: available, name } };
}

/** 409 naming the first item that lacks stock. */
function checkStock(priced: PricedCart, locale: Locale = 'en'): void {
  const short = priced.lines.filter((l) => l.quantity > l.available);
  if (short.length === 0) return;
  throw conflict(stockMessage(lineName(short[0]!, locale), short[0]!.available), {
    code: 'out_of_stock',
    items: short.map((l) => ({
      productId: l.productId,
      name: lineName(l, locale),
      requested: l.quantity,
      available: l.available,
    })),
    current: currentFigures(priced, locale),
  });
}

/**
 * A new checkout replaces the shopper's previous unpaid ones (not one its store credit paid in full,
 * which is being completed by its own request): the same signed-in account, or for a
 * guest the same address and the same e-mail (two people behind one address do not cancel each
 * other). Each is failed and its holds released at once, in this transaction; their payment links
 * are closed after it commits (docs/decisions/0120-stock-hoarding.md).
 */
async function replacePreviousCheckouts(
  tx: Tx,
  body: CreateCheckout,
  shopper: Shopper,
  reference: string,
): Promise<OrderRow[]> {
  const sameShopper = shopper.user
    ? sql``
    : sql`and lower(o.customer_email) = lower(${body.orderData.customerEmail})`;
  const previous = (await tx.execute(sql`
    select o.id from orders o
    where o.client_key = ${shopper.clientKey} and o.payment_status = 'pending' ${sameShopper}
      and o.payment_method not in (${STORE_CREDIT_METHOD}, ${GIFT_CARD_METHOD})
      and exists (select 1 from stock_holds h where h.order_id = o.id
                  and h.released_at is null and h.expires_at > now())
    order by o.id`)) as unknown as { rows: { id: number }[] };
  const replaced: OrderRow[] = [];
  for (const { id } of previous.rows) {
    const failed = await failPendingOrder(
      tx,
      Number(id),
      { kind: 'checkout', userId: shopper.user?.id ?? null },
      `Replaced by the shopper's new checkout ${reference}`,
    );
    if (failed) replaced.push(failed);
  }
  return replaced;
}

/**
 * What one client may hold at a time: MAX_OPEN_CHECKOUTS_PER_CLIENT unpaid checkouts with active
 * holds and MAX_HELD_UNITS_PER_CLIENT units in them, this checkout included; the client's network
 * (IPv4 /24, IPv6 /48) the same with the wider MAX_*_PER_NETWORK. Counted under the client's and
 * the network's advisory locks, so parallel checkouts of one client or network cannot both pass.
 */
async function checkHoldCaps(tx: Tx, body: CreateCheckout, ctx: AppContext, shopper: Shopper): Promise<void> {
  const units = body.items.reduce((sum, i) => sum + i.quantity, 0);
  const client = await heldBy(tx, sql`o.client_key = ${shopper.clientKey}`);
  const { MAX_OPEN_CHECKOUTS_PER_CLIENT: maxCheckouts, MAX_HELD_UNITS_PER_CLIENT: maxUnits } = ctx.config;
  if (client.checkouts + 1 > maxCheckouts) {
    throw conflict(
      {
        key: 'You already have {{count}} unpaid checkouts holding items. Please complete or cancel one, or wait for it to expire, before starting another.',
        values: { count: maxCheckouts },
      },
      { code: HOLD_LIMIT, maxCheckouts, maxUnits },
    );
  }
  if (client.units + units > maxUnits) {
    const already = client.units;
    throw conflict(
      already > 0
        ? {
            key: 'A shopper can hold at most {{max}} items at a time, and {{already}} are already held in your unpaid checkouts. Please reduce the quantities or complete your other checkout first.',
            values: { max: maxUnits, already },
          }
        : {
            key: 'A checkout can hold at most {{max}} items at a time. Please reduce the quantities, or contact us for a larger order.',
            values: { max: maxUnits },
          },
      { code: HOLD_LIMIT, maxCheckouts, maxUnits },
    );
  }
  if (!shopper.networkKey) return;
  const network = await heldBy(tx, sql`o.network_key = ${shopper.networkKey}`);
  const { MAX_OPEN_CHECKOUTS_PER_NETWORK: netCheckouts, MAX_HELD_UNITS_PER_NETWORK: netUnits } = ctx.config;
  if (network.checkouts + 1 > netCheckouts || network.units + units > netUnits) {
    ctx.log.warn(
      { networkKey: shopper.networkKey, held: network.units, checkouts: network.checkouts },
      'checkout refused: the network holds its budget of unpaid checkouts',
    );
    throw conflict(NETWORK_HOLD_LIMIT, { code: HOLD_LIMIT, maxCheckouts, maxUnits });
  }
}

const NETWORK_HOLD_LIMIT =
  'Many items are already held in unpaid checkouts from your network. Please complete a checkout, or try again in a few minutes.';
const HOLDS_BUSY =
  'Too many items are waiting in unpaid checkouts right now. Please try again in a few minutes.';
export const HOLDS_BUSY_CODE = 'holds_busy';
/** A line this large that takes past half of its product's stock gets a short hold. */
const PRODUCT_SHARE_MIN_UNITS = 10;

async function heldBy(tx: Tx, who: ReturnType<typeof sql>): Promise<{ checkouts: number; units: number }> {
  const result = (await tx.execute(sql`
    select count(distinct o.id)::int as checkouts, coalesce(sum(h.quantity), 0)::int as units
    from orders o join stock_holds h on h.order_id = o.id
    where ${who} and o.payment_status = 'pending'
      and h.released_at is null and h.expires_at > now()`)) as unknown as {
    rows: { checkouts: number; units: number }[];
  };
  const row = result.rows[0];
  return { checkouts: Number(row?.checkouts ?? 0), units: Number(row?.units ?? 0) };
}

/**
 * How long this checkout's holds last, from the share of what is for sale that unpaid checkouts hold
 * once it is placed (docs/decisions/0450-limits-that-count-people.md): the whole catalogue's share
 * over HOLD_SHARE_REFUSE_PERCENT refuses the checkout (409 holds_busy); over
 * HOLD_SHARE_SHORTEN_PERCENT, or over half of one product's stock for a line of PRODUCT_SHARE_MIN_UNITS or more,
 * the hold lasts SHORT_HOLD_MINUTES instead of STOCK_HOLD_MINUTES. Under HOLD_SHARE_MIN_UNITS held
 * units in all, the catalogue's share is not looked at (a small store's ordinary carts).
 */
async function holdMinutes(tx: Tx, body: CreateCheckout, ctx: AppContext, shopper: Shopper): Promise<number> {
  const c = ctx.config;
  const short = Math.min(c.SHORT_HOLD_MINUTES, c.STOCK_HOLD_MINUTES);
  const units = body.items.reduce((sum, i) => sum + i.quantity, 0);
  const ids = body.items.map((i) => i.productId);
  // A gift-card-only order holds no stock.
  if (ids.length === 0) return c.STOCK_HOLD_MINUTES;
  const result = (await tx.execute(sql`
    select
      (select coalesce(sum(p.stock), 0) from products p
        where p.active and p.archived_at is null)::bigint as for_sale,
      (select coalesce(sum(h.quantity), 0) from stock_holds h join products p on p.id = h.product_id
        where h.released_at is null and h.expires_at > now() and p.active and p.archived_at is null)::bigint as held`)) as unknown as {
    rows: { for_sale: number | string; held: number | string }[];
  };
  const forSale = Number(result.rows[0]?.for_sale ?? 0);
  const held = Number(result.rows[0]?.held ?? 0) + units;
  if (held > c.HOLD_SHARE_MIN_UNITS && forSale > 0) {
    if (held * 100 > forSale * c.HOLD_SHARE_REFUSE_PERCENT) {
      ctx.log.warn(
        { held, forSale, clientKey: shopper.clientKey, networkKey: shopper.networkKey },
        'checkout refused: unpaid checkouts hold an unusual share of the stock for sale',
      );
      throw conflict(HOLDS_BUSY, { code: HOLDS_BUSY_CODE });
    }
    if (held * 100 > forSale * c.HOLD_SHARE_SHORTEN_PERCENT) return short;
  }
  const perProduct = (await tx.execute(sql`
    select p.id, p.stock, coalesce((select sum(h.quantity) from stock_holds h where h.product_id = p.id
      and h.released_at is null and h.expires_at > now()), 0)::int as held
    from products p where p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`)) as unknown as { rows: { id: number; stock: number; held: number }[] };
  for (const item of body.items) {
    const row = perProduct.rows.find((r) => Number(r.id) === item.productId);
    if (!row || item.quantity < PRODUCT_SHARE_MIN_UNITS) continue;
    if ((Number(row.held) + item.quantity) * 2 > Number(row.stock)) return short;
  }
  return c.STOCK_HOLD_MINUTES;
}

type Placed = { order: OrderRow; created: boolean; replaced: OrderRow[] };

/**
 * An order staff take by phone or message (docs/decisions/0625-draft-orders.md): priced and held by
 * placeOrder like a checkout, but the body carries no figures to compare (the server's are the
 * order's), it replaces nothing and counts against no shopper's caps, its holds last `holdMinutes`,
 * and the buyer accepts the contract by paying on the pay link (so it is not marked accepted here).
 */
export type StaffOrder = { holdMinutes: number; staffUserId: number; accountUserId: number | null };

/** Everything that must happen atomically: price, create, lock, recheck, hold. */
async function placeOrder(
  tx: Tx,
  body: CreateCheckout,
  ctx: AppContext,
  shopper: Shopper,
  storedKey: string | null,
  staff?: StaffOrder,
): Promise<Placed> {
  if (storedKey) {
    // Concurrent repeats of one submission queue here, so the second finds the first's order instead
    // of competing with it for the stock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${storedKey}, 0))`);
    const [existing] = await tx.select().from(orders).where(eq(orders.idempotencyKey, storedKey));
    if (existing) return { order: existing, created: false, replaced: [] };
  }
  // One client's checkouts queue here (always after the idempotency lock, so no two checkouts wait
  // for each other's locks in opposite order): replacing and counting what it holds are not raced.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-client:${shopper.clientKey}`}, 0))`,
  );
  // Then the network's (IPv4 /24, IPv6 /48), which several clients share: same order everywhere.
  if (shopper.networkKey) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-network:${shopper.networkKey}`}, 0))`,
    );
  }
  const reference = newOrderReference();
  const replaced = staff ? [] : await replacePreviousCheckouts(tx, body, shopper, reference);
  const userId = staff ? staff.accountUserId : (shopper.user?.id ?? null);
  const pickupOrder = body.orderData.shippingMethod === 'pickup';
  const address = body.orderData.shippingAddress;
  const request: CartRequest = {
    items: body.items,
    shippingMethod: body.orderData.shippingMethod,
    // A pickup order has no address: its tax is the store's province's whatever the address says
    // (taxRateFor), so the store's province stands in for it.
    address: pickupOrder ? { country: 'Canada', state: ctx.config.STORE_PROVINCE } : address!,
    discountCode: body.orderData.discountCode,
    customer: { userId, email: body.orderData.customerEmail },
  };
  const pricing = await loadPricingContext(tx, ctx.config);

  // Everything that does not need the stock is decided and written before the products are locked,
  // so the lock (which every checkout of a hot product waits for) is held as briefly as possible.
  const priced = await priceCart(tx, ctx.config, request, pricing);
  if (priced.unavailable.length > 0) {
    const id = priced.unavailable[0]!;
    const name = body.items.find((i) => i.productId === id)?.name.slice(0, 200) || `Product #${id}`;
    throw conflict(
      { key: 'Sorry, "{{name}}" is no longer available. Please remove it from your cart.', values: { name } },
      {
        code: 'unavailable',
        productId: id,
      },
    );
  }
  if (
    body.orderData.shippingMethod === 'pickup' &&
    body.items.length > 0 &&
    !priced.shipping.pickupAvailable
  ) {
    throw conflict('Pickup at store is not available at the moment. Please choose another shipping method.', {
      code: 'pickup_unavailable',
    });
  }
  const switchedOff = provinceSwitchedOff(request, pricing.rates);
  if (switchedOff) {
    throw conflict(provinceUnavailableMessage(switchedOff), { code: 'province_unavailable' });
  }
  // A refused code is a 400 before anything is written; the transaction rolls back the replacements.
  refuseCode(priced, shopper.locale);
  if (!staff) checkFigures(body, priced, shopper.locale);
  const finalSaleLines = priced.lines.filter((l) => l.finalSale);
  // A staff order's buyer sees each final-sale line in the pay link's contract block and accepts by paying.
  if (!staff && finalSaleLines.length > 0 && body.orderData.finalSaleAcknowledged !== true) {
    throw conflict(FINAL_SALE_UNACKNOWLEDGED, {
      code: 'final_sale_unacknowledged',
      productIds: finalSaleLines.map((l) => l.productId),
    });
  }
  checkStock(priced, shopper.locale);
  // The slot's row lock comes after the client's and network's locks and before the products' (the
  // same order in every checkout): its last place has one winner (docs/decisions/0620-pickup-slots.md).
  // Staff taking an order by phone agree the pickup time with the buyer: no slot is booked for it.
  // A gift-card-only order is sent as pickup with nothing to collect: it books no slot (0534).
  const slot =
    pickupOrder && !staff && body.items.length > 0 ? await bookSlot(tx, body.orderData.pickupSlotId) : null;
  if (!staff) await checkHoldCaps(tx, body, ctx, shopper);
  const minutes = staff ? staff.holdMinutes : await holdMinutes(tx, body, ctx, shopper);

  const t = priced.totals;
  const o = body.orderData;
  const saleCents = giftCardSaleCents(body.giftCards);
  const totalCents = t.totalCents + saleCents;
  const order = await insertOrder(tx, {
    orderReference: reference,
    idempotencyKey: storedKey,
    clientKey: shopper.clientKey,
    networkKey: shopper.networkKey ?? null,
    userId,
    customerEmail: o.customerEmail,
    customerName: o.customerName,
    customerPhone: o.customerPhone,
    // A pickup order keeps no address, even one sent with it: nothing is shipped to it.
    shippingAddress:
      pickupOrder || !address
        ? null
        : {
            addressLine1: address.addressLine1,
            addressLine2: address.addressLine2 || null,
            city: address.city,
            state: address.country === 'Canada' ? address.state.toUpperCase() : address.state,
            zipCode: address.zipCode,
            country: address.country,
          },
    shippingMethod: o.shippingMethod,
    ...(slot ?? {}),
    pickupCode: pickupOrder ? newPickupCode() : null,
    shippingCost: centsToString(t.shippingCents),
    subtotal: centsToString(t.subtotalCents),
    discountPercentage: t.discountPercentage,
    discountAmount: centsToString(t.discountCents),
    discountCode: priced.code?.code ?? null,
    codeDiscountAmount: centsToString(t.codeDiscountCents),
    taxRate: t.taxRate,
    taxAmount: centsToString(t.taxCents),
    taxLines: t.taxLines.map((l) => ({ code: l.code, rate: l.rate, amount: centsToString(l.cents) })),
    total: centsToString(totalCents),
    giftCardSaleAmount: centsToString(saleCents),
    currency: ctx.config.STORE_CURRENCY,
    locale: shopper.locale ?? 'en',
    status: 'pending',
    paymentStatus: 'pending',
    paymentMethod: ctx.payments.name,
    notes: o.notes?.trim() ? o.notes.trim() : null,
    finalSaleAcknowledgedAt: !staff && finalSaleLines.length > 0 ? new Date() : null,
    // The schema refused the checkout unless the contract was accepted (a 400 before anything is written).
    contractAcceptedAt: staff ? null : new Date(),
    contractVersion: CONTRACT_VERSION,
    contractLanguage: shopper.locale ?? 'en',
    // Taken by staff by phone or message, or by the shopper online: the sales report splits by it.
    channel: staff ? 'draft' : 'online',
  });
  await addOrderGiftCardLines(tx, order.id, body.giftCards ?? []);
  // Each line keeps the return window the contract shows for it today (0566).
  const { returnWindowDays } = await getStoreSettings(tx);
  if (priced.lines.length > 0)
    await tx.insert(orderItems).values(
      priced.lines.map((l) => ({
        orderId: order.id,
        productId: l.productId,
        quantity: l.quantity,
        price: centsToString(l.unitCents),
        discount: centsToString(l.regularCents - l.unitCents),
        codeDiscount: centsToString(l.codeCents),
        productName: l.name,
        soldName: lineName(l, shopper.locale ?? 'en') === l.name ? null : lineName(l, shopper.locale ?? 'en'),
        sku: l.sku,
        imageUrl: l.imageUrl,
        compareAtPrice: l.originalCents === null ? null : centsToString(l.originalCents),
        condition: l.condition,
        finalSale: l.finalSale,
        returnWindowDays: returnWindowDays[l.condition ?? 'new'] ?? 0,
      })),
    );
  await tx.insert(orderHistory).values({
    orderId: order.id,
    field: 'status',
    fromValue: null,
    toValue: 'pending',
    actor: staff ? 'admin' : 'checkout',
    actorUserId: staff ? staff.staffUserId : (shopper.user?.id ?? null),
  });
  // Only a ticked box is consent; the order itself sends and records no marketing.
  if (o.marketingOptIn === true) {
    await recordConsent(
      tx,
      { email: o.customerEmail, userId: shopper.user?.id ?? null, orderId: order.id, ip: shopper.ip },
      'checkout',
      shopper.locale ?? 'en',
      ctx.config.STORE_NAME,
    );
  }

  // Row locks in id order: checkouts of the same products queue here instead of deadlocking, and a
  // hold is only placed while nobody else is counting the same units. NO KEY UPDATE: inserts that
  // only reference the products (other checkouts' order lines) are not held up by it.
  const ids = body.items.map((i) => i.productId).sort((a, b) => a - b);
  if (ids.length > 0)
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for('no key update');
  // A fresh look now that nobody else can hold these units: still for sale, same prices, enough stock.
  const locked = await priceCart(tx, ctx.config, request, pricing);
  if (locked.unavailable.length > 0) {
    throw conflict(PRICE_CHANGED, {
      code: 'price_changed',
      current: currentFigures(locked, shopper.locale),
    });
  }
  refuseCode(locked, shopper.locale);
  if (!staff) checkFigures(body, locked, shopper.locale);
  checkStock(locked, shopper.locale);
  if (locked.lines.length > 0)
    await tx.insert(stockHolds).values(
      locked.lines.map((l) => ({
        orderId: order.id,
        productId: l.productId,
        quantity: l.quantity,
        expiresAt: sql`now() + make_interval(mins => ${minutes})`,
      })),
    );
  // The code's use is counted by the database under its row lock (docs/decisions/0550-discount-codes.md):
  // of concurrent checkouts only as many as it has uses left get here; the rest roll back with a 400.
  if (locked.code) {
    const redeemed = await redeemDiscountCode(tx, {
      codeId: locked.code.id,
      orderId: order.id,
      userId,
      email: o.customerEmail,
    });
    if (!redeemed.ok)
      refuseCode({ ...locked, codeRefusal: { reason: 'usedUp', minSubtotalCents: 0 } }, shopper.locale);
  }
  // Store credit pays first, then the gift cards in the order given, in this transaction, once the
  // stock is held: each the lesser of its balance and what is left, so two checkouts at once never
  // take more than there is (0531, 0533).
  const credit =
    body.useStoreCredit && shopper.user
      ? await spendStoreCreditOnOrder(tx, shopper.user.id, order.id, totalCents)
      : 0;
  const cards = body.giftCardCodes?.length
    ? await spendGiftCardsOnOrder(tx, body.giftCardCodes, order.id, totalCents - credit)
    : 0;
  if (credit > 0 || cards > 0) {
    const paid = await updateOrder(tx, order.id, {
      storeCreditAmount: centsToString(credit),
      giftCardAmount: centsToString(cards),
      // Paid in full by tenders: completed by this request, with no payment page.
      ...(credit + cards === totalCents
        ? { paymentMethod: cards > 0 ? GIFT_CARD_METHOD : STORE_CREDIT_METHOD }
        : {}),
    });
    return { order: paid!, created: true, replaced };
  }
  return { order, created: true, replaced };
}

export async function createCheckout(
  ctx: AppContext,
  shopper: Shopper,
  body: CreateCheckout,
): Promise<CheckoutResult> {
  const userId = body.orderData.userId;
  if (userId !== undefined && userId !== null && userId !== shopper.user?.id) {
    // The code lets the page tell this apart: its cached user may be stale (session expired).
    throw new HttpError(403, 'An order can only be placed for your own account.', { code: NOT_YOUR_ACCOUNT });
  }
  if (body.useStoreCredit && !shopper.user) throw badRequest(GUEST_STORE_CREDIT);
  if (body.giftCards?.length && body.giftCardCodes?.some((c) => c.trim() !== '')) {
    throw badRequest(GIFT_CARD_FOR_GIFT_CARD, { code: 'gift_card_for_gift_card' });
  }
  const storedKey = shopper.idempotencyKey
    ? storedIdempotencyKey(shopper.idempotencyKey, shopper.user?.id ?? null, body)
    : null;
  let placed: Placed;
  try {
    placed = await ctx.db.transaction((tx) => placeOrder(tx, body, ctx, shopper, storedKey));
  } catch (error) {
    // Two repeats that raced past the advisory lock cannot both insert the key: read the winner's order.
    if (storedKey && isUniqueViolation(error)) {
      const [existing] = await ctx.db.select().from(orders).where(eq(orders.idempotencyKey, storedKey));
      if (!existing) throw error;
      placed = { order: existing, created: false, replaced: [] };
    } else {
      throw error;
    }
  }
  // The replaced checkouts take no payment any more.
  await closeCheckouts(ctx, placed.replaced);
  const { order } = placed;
  if (TENDER_METHODS.includes(order.paymentMethod) && order.paymentStatus !== 'failed') {
    return completeWithCredit(ctx, order, placed.created);
  }
  if (!placed.created && order.paymentStatus !== 'pending') {
    throw conflict(
      order.paymentStatus === 'completed'
        ? 'This order has already been paid.'
        : 'This checkout is closed. Please return to your cart and check out again.',
      { code: CHECKOUT_CLOSED, orderId: order.orderReference, paymentStatus: order.paymentStatus },
    );
  }
  const hosted = await hostedCheckout(ctx, order);
  return { order: hosted.order, checkoutUrl: hosted.checkoutUrl, created: placed.created };
}

/**
 * The provider's hosted payment page for a pending order (asked again on a repeat: the provider keeps
 * one per order, and a new link id is recorded), with the order as it stands after.
 */
export async function hostedCheckout(
  ctx: AppContext,
  pending: OrderRow,
): Promise<{ order: OrderRow; checkoutUrl: string }> {
  let order = pending;
  const items = await listOrderItems(ctx.db, order.id);
  const hosted = await ctx.payments.createCheckout(toPaymentOrder(order, items));
  const providerOrderId = hosted.providerOrderId ?? order.providerOrderId;
  if (
    (hosted.paymentLinkId && hosted.paymentLinkId !== order.paymentLinkId) ||
    providerOrderId !== order.providerOrderId
  ) {
    const updated = await updateOrder(ctx.db, order.id, {
      paymentLinkId: hosted.paymentLinkId ?? order.paymentLinkId,
      providerOrderId,
    });
    order = updated!;
  }
  return { order, checkoutUrl: hosted.checkoutUrl };
}

/**
 * Places a staff order (StaffOrder): the same pricing, stock locks and holds as a checkout, in one
 * transaction, then its hosted payment page. `body` carries the lots and the customer; its figures
 * and prices are ignored.
 */
export async function placeStaffOrder(
  ctx: AppContext,
  body: CreateCheckout,
  staff: StaffOrder,
  locale: Locale,
): Promise<{ order: OrderRow; checkoutUrl: string }> {
  const shopper: Shopper = {
    user: null,
    idempotencyKey: null,
    clientKey: `${DRAFT_CLIENT_KEY_PREFIX}user:${staff.staffUserId}`,
    locale,
  };
  const placed = await ctx.db.transaction((tx) => placeOrder(tx, body, ctx, shopper, null, staff));
  return hostedCheckout(ctx, placed.order);
}

/**
 * An order its store credit paid in full takes no payment page: it is completed now, in this request
 * (stock taken, confirmation e-mailed), and the shopper goes straight to the confirmation. A repeat of
 * the same submission finds it paid and is sent to the same page (without the proof, like the
 * payment page's second press).
 */
async function completeWithCredit(
  ctx: AppContext,
  order: OrderRow,
  created: boolean,
): Promise<CheckoutResult> {
  const change = await completeOrderPayment(ctx, order.id, { kind: 'checkout', userId: order.userId });
  if (change.order.paymentStatus !== 'completed') {
    throw conflict('This checkout is closed. Please return to your cart and check out again.', {
      code: CHECKOUT_CLOSED,
      orderId: order.orderReference,
      paymentStatus: change.order.paymentStatus,
    });
  }
  const params = new URLSearchParams({ order_id: order.orderReference, status: 'success' });
  if (created) params.set('token', orderProofToken(ctx.config.sessionSecret, order.orderReference));
  const path = localizedPath('/checkout/confirmation', order.locale);
  return { order: change.order, checkoutUrl: `${ctx.config.publicUrl}${path}?${params.toString()}`, created };
}

function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
