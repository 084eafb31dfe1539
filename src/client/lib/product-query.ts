// One product by slug or id: read by the catalogue's pages, the cart page (a line's picture) and the
// account's reorder, so all of them share one cache entry. It lives below the features so the cart does
// not depend on the catalogue, which depends on the cart (docs/decisions/0175-enforced-boundaries.md).
import { queryOptions } from '@tanstack/react-query';
import type { Product } from '~/shared/schemas/catalog';
import { apiGetOrNull } from './api';

export type ProductImageRecord = { imageUrl: string; isPrimary?: boolean };
/** `heldUntil`: when the first unit held by an unpaid checkout may come back (null or absent: none held). */
export type ProductDetail = Product & { additionalImages?: ProductImageRecord[]; heldUntil?: string | null };

/** A product by slug, or by id when the segment is a number; null when there is none. */
export const productQueryOptions = (slugOrId: string) => {
  const path = `/api/products/${encodeURIComponent(slugOrId)}`;
  return queryOptions<ProductDetail | null>({ queryKey: [path], queryFn: apiGetOrNull<ProductDetail>(path) });
};
