// The admin-orders feature's public entry (docs/decisions/0175-enforced-boundaries.md): the admin Orders tab.
// Each screen is a chunk of its own, loaded when its tab opens.
import { lazy } from 'react';

export const OrdersTab = lazy(() => import('./orders-tab'));
