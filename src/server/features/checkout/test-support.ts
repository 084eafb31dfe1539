// Helpers for the checkout tests: request bodies, quotes from the server, distinct client addresses.
import { randomBytes } from 'node:crypto';
import type { CreateCheckout, CurrentFigures } from '~/shared/schemas/checkout';
import type { TestClient } from '~/server/test/test-app';

export type Line = {
  productId: number;
  name?: string;
  quantity: number;
  price?: string;
  compareAtPrice?: string | null;
};
export type Destination = {
  shippingMethod?: 'pickup' | 'standard' | 'express';
  country?: 'Canada' | 'US';
  state?: string;
};

export const ZERO_FIGURES = {
  subtotal: '0.00',
  discountAmount: '0.00',
  discountPercentage: '0.00',
  shippingCost: '0.00',
  taxRate: '0',
  taxAmount: '0.00',
  total: '0.00',
};
type Figures = typeof ZERO_FIGURES;

/** A fresh client address per request: the checkout rate limit counts per address. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export function checkoutBody(
  lines: Line[],
  destination: Destination = {},
  figures: Figures = ZERO_FIGURES,
): CreateCheckout {
  return {
    orderData: {
      customerName: 'Jane Shopper',
      customerEmail: 'jane@example.com',
      customerPhone: '416-555-0123',
      shippingAddress: {
        addressLine1: '123 Main Street',
        addressLine2: null,
        city: 'Toronto',
        state: destination.state ?? 'ON',
        zipCode: 'M5V 2T6',
        country: destination.country ?? 'Canada',
      },
      shippingMethod: destination.shippingMethod ?? 'standard',
      ...figures,
      paymentStatus: 'pending',
      status: 'pending',
      notes: null,
      userId: null,
      contractAccepted: true,
    },
    items: lines.map((l) => ({
      productId: l.productId,
      name: l.name ?? `Product ${l.productId}`,
      price: l.price ?? '0.00',
      compareAtPrice: l.compareAtPrice ?? null,
      quantity: l.quantity,
      discountApplied: false,
      imageUrl: null,
    })),
  };
}

/** The body with the server's current figures and unit prices filled in. */
export function withFigures(body: CreateCheckout, current: CurrentFigures): CreateCheckout {
  const { items, ...figures } = current;
  return {
    orderData: { ...body.orderData, ...figures },
    items: body.items.map((i) => {
      const c = items.find((x) => x.productId === i.productId)!;
      return { ...i, price: c.price, compareAtPrice: c.compareAtPrice, discountApplied: c.discountApplied };
    }),
  };
}

export async function postCheckout(client: TestClient, body: unknown, headers: Record<string, string> = {}) {
  return client.post('/api/square/create-checkout', body, { 'x-forwarded-for': randomIp(), ...headers });
}

/** Asks the server what the cart costs now (a deliberately wrong submission answers 409 with the figures). */
export async function quote(
  client: TestClient,
  lines: Line[],
  destination: Destination = {},
): Promise<CurrentFigures> {
  const res = await postCheckout(
    client,
    checkoutBody(lines, destination, { ...ZERO_FIGURES, total: '99999999.99' }),
  );
  if (res.statusCode !== 409 || res.json().code !== 'price_changed') {
    throw new Error(`expected a 409 quote, got ${res.statusCode}: ${res.body}`);
  }
  return res.json().current as CurrentFigures;
}

/** A valid, current checkout body for the lines. */
export async function validBody(
  client: TestClient,
  lines: Line[],
  destination: Destination = {},
): Promise<CreateCheckout> {
  return withFigures(checkoutBody(lines, destination), await quote(client, lines, destination));
}

/**
 * For test files whose many paid orders all mail the one test address (jane@example.com): the
 * per-recipient limit on order e-mails (5 an hour by default, tested in order-email-limit.test.ts)
 * is raised so that it does not decide their tests.
 */
export const MANY_ORDER_EMAILS = { MAX_ORDER_EMAILS_PER_RECIPIENT_PER_HOUR: '10000' };

export const newKey = () => randomBytes(16).toString('hex');
