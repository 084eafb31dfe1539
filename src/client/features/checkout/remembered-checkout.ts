// What a shopper typed at checkout, kept for this tab only (sessionStorage): it survives Back from the
// payment page, a declined payment and a reload, and is forgotten once an order is paid
// (docs/decisions/0282-remembered-checkout.md). Only the form's own fields: never the account password
// fields, and the store never sees card data (the payment page is the provider's).
import { COUNTRIES } from '~/shared/constants';
import type { CheckoutFormInput } from '~/shared/schemas/checkout';

export const TYPED_CHECKOUT_KEY = 'checkout-form';

/** The fields kept; the account fields (and their passwords) are not. */
const KEPT = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zipCode',
  'country',
  'shippingMethod',
  'notes',
] as const satisfies readonly (keyof CheckoutFormInput)[];
type Kept = (typeof KEPT)[number];
export type TypedCheckout = Partial<Pick<Required<CheckoutFormInput>, Kept>>;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** What this tab kept, only strings of the known fields; null when nothing was kept. */
export function readTypedCheckout(): TypedCheckout | null {
  try {
    const raw = storage()?.getItem(TYPED_CHECKOUT_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const out: Record<string, string> = {};
    for (const key of KEPT) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string') out[key] = value;
    }
    // A country the form does not offer falls back to the form's default.
    if (out.country !== undefined && !(COUNTRIES as readonly string[]).includes(out.country))
      delete out.country;
    return out as TypedCheckout;
  } catch {
    return null;
  }
}

export function rememberTypedCheckout(values: CheckoutFormInput): void {
  const kept: Record<string, string> = {};
  for (const key of KEPT) {
    const value = values[key];
    if (typeof value === 'string') kept[key] = value;
  }
  try {
    storage()?.setItem(TYPED_CHECKOUT_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused (private mode): the form simply is not kept.
  }
}

export function forgetTypedCheckout(): void {
  try {
    storage()?.removeItem(TYPED_CHECKOUT_KEY);
  } catch {
    // nothing kept
  }
}
