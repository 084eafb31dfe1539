// The admin-recalls feature's public entry (docs/decisions/0175-enforced-boundaries.md): the admin Recalls tab.
import { lazy } from 'react';

export const RecallsTab = lazy(() => import('./recalls-tab'));
