// The checkout details a customer saved ('Save this address to my profile',
// docs/decisions/0282-remembered-checkout.md). Saving also sets the profile's phone and its one-line
// address, so the Profile tab shows what checkout will use.
import { eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { type SavedCheckoutDetails, SavedCheckoutDetailsSchema } from '~/shared/schemas/saved-checkout';
import { ADDRESS_MAX } from '~/shared/schemas/account';

export async function readCheckoutDetails(db: Db, userId: number): Promise<SavedCheckoutDetails | null> {
  const [row] = await db.select({ details: users.checkoutDetails }).from(users).where(eq(users.id, userId));
  // Checked again on the way out: what no longer passes the form's rules fills nothing.
  const parsed = SavedCheckoutDetailsSchema.safeParse(row?.details ?? null);
  return parsed.success ? parsed.data : null;
}

/** The address on one line, as the Profile tab's address field holds it. */
export function addressLine(d: SavedCheckoutDetails): string {
  const line = [d.addressLine1, d.addressLine2, d.city, `${d.state} ${d.zipCode}`, d.country]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
  return line.slice(0, ADDRESS_MAX);
}

export async function saveCheckoutDetails(
  db: Db,
  userId: number,
  details: SavedCheckoutDetails,
): Promise<SavedCheckoutDetails> {
  const saved = { ...details, addressLine2: details.addressLine2 ?? '' };
  await db
    .update(users)
    .set({ checkoutDetails: saved, phone: details.phone, address: addressLine(details) })
    .where(eq(users.id, userId));
  return saved;
}
