// A sale at the till (docs/decisions/0600-till.md): the lots priced by the storefront's one pricing
// module at today's prices, the cashier's line and order discounts within their limit, the store's
// province's taxes as separate lines, the stock taken under the same row locks as an online checkout
// (the last unit has one winner), and the tenders: gift cards and store credit first, cash for the rest
// rounded to 5 cents, a card part on the register's Square Terminal (card.ts: the sale waits for it,
// never rounded). A sale is an order (channel 'till', picked up at the counter), so the receipt's
// code is its reference and refunds and returns follow the order's paths.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { cashRoundingOf } from '~/shared/cash-rounding';
import type { ErrorText } from '~/shared/i18n/error-text';
import { centsToString, toCents } from '~/shared/money';
import { STAFF_TILL_DISCOUNT_PERCENT } from '~/shared/permissions';
import type { ProductCondition } from '~/shared/constants';
import { pickText } from '~/shared/i18n/localized-text';
import { allocateCents, orderTotals, taxComponentsFor } from '~/shared/pricing';
import type { PosBasketSchema, PosSale, PosSaleRequest, PosTotals } from '~/shared/schemas/pos';
import type { z } from 'zod';
import type { AppContext } from '~/server/context';
import type { DbOrTx, Tx } from '~/server/db/client';
import {
  orderHistory,
  orderItems,
  orders,
  posRegisters,
  posTenders,
  products,
  users,
} from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { badRequest, conflict, HttpError, notFound } from '~/server/lib/http-error';
import { moveStock } from '~/server/lib/product-writes';
import { insertOrder, updateOrder } from '~/server/lib/order-writes';
import { markStockChange } from '~/server/lib/stock-reason';
import { PaymentProviderError } from '~/server/payments/provider';
import { loadPricingContext, newOrderReference, priceCart } from '~/server/features/checkout';
import { spendGiftCardsOnOrder } from '~/server/features/gift-cards';
import { deliverOrderEmails, queueOrderEmail } from '~/server/features/orders';
import { getStoreSettings } from '~/server/features/store-settings';
import { spendStoreCreditOnOrder } from '~/server/features/store-credit';
import { lockOpenSession } from './sessions';

type Basket = z.infer<typeof PosBasketSchema>;
type Cashier = { id: number; isAdmin: boolean };

export const CARD_NOT_SET_UP =
  'Card payments at the till need the Square Terminal, and this store does not take payments through Square: take cash, a gift card or store credit.';
export const NO_TERMINAL_ON_REGISTER =
  'This register has no Square Terminal paired: an administrator sets its device id. Take cash, a gift card or store credit.';
export const CARD_OVER = 'The card part is more than what is left to pay: lower it.';
export const TERMINAL_UNREACHABLE =
  'The card terminal could not be reached through Square. Nothing was sold: try again, or take another payment.';
export const TENDERS_SHORT = 'The payments do not cover the total: add cash or another payment.';
export const TENDERS_OVER = 'The gift cards and store credit are more than the total: lower one of them.';
export const OFFLINE_CASH_ONLY = 'A sale made offline is paid in cash only.';
export const CREDIT_NEEDS_ACCOUNT =
  "Store credit is spent from a customer's account: choose the customer first.";

type PricedSale = {
  totals: PosTotals;
  /** Per line: charged cents (after today's price), the cashier's discount on it. */
  lines: {
    productId: number;
    name: string;
    nameFr: string | null;
    sku: string;
    imageUrl: string | null;
    quantity: number;
    unitCents: number;
    regularCents: number;
    discountCents: number;
    condition: ProductCondition;
    finalSale: boolean;
    /** Units not held by unpaid online checkouts. */
    available: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  taxLines: { code: string; rate: string; cents: number }[];
  taxRate: string;
  totalCents: number;
};

function discountOff(
  discount: { kind: 'percent' | 'amount'; value: string } | undefined,
  ofCents: number,
  cashier: Cashier,
): number {
  if (!discount) return 0;
  const value = toCents(discount.value) ?? 0;
  const cents = discount.kind === 'percent' ? Math.round((ofCents * value) / 10000) : value;
  if (discount.kind === 'percent' && value > 10000)
    throw badRequest('A discount is a percentage (1 to 100) or an amount like 5.00');
  if (cents > ofCents) throw badRequest('A discount cannot be more than what it is taken from.');
  // The cashier's limit: a percentage of what the discount is taken from (administrators have none).
  if (!cashier.isAdmin && cents * 100 > ofCents * STAFF_TILL_DISCOUNT_PERCENT)
    throw badRequest({
      key: 'This discount is over your limit of {{percent}}%. An administrator can give it.',
      values: { percent: STAFF_TILL_DISCOUNT_PERCENT },
    });
  return cents;
}

/** Prices a basket at today's prices with the cashier's discounts; writes nothing. */
export async function priceSale(
  ctx: AppContext,
  db: DbOrTx,
  basket: Basket,
  cashier: Cashier,
): Promise<PricedSale> {
  const ids = basket.lines.map((l) => l.productId);
  if (new Set(ids).size !== ids.length)
    throw badRequest('Each lot may appear once: change its quantity instead.');
  const context = await loadPricingContext(db, ctx.config);
  const where = {
    shippingMethod: 'pickup',
    country: 'Canada',
    province: ctx.config.STORE_PROVINCE,
    rates: context.rates,
    storeProvince: ctx.config.STORE_PROVINCE,
  };
  const priced = await priceCart(
    db,
    ctx.config,
    {
      items: basket.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      shippingMethod: 'pickup',
      address: { country: 'Canada', state: ctx.config.STORE_PROVINCE },
      includeShipping: false,
    },
    context,
  );
  if (priced.unavailable.length > 0)
    throw conflict(
      { key: 'Lot {{id}} is not for sale.', values: { id: priced.unavailable[0]! } },
      { code: 'not_for_sale' },
    );
  const lineDiscounts = basket.lines.map((request) => {
    const line = priced.lines.find((l) => l.productId === request.productId)!;
    return discountOff(request.discount, line.unitCents * line.quantity, cashier);
  });
  const afterLines = priced.lines.map((l, i) => l.unitCents * l.quantity - lineDiscounts[i]!);
  const orderDiscount = discountOff(
    basket.orderDiscount,
    afterLines.reduce((a, b) => a + b, 0),
    cashier,
  );
  // The order's discount is shared over the lines by what is left of each, so a refund by line gives
  // back what that line was paid (as a discount code's share is).
  const shares = allocateCents(orderDiscount, afterLines);
  const discounts = lineDiscounts.map((d, i) => d + shares[i]!);
  const discountCents = discounts.reduce((a, b) => a + b, 0);
  const totals = orderTotals({
    lines: priced.lines.map((l) => ({
      unitCents: l.unitCents,
      regularUnitCents: l.regularCents,
      discountPercent: l.discountPercent,
      quantity: l.quantity,
    })),
    shippingMethod: 'pickup',
    shipping: context.shipping,
    taxRate: priced.totals.taxRate,
    taxComponents: taxComponentsFor(where),
    includeShipping: false,
    codeDiscountCents: discountCents,
  });
  const lines = priced.lines.map((l, i) => ({
    productId: l.productId,
    name: l.name,
    nameFr: l.nameFr,
    sku: l.sku ?? '',
    imageUrl: l.imageUrl,
    quantity: l.quantity,
    unitCents: l.unitCents,
    regularCents: l.regularCents,
    discountCents: discounts[i]!,
    condition: l.condition,
    finalSale: l.finalSale,
    available: l.available,
  }));
  return {
    lines,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.codeDiscountCents,
    taxLines: totals.taxLines,
    taxRate: totals.taxRate,
    totalCents: totals.totalCents,
    totals: {
      lines: lines.map((l) => ({
        productId: l.productId,
        name: l.name,
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: centsToString(l.unitCents),
        discount: centsToString(l.discountCents),
        total: centsToString(l.unitCents * l.quantity - l.discountCents),
      })),
      subtotal: centsToString(totals.subtotalCents),
      discount: centsToString(totals.codeDiscountCents),
      taxLines: totals.taxLines.map((t) => ({ code: t.code, rate: t.rate, amount: centsToString(t.cents) })),
      total: centsToString(totals.totalCents),
    },
  };
}

/** Locks the lots in id order (as a checkout does), so the till and an online checkout take turns on them. */
async function lockLots(tx: Tx, ids: number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, sorted))
    .orderBy(asc(products.id))
    .for('no key update');
}

/**
 * Records a sale, once per clientSaleId (a retried or synced sale answers the first one). Everything in
 * one transaction: a refused tender or a lot sold meanwhile writes nothing.
 */
export async function recordSale(ctx: AppContext, input: PosSaleRequest, cashier: Cashier): Promise<PosSale> {
  const key = `till:${input.clientSaleId}`;
  const earlier = await findSaleByKey(ctx.db, key);
  if (earlier) return earlier;
  const cardCents = toCents(input.cardAmount) ?? 0;
  // Offline the till could check no card, balance or stock: it queues cash sales only.
  const offline = input.offlineAt !== undefined;
  if (offline && (cardCents > 0 || input.tenders.some((t) => t.kind !== 'cash')))
    throw badRequest(OFFLINE_CASH_ONLY);
  const terminal = ctx.payments.terminal;
  if (cardCents > 0 && !terminal) throw badRequest(CARD_NOT_SET_UP);
  // A checkout sent to the Terminal for a sale whose transaction then failed is cancelled on the device.
  let sentCheckout: string | null = null;
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const session = await lockOpenSession(tx, input.sessionId);
      const deviceId = cardCents > 0 ? await deviceOf(tx, session.registerId) : null;
      await lockLots(
        tx,
        input.lines.map((l) => l.productId),
      );
      // Priced under the locks: the stock each line may take is what unpaid online checkouts do not hold.
      const sale = await priceSale(ctx, tx, input, cashier);
      // A sale made offline already happened: the goods left with the customer. What the storefront sold
      // meanwhile is not refused but recorded, for staff to resolve (an online buyer may be owed a refund).
      const stocks = offline
        ? await stockOf(
            tx,
            sale.lines.map((l) => l.productId),
          )
        : new Map<number, number>();
      const short = offline
        ? sale.lines
            .filter((l) => l.available < l.quantity)
            .map((l) => {
              const left = stocks.get(l.productId) ?? 0;
              return { line: l, take: Math.min(left, l.quantity) };
            })
        : [];
      for (const line of offline ? [] : sale.lines) {
        const available = line.available;
        if (available < line.quantity) {
          const message: ErrorText =
            available <= 0
              ? {
                  key: 'Sorry, "{{name}}" is out of stock.',
                  values: { name: line.name },
                }
              : {
                  key: 'Only {{available}} of "{{name}}" left.',
                  values: { available, name: line.name },
                };
          throw conflict(message, {
            code: 'out_of_stock',
            productId: line.productId,
          });
        }
      }
      const customer = await customerOf(tx, input.customer);
      const { returnWindowDays } = await getStoreSettings(tx);
      const order = await insertOrder(tx, {
        orderReference: newOrderReference(),
        idempotencyKey: key,
        userId: customer.userId,
        customerEmail: customer.email,
        customerName: customer.name,
        shippingMethod: 'pickup',
        shippingCost: '0',
        subtotal: centsToString(sale.subtotalCents),
        discountPercentage: '0',
        discountAmount: '0',
        codeDiscountAmount: centsToString(sale.discountCents),
        taxRate: sale.taxRate,
        taxAmount: centsToString(sale.taxLines.reduce((a, t) => a + t.cents, 0)),
        taxLines: sale.taxLines.map((t) => ({
          code: t.code as never,
          rate: t.rate,
          amount: centsToString(t.cents),
        })),
        total: centsToString(sale.totalCents),
        currency: ctx.config.STORE_CURRENCY,
        locale: input.receiptLanguage,
        // Paid and handed over at the counter; its receipt is its confirmation, so none is e-mailed. A
        // card part keeps it pending until the Terminal's checkout completes (card.ts).
        status: deviceId ? 'pending' : 'picked-up',
        paymentStatus: deviceId ? 'pending' : 'completed',
        paymentMethod: 'till',
        inventoryReduced: true,
        confirmationEmailSent: true,
        channel: 'till',
        posSessionId: session.id,
        tillConflict:
          short.length === 0
            ? null
            : short
                .map(
                  ({ line, take }) =>
                    `${line.sku || line.name}: ${line.quantity} sold offline, ${take} left in stock`,
                )
                .join('; '),
      });
      await tx.insert(orderItems).values(
        sale.lines.map((l) => ({
          orderId: order.id,
          productId: l.productId,
          quantity: l.quantity,
          price: centsToString(l.unitCents),
          discount: centsToString(l.regularCents - l.unitCents),
          codeDiscount: centsToString(l.discountCents),
          productName: l.name,
          // The name in the receipt's language when staff wrote one (as an online order keeps it).
          soldName: pickText(l.name, l.nameFr, input.receiptLanguage).text === l.name ? null : l.nameFr,
          sku: l.sku,
          imageUrl: l.imageUrl,
          condition: l.condition,
          finalSale: l.finalSale,
          returnWindowDays: returnWindowDays[l.condition] ?? 0,
        })),
      );
      await markStockChange(tx, {
        reason: 'till',
        orderId: order.id,
        userId: cashier.id,
      });
      for (const line of sale.lines) {
        // An offline sale takes what stock is left of a lot sold meanwhile, never below 0.
        const take = short.find((s) => s.line === line)?.take ?? line.quantity;
        if (take > 0 && !(await moveStock(tx, line.productId, -take)))
          throw conflict(
            {
              key: 'Sorry, "{{name}}" is out of stock.',
              values: { name: line.name },
            },
            { code: 'out_of_stock' },
          );
      }
      await takeTenders(
        tx,
        {
          orderId: order.id,
          sessionId: session.id,
          totalCents: sale.totalCents,
          cardCents,
          customer,
        },
        input,
      );
      await tx.insert(orderHistory).values({
        orderId: order.id,
        field: 'status',
        fromValue: null,
        toValue: deviceId ? 'pending' : 'picked-up',
        actor: 'till',
        actorUserId: cashier.id,
      });
      if (deviceId) {
        // Last, so a sale refused above never reaches the device. The card part exactly, never rounded.
        const checkout = await terminal!.createCheckout({
          idempotencyKey: `till-${input.clientSaleId}`,
          amountCents: cardCents,
          deviceId,
          reference: order.orderReference,
          note: `${ctx.config.STORE_NAME} ${order.orderReference}`,
        });
        sentCheckout = checkout.id;
        await updateOrder(tx, order.id, {
          terminalCheckoutId: checkout.id,
          terminalCheckoutStatus: checkout.status,
        });
      }
      return order.id;
    });
    return (await findSale(ctx.db, id))!;
  } catch (error) {
    if (sentCheckout)
      await terminal!.cancelCheckout(sentCheckout).catch((e: unknown) => {
        ctx.log.error(
          { err: e, checkoutId: sentCheckout },
          'cancelling the checkout of an unrecorded sale failed',
        );
      });
    if (error instanceof PaymentProviderError) {
      ctx.log.error({ err: error }, 'the Square Terminal checkout could not be created');
      throw new HttpError(502, TERMINAL_UNREACHABLE);
    }
    throw error;
  }
}

/** The register's paired Square Terminal; a card part on a register without one is refused. */
async function deviceOf(tx: Tx, registerId: number): Promise<string> {
  const [register] = await tx
    .select({ deviceId: posRegisters.squareDeviceId })
    .from(posRegisters)
    .where(eq(posRegisters.id, registerId));
  if (!register?.deviceId) throw badRequest(NO_TERMINAL_ON_REGISTER);
  return register.deviceId;
}

async function stockOf(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  const rows = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.stock]));
}

/** Offline sales that sold what was sold online meanwhile, not yet resolved, newest first. */
export async function openConflicts(db: DbOrTx): Promise<PosSale[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.channel, 'till'), isNotNull(orders.tillConflict), isNull(orders.tillConflictResolvedAt)),
    )
    .orderBy(desc(orders.id))
    .limit(100);
  return Promise.all(rows.map(async (r) => (await findSale(db, r.id))!));
}

/** Staff say how a conflict was resolved (a refund to the online buyer, another unit found): audited. */
export async function resolveConflict(
  db: DbOrTx,
  id: number,
  note: string,
  userId: number,
): Promise<PosSale> {
  await db.transaction(async (tx) => {
    const row = await updateOrder(
      tx,
      id,
      { tillConflictResolvedAt: new Date(), tillConflictResolution: note },
      { onlyIf: and(isNotNull(orders.tillConflict), isNull(orders.tillConflictResolvedAt)) },
    );
    if (!row) throw notFound('No open conflict on this sale.');
    await recordAudit(tx, {
      userId,
      action: 'resolve-till-conflict',
      entity: 'order',
      entityId: id,
      after: { resolution: note },
    });
  });
  return (await findSale(db, id))!;
}

async function customerOf(tx: Tx, customer: PosSaleRequest['customer']) {
  if (customer?.userId) {
    const [user] = await tx
      .select({ id: users.id, email: users.email, username: users.username })
      .from(users)
      .where(eq(users.id, customer.userId));
    if (!user) throw badRequest('No such customer account.');
    return { userId: user.id, email: user.email, name: user.username };
  }
  return { userId: null, email: customer?.email ?? '', name: 'Till customer' };
}

/**
 * Gift cards and store credit pay first, each exactly the amount asked (a card or balance that has less
 * refuses the sale); then the card part, exactly (its tender is recorded when the Terminal completes);
 * cash pays the rest, rounded to 5 cents, and what was handed over beyond it is change.
 */
async function takeTenders(
  tx: Tx,
  sale: {
    orderId: number;
    sessionId: number;
    totalCents: number;
    cardCents: number;
    customer: { userId: number | null };
  },
  input: PosSaleRequest,
) {
  let covered = 0;
  let giftCents = 0;
  let creditCents = 0;
  for (const tender of input.tenders) {
    if (tender.kind === 'cash') continue;
    const cents = toCents(tender.amount) ?? 0;
    if (cents <= 0) continue;
    if (covered + cents > sale.totalCents) throw badRequest(TENDERS_OVER);
    if (tender.kind === 'gift_card') {
      const taken = await spendGiftCardsOnOrder(tx, [tender.code], sale.orderId, cents);
      if (taken < cents)
        throw badRequest({
          key: 'This gift card has only {{balance}} left.',
          values: { balance: `$${centsToString(taken)}` },
        });
      giftCents += cents;
      await tx.insert(posTenders).values({
        orderId: sale.orderId,
        sessionId: sale.sessionId,
        kind: 'gift_card',
        amount: centsToString(cents),
        last4: tender.code
          .replace(/[^0-9a-z]/gi, '')
          .slice(-4)
          .toUpperCase(),
      });
    } else {
      if (!sale.customer.userId) throw badRequest(CREDIT_NEEDS_ACCOUNT);
      const taken = await spendStoreCreditOnOrder(tx, sale.customer.userId, sale.orderId, cents);
      if (taken < cents)
        throw badRequest({
          key: 'The customer has only {{balance}} of store credit.',
          values: { balance: `$${centsToString(taken)}` },
        });
      creditCents += cents;
      await tx.insert(posTenders).values({
        orderId: sale.orderId,
        sessionId: sale.sessionId,
        kind: 'store_credit',
        amount: centsToString(cents),
      });
    }
    covered += cents;
  }
  if (covered + sale.cardCents > sale.totalCents) throw badRequest(CARD_OVER);
  const cashDue = sale.totalCents - covered - sale.cardCents;
  const cash = input.tenders.find((t) => t.kind === 'cash');
  if (cashDue > 0) {
    const rounding = cashRoundingOf(cashDue);
    const tendered = cash ? (toCents(cash.tendered) ?? 0) : 0;
    if (tendered < cashDue + rounding)
      throw badRequest(TENDERS_SHORT, { cashDue: centsToString(cashDue + rounding) });
    await tx.insert(posTenders).values({
      orderId: sale.orderId,
      sessionId: sale.sessionId,
      kind: 'cash',
      amount: centsToString(cashDue),
      tendered: centsToString(tendered),
      change: centsToString(tendered - cashDue - rounding),
      rounding: centsToString(rounding),
    });
  }
  await updateOrder(tx, sale.orderId, {
    giftCardAmount: centsToString(giftCents),
    storeCreditAmount: centsToString(creditCents),
  });
}

async function findSaleByKey(db: DbOrTx, key: string): Promise<PosSale | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
  return row ? findSale(db, row.id) : null;
}

/** Awaiting the card while its Terminal checkout is open; cancelled when the card was not paid. */
function saleStatus(order: typeof orders.$inferSelect): PosSale['status'] {
  // Cancelled at the till, or failed by an administrator while it awaited the card.
  if (order.status === 'cancelled' || order.paymentStatus === 'failed') return 'cancelled';
  if (order.paymentStatus === 'pending' && order.terminalCheckoutId) return 'awaiting_card';
  return order.tillConflict && !order.tillConflictResolvedAt ? 'conflict' : 'completed';
}

/** A till sale as the till shows it and prints its receipt. */
export async function findSale(db: DbOrTx, id: number): Promise<PosSale | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.channel, 'till')));
  if (!order) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));
  const tenders = await db
    .select()
    .from(posTenders)
    .where(eq(posTenders.orderId, id))
    .orderBy(asc(posTenders.id));
  const rounding = tenders.reduce((sum, t) => sum + (toCents(t.rounding) ?? 0), 0);
  const change = tenders.reduce((sum, t) => sum + (toCents(t.change) ?? 0), 0);
  return {
    id: order.id,
    reference: order.orderReference,
    status: saleStatus(order),
    conflict: order.tillConflict,
    lines: items.map((i) => {
      const price = toCents(i.price) ?? 0;
      const discount = toCents(i.codeDiscount) ?? 0;
      return {
        productId: i.productId ?? 0,
        name: i.soldName || i.productName,
        sku: i.sku ?? '',
        quantity: i.quantity,
        unitPrice: i.price,
        discount: centsToString(discount),
        total: centsToString(price * i.quantity - discount),
      };
    }),
    subtotal: order.subtotal,
    discount: order.codeDiscountAmount,
    taxLines: order.taxLines,
    total: order.total,
    tenders: tenders.map((t) => ({
      kind: t.kind,
      amount: centsToString((toCents(t.amount) ?? 0) + (toCents(t.rounding) ?? 0)),
      last4: t.last4,
    })),
    cashRounding: centsToString(rounding),
    changeDue: centsToString(change),
    terminalCheckout: order.terminalCheckoutId
      ? {
          id: order.terminalCheckoutId,
          status: order.terminalCheckoutStatus ?? 'PENDING',
        }
      : null,
    receiptLanguage: order.locale,
    createdAt: order.createdAt.toISOString(),
  };
}

/**
 * E-mails a sale's receipt in its receipt language, to the address given or else the customer's: each
 * request is one e-mail (a customer may ask twice). Returns where it went.
 */
export async function emailReceipt(ctx: AppContext, id: number, email: string | undefined): Promise<string> {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.channel, 'till')));
  if (!order) throw notFound('No such till sale.');
  const to = email ?? order.customerEmail;
  if (!to) throw badRequest('Enter the e-mail address to send the receipt to.');
  const outboxId = await ctx.db.transaction((tx) =>
    queueOrderEmail(tx, ctx, { ...order, customerEmail: to }, 'order-receipt', randomUUID()),
  );
  await deliverOrderEmails(ctx, [outboxId]);
  return to;
}

export async function saleOrNotFound(db: DbOrTx, id: number): Promise<PosSale> {
  const sale = await findSale(db, id);
  if (!sale) throw notFound('No such till sale.');
  return sale;
}
