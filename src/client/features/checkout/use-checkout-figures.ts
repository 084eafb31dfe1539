// The checkout's figures: the Order Summary's, computed in the browser from the cart and the
// destination, and the server's, which it sends with a 409 when the page's are not today's. The
// server's apply only while the cart, the method and the destination are the ones they were computed for.
import { useState } from 'react';
import type { CurrentFigures } from '~/shared/schemas/checkout';
import {
  type AppliedCode,
  addItem,
  type CartItem,
  removeItem,
  useOrderSummary,
} from '~/client/features/cart';

export type Destination = { method: string; country: string; state: string };
export type ServerFigures = { figures: CurrentFigures; message: string };

/** What a set of server figures was computed for: they apply only while this is unchanged. */
function inputsSignature(items: readonly CartItem[], { method, country, state }: Destination): string {
  return JSON.stringify([
    items.map((i) => [i.productId, i.quantity]),
    method,
    country,
    state.trim().toUpperCase(),
  ]);
}

/** Brings the cart's prices in line with the server's (the Order Summary then shows the right figures). */
function applyCurrentPrices(items: readonly CartItem[], current: CurrentFigures) {
  const differs = items.some((i) => {
    const c = current.items.find((x) => x.productId === i.productId);
    return (
      c &&
      (c.price !== i.price ||
        c.compareAtPrice !== i.compareAtPrice ||
        c.discountApplied !== i.discountApplied)
    );
  });
  if (!differs) return;
  // Rebuilt in the same order; the stock limit is left to the server, which has just answered.
  for (const i of items) removeItem(i.productId, { notify: false });
  for (const i of items) {
    const c = current.items.find((x) => x.productId === i.productId);
    const { quantity, ...rest } = i;
    addItem(
      c
        ? {
            ...rest,
            price: c.price,
            compareAtPrice: c.compareAtPrice,
            discountApplied: c.discountApplied,
            stock: null,
          }
        : { ...rest, stock: null },
      quantity,
      { notify: false },
    );
  }
}

export function useCheckoutFigures(
  items: readonly CartItem[],
  destination: Destination,
  code: AppliedCode | null = null,
) {
  const { method, country, state } = destination;
  const summary = useOrderSummary({
    code,
    mode: 'checkout',
    shippingMethod: method,
    province: country === 'Canada' ? state : null,
    country,
  });
  const [saved, setSaved] = useState<(ServerFigures & { signature: string }) | null>(null);
  const signature = inputsSignature(items, destination);
  return {
    /** The Order Summary's figures. */
    totals: summary.totals,
    /** The discount code applied, or null. */
    discountCode: code?.code ?? null,
    /** The server's figures with its message, while they apply. */
    server: saved !== null && saved.signature === signature ? (saved as ServerFigures) : null,
    /** Takes the server's figures: the cart's prices become today's, and the figures are shown. */
    adopt(figures: CurrentFigures, message: string) {
      applyCurrentPrices(items, figures);
      setSaved({ signature, figures, message });
    },
  };
}

export type CheckoutFigures = ReturnType<typeof useCheckoutFigures>;
