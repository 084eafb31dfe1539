// The sale being rung up: its lines (a lot and its quantity, with an optional discount), the order
// discount and the customer, and its totals from POST /api/pos/quote (the server prices and taxes; the
// till never computes tax itself).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { PosDiscountSchema } from '~/shared/schemas/pos';
import { type PosBasket, type PosProduct, quote } from './api';

export type Discount = z.infer<typeof PosDiscountSchema>;
export type BasketLine = { product: PosProduct; quantity: number; discount?: Discount };

/** A discount worth sending: a value above zero. */
const given = (discount: Discount | undefined) =>
  discount && Number(discount.value) > 0 ? discount : undefined;

export function basketOf(
  sessionId: number,
  lines: readonly BasketLine[],
  orderDiscount: Discount | undefined,
  email: string,
): PosBasket {
  const customerEmail = email.trim();
  return {
    sessionId,
    lines: lines.map((l) => ({
      productId: l.product.id,
      quantity: l.quantity,
      ...(given(l.discount) ? { discount: given(l.discount) } : {}),
    })),
    ...(given(orderDiscount) ? { orderDiscount: given(orderDiscount) } : {}),
    ...(customerEmail ? { customer: { email: customerEmail } } : {}),
  };
}

export function useBasket(sessionId: number) {
  const [lines, setLines] = useState<BasketLine[]>([]);
  const [orderDiscount, setOrderDiscount] = useState<Discount | undefined>();
  const [email, setEmail] = useState('');
  const basket = basketOf(sessionId, lines, orderDiscount, '');
  const totals = useQuery({
    queryKey: ['pos-quote', basket],
    queryFn: () => quote(basket),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const add = (product: PosProduct) =>
    setLines((current) => {
      const found = current.find((l) => l.product.id === product.id);
      if (!found) return [...current, { product, quantity: 1 }];
      return current.map((l) =>
        l.product.id === product.id ? { ...l, quantity: Math.min(l.quantity + 1, product.stock || 99) } : l,
      );
    });
  const update = (productId: number, change: Partial<BasketLine>) =>
    setLines((current) => current.map((l) => (l.product.id === productId ? { ...l, ...change } : l)));
  const remove = (productId: number) =>
    setLines((current) => current.filter((l) => l.product.id !== productId));
  const clear = () => {
    setLines([]);
    setOrderDiscount(undefined);
    setEmail('');
  };

  return {
    lines,
    add,
    update,
    remove,
    clear,
    orderDiscount,
    setOrderDiscount,
    email,
    setEmail,
    totals: lines.length > 0 ? totals.data : undefined,
    quoting: totals.isFetching,
    quoteError: totals.error,
    /** The basket as the server wants it, the customer's e-mail included. */
    request: () => basketOf(sessionId, lines, orderDiscount, email),
  };
}
export type BasketState = ReturnType<typeof useBasket>;
