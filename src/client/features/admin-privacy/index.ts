// The admin privacy feature's public entry (docs/decisions/0175-enforced-boundaries.md): the Privacy tab,
// a chunk of its own loaded when the tab opens.
import { lazy } from 'react';

export const PrivacyTab = lazy(() => import('./privacy-tab'));
