// A fake Square API on loopback for tests and benchmarks: the calls the Square provider makes
// (locations, payment links, orders, payments, Terminal checkouts), a way to "pay" an order as a buyer
// would and to refund a payment as the seller would, a fake Square Terminal that pays or declines the
// checkout sent to it, and signed webhook notifications.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { squareSignature } from './square';

type Money = { amount: number; currency: string };
type FakeLink = {
  id: string;
  version: number;
  order_id: string;
  url: string;
  long_url: string;
  created_at: string;
};
type FakeOrder = {
  id: string;
  location_id: string;
  reference_id?: string;
  state: string;
  line_items: { name: string; quantity: string; base_price_money: Money }[];
  total_money: Money;
  tenders: { id: string; payment_id: string }[];
};
type FakePayment = {
  id: string;
  status: string;
  amount_money: Money;
  total_money: Money;
  location_id: string;
  order_id: string;
  refunded_money?: Money;
  refund_ids?: string[];
};

type FakePaymentWithCard = FakePayment & {
  card_details?: { card: { last_4: string; card_brand: string } };
};

type FakeTerminalCheckout = {
  id: string;
  amount_money: Money;
  reference_id?: string;
  note?: string;
  device_options: { device_id: string };
  status: 'PENDING' | 'IN_PROGRESS' | 'CANCEL_REQUESTED' | 'CANCELED' | 'COMPLETED';
  cancel_reason?: 'BUYER_CANCELED' | 'SELLER_CANCELED' | 'TIMED_OUT';
  payment_ids: string[];
  location_id: string;
  payment_type: 'CARD_PRESENT';
  created_at: string;
  updated_at: string;
};

type FakeRefund = {
  id: string;
  status: string;
  payment_id: string;
  amount_money: Money;
  reason?: string;
  idempotency_key: string;
};

export type FakeSquare = {
  url: string;
  token: string;
  locations: Record<string, { id: string; name: string; status: string; country: string; currency: string }>;
  links: Map<string, FakeLink>;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  /** Refunds made through POST /v2/refunds (the seller's API), by id. */
  refunds: Map<string, FakeRefund>;
  /** Checkouts sent to the Square Terminal (POST /v2/terminals/checkouts), by id. */
  terminalCheckouts: Map<string, FakeTerminalCheckout>;
  /** The buyer taps or inserts a card on the Terminal: the checkout shows IN_PROGRESS. */
  terminalStart(checkoutId: string): FakeTerminalCheckout;
  /** The card is accepted: a COMPLETED payment of the checkout's amount, with the card's last 4 digits. */
  terminalPay(checkoutId: string, options?: { last4?: string }): FakePaymentWithCard;
  /** The card is declined and the buyer gives up at the device: CANCELED, BUYER_CANCELED. */
  terminalDecline(checkoutId: string): FakeTerminalCheckout;
  /** Ids of payment links deleted through the API: they take no payment any more. */
  deletedLinks: Set<string>;
  /** Every request received: method, path and parsed body. */
  requests: { method: string; path: string; body: unknown; authorization?: string }[];
  /** Answer every request with this status while set (Square being down). */
  failWith: number | null;
  /** Answer only refund requests with this status while set. */
  failRefundsWith: number | null;
  /**
   * The buyer pays the order behind a payment link; fields of the payment can be overridden. A
   * deleted link takes no payment (throws).
   */
  pay(linkId: string, overrides?: Partial<Omit<FakePayment, 'id'>>): FakePayment;
  /**
   * The seller refunds a payment (all of it unless `amount` cents): like Square, the payment stays
   * COMPLETED and gains refunded_money and a refund id.
   */
  refund(paymentId: string, amount?: number): FakePayment;
  /** A signed payment webhook as Square would send it. */
  webhook(
    payment: FakePayment,
    options?: { type?: string; eventId?: string; key?: string; notificationUrl?: string },
  ): { body: string; signature: string; eventId: string };
  /** Sends a webhook to a listening store over HTTP, as Square does: the raw body and its signature. */
  send(url: string, webhook: { body: string; signature: string }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}${randomBytes(9).toString('base64url')}`;

export async function startFakeSquare(options: {
  token: string;
  signatureKey: string;
  notificationUrl: string;
  locations?: Record<string, string>;
}): Promise<FakeSquare> {
  const locations = Object.fromEntries(
    Object.entries(options.locations ?? { LOC_MAIN: 'CAD', LOC_OTHER: 'CAD' }).map(([k, currency]) => [
      k,
      // The fields of Square's Location the store reads (currency), and a few beside it as Square sends them.
      { id: k, name: `Location ${k}`, status: 'ACTIVE', country: currency === 'USD' ? 'US' : 'CA', currency },
    ]),
  );
  const links = new Map<string, FakeLink>();
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const deletedLinks = new Set<string>();
  const terminalCheckouts = new Map<string, FakeTerminalCheckout>();
  const idempotency = new Map<string, unknown>();
  const requests: FakeSquare['requests'] = [];

  const fake: FakeSquare = {
    url: '',
    token: options.token,
    locations,
    links,
    orders,
    payments,
    refunds,
    deletedLinks,
    terminalCheckouts,
    requests,
    failWith: null,
    failRefundsWith: null,
    pay(linkId, overrides = {}) {
      const link = links.get(linkId);
      if (!link) throw new Error(`no link ${linkId}`);
      if (deletedLinks.has(linkId)) throw new Error(`link ${linkId} was deleted`);
      const order = orders.get(link.order_id)!;
      const payment: FakePayment = {
        id: id('PAY_'),
        status: 'COMPLETED',
        amount_money: { ...order.total_money },
        total_money: { ...order.total_money },
        location_id: order.location_id,
        order_id: order.id,
        ...overrides,
      };
      payments.set(payment.id, payment);
      order.tenders.push({ id: payment.id, payment_id: payment.id });
      if (payment.status === 'COMPLETED') order.state = 'OPEN';
      return payment;
    },
    terminalStart(checkoutId) {
      const checkout = openCheckout(checkoutId);
      checkout.status = 'IN_PROGRESS';
      checkout.updated_at = new Date().toISOString();
      return checkout;
    },
    terminalPay(checkoutId, o = {}) {
      const checkout = openCheckout(checkoutId);
      const payment: FakePaymentWithCard = {
        id: id('PAY_'),
        status: 'COMPLETED',
        amount_money: { ...checkout.amount_money },
        total_money: { ...checkout.amount_money },
        location_id: checkout.location_id,
        order_id: id('ORDER_'),
        card_details: {
          card: { last_4: o.last4 ?? '4242', card_brand: 'VISA' },
        },
      };
      payments.set(payment.id, payment);
      checkout.status = 'COMPLETED';
      checkout.payment_ids.push(payment.id);
      checkout.updated_at = new Date().toISOString();
      return payment;
    },
    terminalDecline(checkoutId) {
      const checkout = openCheckout(checkoutId);
      checkout.status = 'CANCELED';
      checkout.cancel_reason = 'BUYER_CANCELED';
      checkout.updated_at = new Date().toISOString();
      return checkout;
    },
    refund(paymentId, amount) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      const refunded = (payment.refunded_money?.amount ?? 0) + (amount ?? payment.amount_money.amount);
      payment.refunded_money = { amount: refunded, currency: payment.amount_money.currency };
      payment.refund_ids = [...(payment.refund_ids ?? []), id('REFUND_')];
      return payment;
    },
    webhook(payment, o = {}) {
      const eventId = o.eventId ?? randomBytes(16).toString('hex');
      const body = JSON.stringify({
        merchant_id: 'MERCHANT_1',
        type: o.type ?? 'payment.updated',
        event_id: eventId,
        created_at: new Date().toISOString(),
        data: { type: 'payment', id: payment.id, object: { payment } },
      });
      const signature = squareSignature(
        o.key ?? options.signatureKey,
        o.notificationUrl ?? options.notificationUrl,
        body,
      );
      return { body, signature, eventId };
    },
    async send(url, webhook) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': webhook.signature },
        body: webhook.body,
      });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function openCheckout(checkoutId: string): FakeTerminalCheckout {
    const checkout = terminalCheckouts.get(checkoutId);
    if (!checkout) throw new Error(`no terminal checkout ${checkoutId}`);
    if (checkout.status === 'COMPLETED' || checkout.status === 'CANCELED')
      throw new Error(`terminal checkout ${checkoutId} is ${checkout.status}`);
    return checkout;
  }

  function send(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  const notFound = (res: http.ServerResponse) =>
    send(res, 404, {
      errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Not found' }],
    });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return send(res, 400, { errors: [{ code: 'BAD_REQUEST', detail: 'Invalid JSON' }] });
      }
      requests.push({ method: req.method ?? '', path, body, authorization: req.headers.authorization });
      if (fake.failWith)
        return send(res, fake.failWith, { errors: [{ code: 'INTERNAL_SERVER_ERROR', detail: 'Down' }] });
      if (req.headers.authorization !== `Bearer ${options.token}`) {
        return send(res, 401, {
          errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'Bad token' }],
        });
      }
      const get = (re: RegExp) => (req.method === 'GET' ? re.exec(path) : null);
      const location = get(/^\/v2\/locations\/([^/]+)$/);
      const linkMatch = get(/^\/v2\/online-checkout\/payment-links\/([^/]+)$/);
      const orderMatch = get(/^\/v2\/orders\/([^/]+)$/);
      const paymentMatch = get(/^\/v2\/payments\/([^/]+)$/);
      if (location) {
        const found = locations[decodeURIComponent(location[1]!)];
        return found ? send(res, 200, { location: found }) : notFound(res);
      }
      if (req.method === 'POST' && path === '/v2/online-checkout/payment-links') {
        const b = body as {
          idempotency_key: string;
          order: { location_id: string; reference_id?: string; line_items: FakeOrder['line_items'] };
          checkout_options?: { redirect_url?: string };
        };
        if (!b?.idempotency_key || !b.order?.location_id || !locations[b.order.location_id]) {
          return send(res, 400, { errors: [{ code: 'INVALID_VALUE', detail: 'Bad request' }] });
        }
        const previous = idempotency.get(b.idempotency_key);
        if (previous) return send(res, 200, previous);
        const amount = b.order.line_items.reduce(
          (s, li) => s + li.base_price_money.amount * Number(li.quantity),
          0,
        );
        const currency = b.order.line_items[0]!.base_price_money.currency;
        const order: FakeOrder = {
          id: id('ORDER_'),
          location_id: b.order.location_id,
          reference_id: b.order.reference_id,
          state: 'DRAFT',
          line_items: b.order.line_items,
          total_money: { amount, currency },
          tenders: [],
        };
        orders.set(order.id, order);
        const linkId = id('LINK').slice(0, 16);
        const link: FakeLink = {
          id: linkId,
          version: 1,
          order_id: order.id,
          url: `https://sandbox.square.link/u/${linkId}`,
          long_url: `https://checkout.example/${linkId}`,
          created_at: new Date().toISOString(),
        };
        links.set(link.id, link);
        const answer = { payment_link: link, related_resources: { orders: [order] } };
        idempotency.set(b.idempotency_key, answer);
        return send(res, 200, answer);
      }
      if (req.method === 'POST' && path === '/v2/terminals/checkouts') {
        const b = body as {
          idempotency_key?: string;
          checkout?: {
            amount_money?: Money;
            reference_id?: string;
            note?: string;
            device_options?: { device_id?: string };
          };
        };
        const amount = b?.checkout?.amount_money;
        const deviceId = b?.checkout?.device_options?.device_id;
        if (
          !b?.idempotency_key ||
          !deviceId ||
          !amount ||
          !Number.isInteger(amount.amount) ||
          amount.amount <= 0
        )
          return send(res, 400, { errors: [{ code: 'INVALID_VALUE', detail: 'Bad request' }] });
        const previous = idempotency.get(`terminal:${b.idempotency_key}`);
        if (previous) return send(res, 200, previous);
        const now = new Date().toISOString();
        const checkout: FakeTerminalCheckout = {
          id: id('TC_'),
          amount_money: {
            amount: amount.amount,
            currency: amount.currency ?? '',
          },
          reference_id: b.checkout!.reference_id,
          note: b.checkout!.note,
          device_options: { device_id: deviceId },
          status: 'PENDING',
          payment_ids: [],
          location_id: Object.keys(locations)[0]!,
          payment_type: 'CARD_PRESENT',
          created_at: now,
          updated_at: now,
        };
        terminalCheckouts.set(checkout.id, checkout);
        const answer = { checkout };
        idempotency.set(`terminal:${b.idempotency_key}`, answer);
        return send(res, 200, answer);
      }
      const terminalGet = get(/^\/v2\/terminals\/checkouts\/([^/]+)$/);
      if (terminalGet) {
        const checkout = terminalCheckouts.get(decodeURIComponent(terminalGet[1]!));
        return checkout ? send(res, 200, { checkout }) : notFound(res);
      }
      const terminalCancel =
        req.method === 'POST' ? /^\/v2\/terminals\/checkouts\/([^/]+)\/cancel$/.exec(path) : null;
      if (terminalCancel) {
        const checkout = terminalCheckouts.get(decodeURIComponent(terminalCancel[1]!));
        if (!checkout) return notFound(res);
        // A completed checkout cannot be cancelled; one already cancelled answers as it is.
        if (checkout.status === 'COMPLETED')
          return send(res, 400, {
            errors: [
              {
                code: 'BAD_REQUEST',
                detail: 'Cannot cancel a COMPLETED checkout',
              },
            ],
          });
        if (checkout.status !== 'CANCELED') {
          checkout.status = 'CANCELED';
          checkout.cancel_reason = 'SELLER_CANCELED';
          checkout.updated_at = new Date().toISOString();
        }
        return send(res, 200, { checkout });
      }
      const deleteLink =
        req.method === 'DELETE' ? /^\/v2\/online-checkout\/payment-links\/([^/]+)$/.exec(path) : null;
      if (deleteLink) {
        // Like Square: the link goes away (its order stays); a second delete is a 404.
        const linkId = decodeURIComponent(deleteLink[1]!);
        const link = links.get(linkId);
        if (!link || deletedLinks.has(linkId)) return notFound(res);
        deletedLinks.add(linkId);
        return send(res, 200, { id: linkId, cancelled_order_id: link.order_id });
      }
      if (req.method === 'POST' && path === '/v2/refunds') {
        if (fake.failRefundsWith)
          return send(res, fake.failRefundsWith, {
            errors: [{ code: 'INTERNAL_SERVER_ERROR', detail: 'Down' }],
          });
        const b = body as {
          idempotency_key?: string;
          payment_id?: string;
          amount_money?: Money;
          reason?: string;
        };
        if (!b?.idempotency_key || b.idempotency_key.length > 45 || !b.payment_id || !b.amount_money) {
          return send(res, 400, { errors: [{ code: 'INVALID_VALUE', detail: 'Bad request' }] });
        }
        const previous = idempotency.get(`refund:${b.idempotency_key}`);
        if (previous) return send(res, 200, previous);
        const payment = payments.get(b.payment_id);
        if (!payment) return notFound(res);
        const left = payment.amount_money.amount - (payment.refunded_money?.amount ?? 0);
        if (
          payment.status !== 'COMPLETED' ||
          b.amount_money.currency !== payment.amount_money.currency ||
          b.amount_money.amount <= 0 ||
          b.amount_money.amount > left
        ) {
          return send(res, 400, { errors: [{ code: 'REFUND_AMOUNT_INVALID', detail: 'Bad refund' }] });
        }
        fake.refund(payment.id, b.amount_money.amount);
        const refund: FakeRefund = {
          id: payment.refund_ids!.at(-1)!,
          status: 'PENDING',
          payment_id: payment.id,
          amount_money: b.amount_money,
          reason: b.reason,
          idempotency_key: b.idempotency_key,
        };
        refunds.set(refund.id, refund);
        const answer = { refund };
        idempotency.set(`refund:${b.idempotency_key}`, answer);
        return send(res, 200, answer);
      }
      if (linkMatch) {
        const linkId = decodeURIComponent(linkMatch[1]!);
        const link = deletedLinks.has(linkId) ? undefined : links.get(linkId);
        return link ? send(res, 200, { payment_link: link }) : notFound(res);
      }
      if (orderMatch) {
        const order = orders.get(decodeURIComponent(orderMatch[1]!));
        return order ? send(res, 200, { order }) : notFound(res);
      }
      if (paymentMatch) {
        const payment = payments.get(decodeURIComponent(paymentMatch[1]!));
        return payment ? send(res, 200, { payment }) : notFound(res);
      }
      return notFound(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
