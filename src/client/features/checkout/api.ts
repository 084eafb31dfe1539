// The checkout's calls: create the hosted checkout, read an order, confirm its payment.
import type { CreateCheckout, CreateCheckoutResponse, CurrentFigures } from '~/shared/schemas/checkout';
import { queryOptions } from '@tanstack/react-query';
import type { Order, OrderAnswer, OrderLookup } from '~/shared/schemas/orders';
import type { SavedCheckoutAnswer, SavedCheckoutDetails } from '~/shared/schemas/saved-checkout';
import { ApiError, apiRequest } from '~/client/lib/api';

/** Creates the order and the hosted checkout; 'Failed to create checkout' / 'Invalid checkout response'. */
export async function createCheckout(
  body: CreateCheckout,
  idempotencyKey: string,
): Promise<CreateCheckoutResponse> {
  const answer = await apiRequest<Partial<CreateCheckoutResponse> | undefined>(
    'POST',
    '/api/square/create-checkout',
    body,
    {
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );
  if (answer?.success !== true) throw new Error('Failed to create checkout');
  if (!answer.checkoutUrl || !answer.orderId) throw new Error('Invalid checkout response');
  return answer as CreateCheckoutResponse;
}

/** The server's current figures carried by a 409, if the error is one. */
export function currentFiguresOf(error: unknown): CurrentFigures | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = error.body?.current;
  return current && typeof current === 'object' ? (current as CurrentFigures) : null;
}

/** `/api/orders/{reference}` with the confirmation address's signed token, when it has one. */
function orderPath(orderId: string, token: string | null, tail = ''): string {
  const path = `/api/orders/${encodeURIComponent(orderId)}${tail}`;
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

/**
 * An order by its reference: in full with the token of the confirmation page's address, else its
 * status and total only (docs/decisions/0453-order-details-need-proof.md); non-OK raises 'Failed to
 * fetch order details (status: N)'.
 */
export async function fetchOrder(orderId: string, token: string | null = null): Promise<OrderAnswer> {
  try {
    return await apiRequest<OrderAnswer>('GET', orderPath(orderId, token));
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`Failed to fetch order details (status: ${error.status})`);
    throw error;
  }
}

/** Asks the server to confirm the payment with the provider; answers the order as it now is. */
export async function confirmPayment(orderId: string, token: string | null = null): Promise<OrderAnswer> {
  return apiRequest<OrderAnswer>('PATCH', orderPath(orderId, token, '/payment-status'), {
    paymentStatus: 'completed',
  });
}

/** The name, phone and address a signed-in customer saved for checkout (null when none). */
export const savedCheckoutQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/checkout-details'],
    queryFn: () => apiRequest<SavedCheckoutAnswer>('GET', '/api/auth/checkout-details'),
  });

/** 'Save this address to my profile'. */
export function saveCheckoutDetails(details: SavedCheckoutDetails): Promise<SavedCheckoutAnswer> {
  return apiRequest<SavedCheckoutAnswer>('PUT', '/api/auth/checkout-details', details);
}

/** POST /api/orders/lookup: a guest's order by reference and e-mail. */
export function lookUpOrder(body: OrderLookup): Promise<Order> {
  return apiRequest<Order>('POST', '/api/orders/lookup', body);
}
