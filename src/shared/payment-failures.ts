// Why a payment failed, as the store tells /checkout/confirmation: `?error=` carries one of these codes,
// never a text, so a link cannot make the store's page show words the store did not write
// (docs/decisions/0117-confirmation-shows-only-the-stores-messages.md).

export const PAYMENT_FAILURE_MESSAGES = {
  declined: 'Your payment was declined. No money was taken.',
  /** A payment that reached an order after it had closed is given back (docs/decisions/0121). */
  refunded:
    'This checkout had closed before your payment arrived, so your payment is being refunded. Please check out again.',
  /** The shopper started a newer checkout (another tab): this one was closed (docs/decisions/0503). */
  replaced:
    'This checkout was replaced by the one you started later, in another tab or window, and takes no payment. No money was taken. Pay in that tab, or check out again.',
} as const;

export type PaymentFailureCode = keyof typeof PAYMENT_FAILURE_MESSAGES;

/** The store's text for a failure code; undefined for anything else (the page then shows its default). */
export function paymentFailureMessage(code: string | null | undefined): string | undefined {
  if (!code || !Object.hasOwn(PAYMENT_FAILURE_MESSAGES, code)) return undefined;
  return PAYMENT_FAILURE_MESSAGES[code as PaymentFailureCode];
}
