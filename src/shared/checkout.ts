// The checkout's limits, refusal codes and the form's starting values: plain values, apart from the zod
// schemas of src/shared/schemas/checkout.ts (which re-exports them), so the checkout page reads them in
// its first download and loads the schemas only to check the form
// (docs/decisions/0186-checkout-script-budget.md).
import { SHIPPING_METHODS, type ShippingMethod } from '~/shared/constants';
import type { CheckoutFormInput } from '~/shared/schemas/checkout';

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;
export const ADDRESS_LINE_MAX = 200;
export const CITY_MAX = 100;
export const STATE_MAX = 100;
export const ZIP_MAX = 12;
export const NOTES_MAX = 2000;
export const MAX_CHECKOUT_LINES = 100;
export const MAX_LINE_QUANTITY = 1000;

/** The shipping method picker's placeholder value: rejected until a real method is chosen. */
export const SHIPPING_METHOD_PLACEHOLDER = 'method';
export const SHIPPING_METHOD_MESSAGE = 'Please select a shipping method';

/** The header that makes a create-checkout submission safe to repeat (docs/decisions/0041). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Refusals the checkout page puts right by itself (docs/decisions/0090): the key's order was already
 * declined or paid (409), or the page sent a user id the session no longer has (403).
 */
export const CHECKOUT_CLOSED = 'checkout_closed';
export const NOT_YOUR_ACCOUNT = 'not_your_account';

export const checkoutFormDefaults: CheckoutFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'Canada',
  shippingMethod: SHIPPING_METHOD_PLACEHOLDER,
  notes: '',
  createAccount: false,
  username: '',
  password: '',
  confirmPassword: '',
};

export const isShippingMethod = (v: string): v is ShippingMethod =>
  (SHIPPING_METHODS as readonly string[]).includes(v);
