// Square Checkout API (decision 0044): payment links with an idempotency key and a redirect
// URL; verification by reading the Square order and its payments; webhooks signed with
// HMAC-SHA256(signature key, notification URL + raw body), compared in constant time.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '~/server/config';
import { localizedPath } from '~/shared/i18n/locales';
import { orderProofToken } from '~/server/lib/order-proof';
import {
  type PaymentOrder,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentVerification,
  type RefundRequest,
  type RefundResult,
  type PaymentWebhookEvent,
  WebhookSignatureError,
} from './provider';
import { createSquareTerminal } from './square-terminal';

export const SQUARE_VERSION = '2025-01-23';
export const SQUARE_SIGNATURE_HEADER = 'x-square-hmacsha256-signature';
const REQUEST_TIMEOUT_MS = 15_000;

type Money = { amount?: number; currency?: string };
type SquarePaymentLink = { id: string; order_id?: string; url?: string; long_url?: string };
type SquareOrder = {
  id: string;
  location_id?: string;
  reference_id?: string;
  state?: string;
  tenders?: { id?: string; payment_id?: string }[];
};
type SquarePayment = {
  id: string;
  status?: string;
  amount_money?: Money;
  total_money?: Money;
  location_id?: string;
  order_id?: string;
  /** Square keeps a refunded payment COMPLETED; these say it was (partly) given back. */
  refunded_money?: Money;
  refund_ids?: string[];
};

export function squareBaseUrl(config: Pick<Config, 'SQUARE_API_BASE_URL' | 'SQUARE_ENVIRONMENT'>): string {
  if (config.SQUARE_API_BASE_URL) return config.SQUARE_API_BASE_URL.replace(/\/$/, '');
  return config.SQUARE_ENVIRONMENT === 'production'
    ? 'https://connect.squareup.com'
    : 'https://connect.squareupsandbox.com';
}

/** The URL Square signs webhooks for: the one registered in the Square dashboard. */
export function squareNotificationUrl(config: Pick<Config, 'SQUARE_WEBHOOK_URL' | 'publicUrl'>): string {
  return config.SQUARE_WEBHOOK_URL ?? `${config.publicUrl}/api/square/webhook`;
}

/** base64(HMAC-SHA256(key, notificationUrl + rawBody)): what Square puts in the signature header. */
export function squareSignature(key: string, notificationUrl: string, rawBody: Buffer | string): string {
  return createHmac('sha256', key).update(notificationUrl).update(rawBody).digest('base64');
}

/** Constant-time comparison of a received signature with the expected one. */
export function isValidSquareSignature(
  key: string,
  notificationUrl: string,
  rawBody: Buffer,
  received: string | undefined,
): boolean {
  if (!received) return false;
  const expected = Buffer.from(squareSignature(key, notificationUrl, rawBody));
  const given = Buffer.from(received);
  // The length of an HMAC is public; only its content must not leak through timing.
  if (given.length !== expected.length) return false;
  return timingSafeEqual(expected, given);
}

function currencyMismatch(config: Pick<Config, 'SQUARE_LOCATION_ID' | 'STORE_CURRENCY'>, location: string) {
  return (
    `Square location ${config.SQUARE_LOCATION_ID} takes payments in ${location}, but STORE_CURRENCY is ` +
    `${config.STORE_CURRENCY}: set STORE_CURRENCY=${location} or use a Square location that takes ${config.STORE_CURRENCY}.`
  );
}

export class StoreCurrencyMismatchError extends Error {}

/**
 * At start-up: reads the location's currency (GET /v2/locations/{id}) and throws
 * StoreCurrencyMismatchError naming both currencies when it is not STORE_CURRENCY, or when Square
 * refuses the token or does not know the location. When Square cannot be reached it answers the reason
 * and start-up goes on: each checkout checks the currency again before creating a payment link
 * (docs/decisions/0135-store-currency.md).
 */
export async function checkSquareCurrency(config: Config): Promise<{ unchecked: string } | null> {
  let res: Response;
  try {
    res = await fetch(
      `${squareBaseUrl(config)}/v2/locations/${encodeURIComponent(config.SQUARE_LOCATION_ID ?? '')}`,
      {
        headers: {
          Authorization: `Bearer ${config.SQUARE_ACCESS_TOKEN ?? ''}`,
          'Square-Version': SQUARE_VERSION,
          Accept: 'application/json',
        },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
    );
  } catch (error) {
    return { unchecked: `Square could not be reached: ${(error as Error).message}` };
  }
  if (res.status >= 500) return { unchecked: `Square answered ${res.status}` };
  const body = (await res.json().catch(() => ({}))) as { location?: { currency?: string } };
  if (!res.ok || !body.location?.currency) {
    throw new StoreCurrencyMismatchError(
      `Square did not give the currency of location ${config.SQUARE_LOCATION_ID} (HTTP ${res.status}): ` +
        'check SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID and SQUARE_ENVIRONMENT.',
    );
  }
  if (body.location.currency !== config.STORE_CURRENCY) {
    throw new StoreCurrencyMismatchError(currencyMismatch(config, body.location.currency));
  }
  return null;
}

/**
 * Square takes idempotency keys of at most 45 characters: a longer key is replaced by a digest of
 * it, so any key the store chooses stays one refund.
 */
export function squareIdempotencyKey(key: string): string {
  return key.length <= 45 ? key : createHash('sha256').update(key).digest('base64url').slice(0, 43);
}

/** Square's HTTP API with the store's token: JSON in and out, errors as PaymentProviderError. */
export function squareCaller(config: Config) {
  const base = squareBaseUrl(config);
  return async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${config.SQUARE_ACCESS_TOKEN ?? ''}`,
          'Square-Version': SQUARE_VERSION,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`Square could not be reached: ${(error as Error).message}`);
    }
    const text = await res.text();
    let json: unknown = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON: reported below with the status.
    }
    if (!res.ok) {
      const detail = (json as { errors?: { detail?: string }[] }).errors?.[0]?.detail ?? text.slice(0, 200);
      throw new PaymentProviderError(
        `Square ${method} ${path} answered ${res.status}: ${detail}`,
        res.status,
      );
    }
    return json as T;
  };
}

export type SquareCall = ReturnType<typeof squareCaller>;

export function createSquareProvider(config: Config): PaymentProvider {
  const locationId = config.SQUARE_LOCATION_ID ?? '';
  let currency: Promise<string> | null = null;

  const call = squareCaller(config);

  /**
   * The location's currency, which must be the store's (STORE_CURRENCY): every amount we ask for and
   * accept is in it. Start-up already refuses a mismatch; this covers a start while Square was away.
   */
  async function storeCurrency(): Promise<string> {
    const location = await locationCurrency();
    if (location !== config.STORE_CURRENCY)
      throw new PaymentProviderError(currencyMismatch(config, location));
    return location;
  }

  function locationCurrency(): Promise<string> {
    currency ??= call<{ location?: { currency?: string } }>(
      'GET',
      `/v2/locations/${encodeURIComponent(locationId)}`,
    )
      .then((r) => {
        if (!r.location?.currency)
          throw new PaymentProviderError('Square did not tell the location currency.');
        return r.location.currency;
      })
      .catch((error) => {
        currency = null; // try again next time
        throw error;
      });
    return currency;
  }

  async function paymentLink(id: string): Promise<SquarePaymentLink> {
    const r = await call<{ payment_link?: SquarePaymentLink }>(
      'GET',
      `/v2/online-checkout/payment-links/${encodeURIComponent(id)}`,
    );
    if (!r.payment_link) throw new PaymentProviderError('Square returned no payment link.');
    return r.payment_link;
  }

  async function squareOrder(id: string): Promise<SquareOrder> {
    const r = await call<{ order?: SquareOrder }>('GET', `/v2/orders/${encodeURIComponent(id)}`);
    if (!r.order) throw new PaymentProviderError('Square returned no order.');
    return r.order;
  }

  return {
    name: 'square',
    terminal: createSquareTerminal(config, call),

    async createCheckout(order: PaymentOrder) {
      if (order.paymentLinkId) {
        const link = await paymentLink(order.paymentLinkId);
        return {
          checkoutUrl: link.url ?? link.long_url ?? '',
          paymentLinkId: link.id,
          providerOrderId: link.order_id ?? null,
        };
      }
      const money = { amount: order.totalCents, currency: await storeCurrency() };
      // Back to the confirmation in the order's language (/fr/checkout/confirmation for a French order),
      // with the token that shows the shopper their order in full (docs/decisions/0453-order-details-need-proof.md).
      const redirect = `${config.publicUrl}${localizedPath('/checkout/confirmation', order.locale)}?order_id=${encodeURIComponent(order.orderReference)}&status=success&token=${orderProofToken(config.sessionSecret, order.orderReference)}`;
      const r = await call<{ payment_link?: SquarePaymentLink }>(
        'POST',
        '/v2/online-checkout/payment-links',
        {
          // One key per order: a repeated call (retry, double click) gets the same link back.
          idempotency_key: `checkout-${order.orderReference}`,
          order: {
            location_id: locationId,
            reference_id: order.orderReference,
            // One line for the whole order: the amount is exactly the store's total, with no second
            // rounding of taxes or discounts on Square's side.
            line_items: [
              {
                name: `${config.STORE_NAME} order ${order.orderReference}`,
                quantity: '1',
                note: order.items
                  .map((i) => `${i.quantity} x ${i.name}`)
                  .join(', ')
                  .slice(0, 2000),
                base_price_money: money,
              },
            ],
          },
          checkout_options: { redirect_url: redirect, ask_for_shipping_address: false },
          pre_populated_data: { buyer_email: order.customerEmail },
          payment_note: order.orderReference,
        },
      );
      const link = r.payment_link;
      if (!link?.id || !(link.url ?? link.long_url))
        throw new PaymentProviderError('Square returned no payment link.');
      return {
        checkoutUrl: (link.url ?? link.long_url)!,
        paymentLinkId: link.id,
        providerOrderId: link.order_id ?? null,
      };
    },

    async verifyPayment(order: PaymentOrder): Promise<PaymentVerification> {
      // The Square order id stored at checkout: the link may have been deleted since (the order
      // failed or expired) and a payment made on it must still be found.
      let squareOrderId = order.providerOrderId;
      if (!squareOrderId) {
        if (!order.paymentLinkId) return { paid: false, reason: 'The order has no Square payment link.' };
        const link = await paymentLink(order.paymentLinkId);
        if (!link.order_id) return { paid: false, reason: 'The payment link has no Square order.' };
        squareOrderId = link.order_id;
      }
      const sqOrder = await squareOrder(squareOrderId);
      if (sqOrder.location_id !== locationId)
        return { paid: false, reason: 'The Square order belongs to another location.' };
      if (sqOrder.reference_id !== order.orderReference) {
        return { paid: false, reason: 'The Square order belongs to another order.' };
      }
      const expectedCurrency = await storeCurrency();
      const paymentIds = (sqOrder.tenders ?? [])
        .map((t) => t.payment_id ?? t.id)
        .filter((id): id is string => !!id);
      if (paymentIds.length === 0) return { paid: false, reason: 'No payment has been made for this order.' };
      let reason = 'The payment is not completed.';
      for (const id of paymentIds) {
        const r = await call<{ payment?: SquarePayment }>('GET', `/v2/payments/${encodeURIComponent(id)}`);
        const p = r.payment;
        if (!p) continue;
        if (p.status !== 'COMPLETED') {
          reason = `The payment is ${String(p.status ?? 'unknown').toLowerCase()}.`;
          continue;
        }
        if ((p.refunded_money?.amount ?? 0) > 0 || (p.refund_ids?.length ?? 0) > 0) {
          reason = 'The payment was refunded.';
          continue;
        }
        if (p.location_id !== locationId) {
          reason = 'The payment was taken at another location.';
          continue;
        }
        if (p.order_id !== undefined && p.order_id !== sqOrder.id) {
          reason = 'The payment belongs to another order.';
          continue;
        }
        const amount = p.amount_money ?? p.total_money;
        if (amount?.currency !== expectedCurrency) {
          reason = 'The payment is in another currency.';
          continue;
        }
        if (amount.amount !== order.totalCents) {
          reason = 'The amount paid does not match the order total.';
          continue;
        }
        return { paid: true, reference: p.id };
      }
      return { paid: false, reason };
    },

    async closeCheckout(order: PaymentOrder) {
      if (!order.paymentLinkId) return;
      try {
        await call('DELETE', `/v2/online-checkout/payment-links/${encodeURIComponent(order.paymentLinkId)}`);
      } catch (error) {
        // Already deleted: closed is what was asked.
        if (error instanceof PaymentProviderError && error.status === 404) return;
        throw error;
      }
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const r = await call<{ refund?: { id?: string; status?: string } }>('POST', '/v2/refunds', {
        idempotency_key: squareIdempotencyKey(request.idempotencyKey),
        payment_id: request.paymentReference,
        amount_money: { amount: request.amountCents, currency: await locationCurrency() },
        reason: request.reason.slice(0, 192),
      });
      if (!r.refund?.id) throw new PaymentProviderError('Square returned no refund.');
      return { refundId: r.refund.id, status: r.refund.status ?? 'PENDING' };
    },

    parseWebhook(rawBody, headers) {
      const header = headers[SQUARE_SIGNATURE_HEADER];
      const signature = Array.isArray(header) ? header[0] : header;
      const key = config.SQUARE_WEBHOOK_SIGNATURE_KEY ?? '';
      if (!key || !isValidSquareSignature(key, squareNotificationUrl(config), rawBody, signature)) {
        throw new WebhookSignatureError('The webhook signature does not match.');
      }
      let body: {
        event_id?: unknown;
        type?: unknown;
        data?: { object?: { payment?: { status?: unknown; order_id?: unknown } } };
      };
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookSignatureError('The webhook body is not JSON.');
      }
      if (typeof body?.event_id !== 'string' || typeof body.type !== 'string') {
        throw new WebhookSignatureError('The webhook has no event id or type.');
      }
      const payment = body.data?.object?.payment;
      const event: PaymentWebhookEvent = {
        eventId: body.event_id,
        type: body.type,
        paymentStatus: typeof payment?.status === 'string' ? payment.status : null,
        providerOrderId: typeof payment?.order_id === 'string' ? payment.order_id : null,
        payload: body,
      };
      return [event];
    },

    async orderReferenceFor(event) {
      if (!event.providerOrderId) return null;
      let sqOrder: SquareOrder;
      try {
        sqOrder = await squareOrder(event.providerOrderId);
      } catch (error) {
        // An order Square does not know (under our token) is not ours.
        if (error instanceof PaymentProviderError && error.status === 404) return null;
        throw error;
      }
      if (sqOrder.location_id !== locationId) return null;
      return sqOrder.reference_id ?? null;
    },
  };
}
