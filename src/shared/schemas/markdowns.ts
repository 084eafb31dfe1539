// What the markdown settings and a product's price history look like on the wire.
import { z } from 'zod';

/** One change of a product's selling price, newest first in the product's price history. */
export const PriceChangeSchema = z.object({
  id: z.number().int(),
  fromPrice: z.string().nullable(),
  toPrice: z.string(),
  /** listed, staff, import or markdown. */
  reason: z.string(),
  markdownStep: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  createdAt: z.string(),
});
export type PriceChange = z.infer<typeof PriceChangeSchema>;

export const PriceHistorySchema = z.object({ items: z.array(PriceChangeSchema) });
