// Saved searches and price watches (docs/decisions/0572-new-arrival-alerts-and-price-watches.md): what the
// account sends and reads at /api/account/saved-searches and /api/account/watches.
import { z } from 'zod';
import { ProductListQuerySchema } from './catalog';

export const MAX_SAVED_SEARCHES = 20;
export const MAX_WATCHES = 100;

/**
 * A listing's filters as its address holds them (q, category, minPrice, maxPrice, condition, new,
 * daily), read with the listing's own rules; page, limit and sort are not part of a search.
 */
export const SavedSearchFiltersSchema = ProductListQuerySchema.pick({
  category: true,
  minPrice: true,
  maxPrice: true,
  condition: true,
  new: true,
  daily: true,
  search: true,
}).extend({ q: ProductListQuerySchema.shape.search });

export const SavedSearchInputSchema = z.object({
  /** The listing's query string as its address has it ("q=dyson&condition=new"). */
  query: z.string().max(2000, 'The search is too long to save.'),
  /** What the shopper calls it; the search words or "All products" when left out. */
  name: z.string().trim().max(80, 'Name must be at most 80 characters.').optional(),
});

/**
 * A guest's 'Alert me': the address to confirm, then the same search as a customer's
 * (docs/decisions/0583-guest-saved-searches.md).
 */
export const GuestSavedSearchInputSchema = SavedSearchInputSchema.extend({
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
});

export const SavedSearchSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The saved filters as a query string, to open the listing again. */
  query: z.string(),
  createdAt: z.string(),
});
export type SavedSearch = z.output<typeof SavedSearchSchema>;

export const WatchInputSchema = z.object({
  productId: z.number({ error: 'productId must be a product id.' }).int().positive().max(2_147_483_647),
});

export const WatchSchema = z.object({
  id: z.number(),
  productId: z.number(),
  name: z.string(),
  slug: z.string(),
  /** Today's price when the watch was set: a price below it is a drop. */
  watchedPrice: z.string(),
  createdAt: z.string(),
  /** When the one e-mail went (a drop, or the lot sold); null while the watch waits. */
  notifiedAt: z.string().nullable(),
});
export type Watch = z.output<typeof WatchSchema>;
