// A customer's gift cards in their record in the admin (docs/decisions/0533-gift-cards.md): the cards
// sent to their e-mail and those their orders bought, with balances. Never a code: only its last 4.
import { z } from 'zod';

export const CustomerGiftCardSchema = z.object({
  id: z.number().int(),
  last4: z.string(),
  initial: z.string(),
  balance: z.string(),
  recipientEmail: z.string().nullable(),
  soldOrderId: z.number().int().nullable(),
  /** 'received': sent to this customer's e-mail; 'bought': sold by one of their orders (for someone else). */
  relation: z.enum(['received', 'bought']),
  createdAt: z.string(),
});
export const CustomerGiftCardsSchema = z.object({ cards: z.array(CustomerGiftCardSchema) });
export type CustomerGiftCards = z.infer<typeof CustomerGiftCardsSchema>;
