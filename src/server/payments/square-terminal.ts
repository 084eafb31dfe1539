// Square's Terminal API (docs/decisions/0613-till-card-on-square-terminal.md): a checkout sent to the
// register's paired Square Terminal (POST /v2/terminals/checkouts), read back (GET .../{id}) until it is
// COMPLETED or CANCELED, cancelled on the cashier's request (POST .../{id}/cancel), and the payment that
// completed it read for its amount and the card's last 4 digits (GET /v2/payments/{id}).
import type { Config } from '~/server/config';
import {
  type CardTerminal,
  PaymentProviderError,
  type TerminalCheckout,
  type TerminalPayment,
} from './provider';
import type { SquareCall } from './square';

type Money = { amount?: number; currency?: string };
type SquareCheckout = {
  id?: string;
  status?: string;
  cancel_reason?: string;
  amount_money?: Money;
  payment_ids?: string[];
};
type SquarePayment = {
  id?: string;
  status?: string;
  amount_money?: Money;
  card_details?: { card?: { last_4?: string } };
};

function toCheckout(checkout: SquareCheckout | undefined): TerminalCheckout {
  if (!checkout?.id || !checkout.status)
    throw new PaymentProviderError('Square returned no terminal checkout.');
  return {
    id: checkout.id,
    status: checkout.status,
    cancelReason: checkout.cancel_reason ?? null,
    amountCents: checkout.amount_money?.amount ?? 0,
    currency: checkout.amount_money?.currency ?? '',
    paymentIds: checkout.payment_ids ?? [],
  };
}

export function createSquareTerminal(config: Config, call: SquareCall): CardTerminal {
  const path = (id: string) => `/v2/terminals/checkouts/${encodeURIComponent(id)}`;
  return {
    async createCheckout(input) {
      const r = await call<{ checkout?: SquareCheckout }>('POST', '/v2/terminals/checkouts', {
        idempotency_key: input.idempotencyKey,
        checkout: {
          // Exactly the card part: a card is never rounded (only cash is, to 5 cents).
          amount_money: {
            amount: input.amountCents,
            currency: config.STORE_CURRENCY,
          },
          reference_id: input.reference,
          note: input.note.slice(0, 500),
          // The till prices the sale; a tip asked on the device would change what the card pays.
          device_options: {
            device_id: input.deviceId,
            tip_settings: { allow_tipping: false },
          },
        },
      });
      return toCheckout(r.checkout);
    },
    async getCheckout(id) {
      return toCheckout((await call<{ checkout?: SquareCheckout }>('GET', path(id))).checkout);
    },
    async cancelCheckout(id) {
      return toCheckout((await call<{ checkout?: SquareCheckout }>('POST', `${path(id)}/cancel`)).checkout);
    },
    async getPayment(id): Promise<TerminalPayment> {
      const r = await call<{ payment?: SquarePayment }>('GET', `/v2/payments/${encodeURIComponent(id)}`);
      const p = r.payment;
      if (!p?.id) throw new PaymentProviderError('Square returned no payment.');
      const last4 = p.card_details?.card?.last_4;
      return {
        id: p.id,
        status: p.status ?? '',
        amountCents: p.amount_money?.amount ?? 0,
        currency: p.amount_money?.currency ?? '',
        last4: last4 && /^\d{4}$/.test(last4) ? last4 : null,
      };
    },
  };
}
