// The payment provider interface (decision 0044): a hosted checkout for an order, verification
// of an order's payment with the provider, and signed webhooks. An order is marked paid only when a
// provider says so, never because a browser came back with status=success.

import type { Locale } from '~/shared/i18n/locales';
/** What a provider needs to know about an order. */
export type PaymentOrder = {
  id: number;
  orderReference: string;
  totalCents: number;
  customerEmail: string;
  customerName: string;
  paymentLinkId: string | null;
  /** The provider's own order behind the checkout, when it has one (Square). */
  providerOrderId: string | null;
  items: { name: string; quantity: number; unitCents: number }[];
  /** The language the order was placed in: the shopper comes back to the confirmation in it. */
  locale: Locale;
};

export type HostedCheckout = {
  /** Where the shopper pays. */
  checkoutUrl: string;
  /** The provider's id for the checkout (stored on the order as paymentLinkId), null when none. */
  paymentLinkId: string | null;
  /** The provider's order behind the checkout (stored as providerOrderId), null when none. */
  providerOrderId?: string | null;
};

export type PaymentVerification = { paid: true; reference: string } | { paid: false; reason: string };

/** A webhook notification, after its signature was checked. */
export type PaymentWebhookEvent = {
  eventId: string;
  type: string;
  /** The provider's payment status when the event is about a payment (e.g. COMPLETED). */
  paymentStatus: string | null;
  /** The provider's order id the payment belongs to, when known. */
  providerOrderId: string | null;
  payload: unknown;
};

/**
 * Money given back on a payment. `idempotencyKey` names the refund: asking again with the same key
 * (a retry, a concurrent notice) never refunds twice.
 */
export type RefundRequest = {
  /** The provider's payment id (what verifyPayment returned as `reference`). */
  paymentReference: string;
  orderReference: string;
  amountCents: number;
  reason: string;
  idempotencyKey: string;
};

export type RefundResult = {
  /** The provider's refund id. */
  refundId: string;
  /** The provider's status of the refund (Square: PENDING, COMPLETED...; local: COMPLETED). */
  status: string;
};

/** A card checkout on an in-person terminal (Square Terminal), as the store reads it. */
export type TerminalCheckout = {
  id: string;
  /** Square's status: PENDING, IN_PROGRESS, CANCEL_REQUESTED, CANCELED or COMPLETED. */
  status: string;
  /** Why a CANCELED checkout ended (BUYER_CANCELED, SELLER_CANCELED, TIMED_OUT), else null. */
  cancelReason: string | null;
  amountCents: number;
  currency: string;
  /** The payments that completed it. */
  paymentIds: string[];
};

/** A card payment taken on a terminal: its amount and, when the provider gives them, the card's last 4 digits. */
export type TerminalPayment = {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  last4: string | null;
};

/** Card payments at the till on the provider's terminal (docs/decisions/0613-till-card-on-square-terminal.md). */
export interface CardTerminal {
  /** Sends a checkout to the device; the same idempotency key answers the same checkout. */
  createCheckout(input: {
    idempotencyKey: string;
    amountCents: number;
    deviceId: string;
    /** Our order reference, kept on the checkout and its payment. */
    reference: string;
    note: string;
  }): Promise<TerminalCheckout>;
  getCheckout(id: string): Promise<TerminalCheckout>;
  /** Asks the device to stop taking the card; a checkout already completed stays completed. */
  cancelCheckout(id: string): Promise<TerminalCheckout>;
  getPayment(id: string): Promise<TerminalPayment>;
}

export interface PaymentProvider {
  readonly name: 'local' | 'square';
  /** Card payments at the till; absent when the provider has no terminal (local). */
  readonly terminal?: CardTerminal;
  /** Creates (or, for an order that already has one, returns) the hosted checkout. Idempotent. */
  createCheckout(order: PaymentOrder): Promise<HostedCheckout>;
  /** Asks the provider whether the order is paid in full. */
  verifyPayment(order: PaymentOrder): Promise<PaymentVerification>;
  /** Checks the signature and reads the events; throws WebhookSignatureError when it does not verify. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentWebhookEvent[];
  /** Our order reference for an event's provider order, null when the provider order is not ours. */
  orderReferenceFor(event: PaymentWebhookEvent): Promise<string | null>;
  /**
   * Stops the order's hosted checkout from taking a payment (the order failed or expired). Safe to
   * repeat: a checkout already closed is left alone.
   */
  closeCheckout(order: PaymentOrder): Promise<void>;
  /** Gives back `amountCents` of a payment. Idempotent by `idempotencyKey`. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

export class WebhookSignatureError extends Error {}

/** The provider could not be reached or refused the request. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
