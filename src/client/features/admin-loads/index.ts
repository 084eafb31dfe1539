// The admin-loads feature's public entry (docs/decisions/0175-enforced-boundaries.md): the admin Loads tab.
// Each screen is a chunk of its own, loaded when its tab opens.
import { lazy } from 'react';

export const LoadsTab = lazy(() => import('./loads-tab'));
