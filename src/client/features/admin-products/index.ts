// The admin-products feature's public entry (docs/decisions/0175-enforced-boundaries.md): the admin Products and Import Products tabs.
// Each screen is a chunk of its own, loaded when its tab opens.
import { lazy } from 'react';

export const ProductsTab = lazy(() => import('./products-tab'));
export const ImportTab = lazy(() => import('./import/import-tab'));
