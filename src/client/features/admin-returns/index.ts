// The admin Returns tab's public entry (docs/decisions/0540-return-requests.md), a chunk of its own.
import { lazy } from 'react';

export const ReturnsTab = lazy(() => import('./returns-tab'));
