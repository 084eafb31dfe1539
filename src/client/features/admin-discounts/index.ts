// The admin-discounts feature's public entry (docs/decisions/0175-enforced-boundaries.md): the admin Daily Discounts tab.
// Each screen is a chunk of its own, loaded when its tab opens.
import { lazy } from 'react';

export const DiscountsTab = lazy(() => import('./discounts-tab'));
