// Proof that whoever opens a guest's order by its reference is the shopper who placed it: an HMAC of
// the reference under the session secret, carried in the confirmation page's address (the payment
// provider's redirect). The reference alone is printed on packing slips and in e-mail subjects, so it
// opens only the order's status and total (docs/decisions/0453-order-details-need-proof.md).
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'order-view\n';

/** The token that opens the order `reference` in full (base64url, 43 characters). */
export function orderProofToken(secret: string, reference: string): string {
  return createHmac('sha256', secret).update(PURPOSE).update(reference).digest('base64url');
}

/** Whether `token` is the order's proof, compared in constant time; anything else is false. */
export function isOrderProof(secret: string, reference: string, token: unknown): boolean {
  if (typeof token !== 'string' || token.length !== 43) return false;
  const expected = Buffer.from(orderProofToken(secret, reference));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
