// The local provider's hosted payment page, /pay/{orderReference}: the store, the amount and the
// items, with Pay and Decline. Like a real provider it records the shopper's decision on its side
// first, then sends the shopper back to /checkout/confirmation, in the order's language (a French order is
// paid on a French page and comes back to /fr/checkout/confirmation).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { translator } from '~/shared/i18n/catalogues';
import { isLocale, LOCALE_TAGS, type Locale, localizedPath } from '~/shared/i18n/locales';
import { formatCents, formatMoney, toCents } from '~/shared/money';
import type { PaymentFailureCode } from '~/shared/payment-failures';
import type { DbOrTx } from '~/server/db/client';
import { orderHistory } from '~/server/db/schema';
import { orderProofToken } from '~/server/lib/order-proof';
import { type LocalPaymentResult, recordLocalPayment } from '~/server/payments/local';
import {
  confirmProviderPayment,
  failOrderPayment,
  findOrderByReference,
  listOrderItems,
  type OrderRow,
  PaymentReceivedError,
  toPaymentOrder,
} from '~/server/features/orders';
import { payPageMessages } from './pay-page.messages';

const escapeHtml = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const REFERENCE = /^ORD-[A-Z2-7]{16}$/;

/** The language the order was placed in (docs/decisions/0360-orders-remember-their-language.md). */
function localeOf(order: OrderRow): Locale {
  return isLocale(order.locale) ? order.locale : 'en';
}

/**
 * The confirmation page's address in the order's language; a failure names its reason by code, never
 * by text (decision 0117). `proof` (the order's signed token) goes only to the browser that has just
 * paid: it opens the order's name, address and lines (docs/decisions/0453-order-details-need-proof.md).
 */
function confirmationUrl(
  order: OrderRow,
  outcome: 'success' | 'failed',
  error?: PaymentFailureCode,
  proof?: string,
) {
  const params = new URLSearchParams({ order_id: order.orderReference, status: outcome });
  if (error) params.set('error', error);
  if (proof) params.set('token', proof);
  return `${localizedPath('/checkout/confirmation', localeOf(order))}?${params.toString()}`;
}

function page(storeName: string, title: string, body: string, locale: Locale): string {
  return `<!doctype html>
<html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)} | ${escapeHtml(storeName)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f4f6;color:#111827;margin:0;padding:24px 12px}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.1);padding:24px}
h1{font-size:1.25rem;margin:0 0 4px}.muted{color:#6b7280;font-size:.875rem}
.notice{background:#fef3c7;color:#92400e;border-radius:8px;padding:8px 12px;font-size:.875rem;margin:16px 0}
table{width:100%;border-collapse:collapse;margin:16px 0}td{padding:6px 0;border-bottom:1px solid #e5e7eb;font-size:.9375rem}
td.r{text-align:right;white-space:nowrap}.total td{font-weight:700;border-bottom:0;font-size:1.125rem}
.actions{display:flex;gap:12px;margin-top:16px}.actions form{flex:1}
button{width:100%;padding:12px;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer;border:1px solid transparent}
.pay{background:#15803d;color:#fff}.pay:hover{background:#166534}
.decline{background:#fff;color:#b91c1c;border-color:#fca5a5}.decline:hover{background:#fef2f2}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}a{color:#1d4ed8}
</style></head><body><main>${body}</main></body></html>`;
}

function payPageHtml(
  storeName: string,
  order: OrderRow,
  items: { productName: string; soldName: string | null; quantity: number; price: string }[],
) {
  const ref = escapeHtml(order.orderReference);
  const locale = localeOf(order);
  const t = translator(locale, payPageMessages);
  const money = (value: string) => formatMoney(value, locale);
  const rows = items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.soldName || i.productName)} &times; ${i.quantity}</td><td class="r">${formatCents((toCents(i.price) ?? 0) * i.quantity, locale)}</td></tr>`,
    )
    .join('');
  // Store credit paid part of the total at checkout (0531): the card pays the rest.
  const credit = toCents(order.storeCreditAmount) ?? 0;
  const cards = toCents(order.giftCardAmount) ?? 0;
  const due = (toCents(order.total) ?? 0) - credit - cards;
  return page(
    storeName,
    t('title', { amount: formatCents(due, locale) }),
    `<h1>${escapeHtml(storeName)}</h1>
<p class="muted">${escapeHtml(t('securePayment', { reference: order.orderReference }))}</p>
<p class="notice" role="note">${escapeHtml(t('testNotice'))}</p>
<table aria-label="${escapeHtml(t('orderItems'))}"><tbody>${rows}
<tr><td>${escapeHtml(t('shipping'))}</td><td class="r">${money(order.shippingCost)}</td></tr>
<tr><td>${escapeHtml(t('tax'))}</td><td class="r">${money(order.taxAmount)}</td></tr>
${credit > 0 ? `<tr><td>${escapeHtml(t('storeCredit'))}</td><td class="r">&minus;${money(order.storeCreditAmount)}</td></tr>\n` : ''}${cards > 0 ? `<tr><td>${escapeHtml(t('giftCards'))}</td><td class="r">&minus;${money(order.giftCardAmount)}</td></tr>\n` : ''}<tr class="total"><td>${escapeHtml(t('amountToPay'))}</td><td class="r" data-testid="amount">${formatCents(due, locale)}</td></tr>
</tbody></table>
<div class="actions">
<form method="post" action="/pay/${ref}/pay"><button class="pay" type="submit">${escapeHtml(t('pay'))}</button></form>
<form method="post" action="/pay/${ref}/decline"><button class="decline" type="submit">${escapeHtml(t('decline'))}</button></form>
</div>`,
    locale,
  );
}

/**
 * Whether the order was failed because the shopper started a newer checkout (another tab): that
 * failure is the one recorded by the checkout itself (actor 'checkout') rather than by a payment.
 */
async function wasReplaced(db: DbOrTx, orderId: number): Promise<boolean> {
  const rows = await db
    .select({ id: orderHistory.id })
    .from(orderHistory)
    .where(
      and(
        eq(orderHistory.orderId, orderId),
        eq(orderHistory.field, 'paymentStatus'),
        eq(orderHistory.toValue, 'failed'),
        eq(orderHistory.actor, 'checkout'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function payPageRoutes(app: FastifyInstance) {
  // The page's forms post without fields; accept them as the browser sends them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, body, done) => done(null, body),
  );
  const { db, config } = app.ctx;
  const enabled = () => app.ctx.payments.name === 'local';

  async function loadOrder(reference: string): Promise<OrderRow | null> {
    if (!enabled() || !REFERENCE.test(reference)) return null;
    return findOrderByReference(db, reference);
  }

  /** An order that takes no payment any more: paid already, or failed or refunded. */
  function closedPage(order: OrderRow, replaced = false) {
    const paid = order.paymentStatus === 'completed';
    const locale = localeOf(order);
    const t = translator(locale, payPageMessages);
    const next = paid ? confirmationUrl(order, 'success') : localizedPath('/checkout', locale);
    return page(
      config.STORE_NAME,
      t('closedTitle'),
      `<h1>${escapeHtml(paid ? t('alreadyPaid') : t('closed'))}</h1>${replaced ? `<p>${escapeHtml(t('replaced'))}</p>` : ''}<p><a href="${escapeHtml(next)}">${escapeHtml(paid ? t('viewOrder') : t('returnToCheckout'))}</a></p>`,
      locale,
    );
  }

  function notFoundPage(reply: FastifyReply) {
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          config.STORE_NAME,
          'Payment not found',
          '<h1>Payment not found</h1><p><a href="/">Back to the store</a></p>',
          'en',
        ),
      );
  }

  app.get<{ Params: { reference: string } }>(
    '/pay/:reference',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const order = await loadOrder(request.params.reference);
      if (!order) return notFoundPage(reply);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (order.paymentStatus !== 'pending') return closedPage(order, await wasReplaced(db, order.id));
      return payPageHtml(config.STORE_NAME, order, await listOrderItems(db, order.id));
    },
  );

  app.post<{ Params: { reference: string } }>(
    '/pay/:reference/pay',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const order = await loadOrder(request.params.reference);
      if (!order) return notFoundPage(reply);
      // A closed order takes no payment: nothing is recorded for it (docs/decisions/0121-payments-on-dead-orders.md).
      if (order.paymentStatus === 'failed') {
        const why = (await wasReplaced(db, order.id)) ? 'replaced' : 'declined';
        return reply.redirect(confirmationUrl(order, 'failed', why), 303);
      }
      if (order.paymentStatus !== 'pending' && order.paymentStatus !== 'completed') {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(closedPage(order));
      }
      const paymentOrder = toPaymentOrder(order, await listOrderItems(db, order.id));
      const provider = app.ctx.payments;
      let recorded = null as LocalPaymentResult | null;
      // The provider's own notification to the store, as a webhook would be: verified, then applied.
      // The payment is taken (recorded) only for an order still awaiting it.
      let now: OrderRow;
      try {
        ({ order: now } = await confirmProviderPayment(app.ctx, order, { kind: 'payment-page' }, async () => {
          recorded = (await recordLocalPayment(db, paymentOrder, 'completed')).result;
          return provider.verifyPayment(paymentOrder);
        }));
      } catch (error) {
        if (!(error instanceof PaymentReceivedError)) throw error;
        // Paid, and its recording is kept for the maintenance job: the shopper hears that much.
        const t = translator(localeOf(order), payPageMessages);
        return reply
          .status(503)
          .header('retry-after', String(error.retryAfter))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            page(
              config.STORE_NAME,
              t('receivedTitle'),
              `<h1>${escapeHtml(t('receivedTitle'))}</h1><p>${escapeHtml(t('received'))}</p>`,
              localeOf(order),
            ),
          );
      }
      if (now.refundStatus !== null) {
        return reply.redirect(confirmationUrl(order, 'failed', 'refunded'), 303);
      }
      // A failed order takes no payment: no money was taken for it.
      if (recorded === 'declined' || now.paymentStatus === 'failed') {
        const why = recorded !== 'declined' && (await wasReplaced(db, order.id)) ? 'replaced' : 'declined';
        return reply.redirect(confirmationUrl(order, 'failed', why), 303);
      }
      if (now.paymentStatus === 'refunded') {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(closedPage(now));
      }
      // Only the press that took the payment carries the proof: the page is opened by the reference
      // alone, so a second press on a paid order proves nothing.
      const proof =
        order.paymentStatus === 'pending'
          ? orderProofToken(config.sessionSecret, order.orderReference)
          : undefined;
      return reply.redirect(confirmationUrl(order, 'success', undefined, proof), 303);
    },
  );

  app.post<{ Params: { reference: string } }>(
    '/pay/:reference/decline',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const order = await loadOrder(request.params.reference);
      if (!order) return notFoundPage(reply);
      const recorded = await recordLocalPayment(db, toPaymentOrder(order, []), 'declined');
      if (recorded.result === 'completed') return reply.redirect(confirmationUrl(order, 'success'), 303);
      await failOrderPayment(app.ctx, order.id, { kind: 'payment-page' });
      return reply.redirect(confirmationUrl(order, 'failed', 'declined'), 303);
    },
  );
}
