// The admin-intake feature's public entry (docs/decisions/0175-enforced-boundaries.md): the admin Intake tab.
// Each screen is a chunk of its own, loaded when its tab opens.
import { lazy } from 'react';

export const IntakeTab = lazy(() => import('./intake-tab'));

// The camera scanner, which the till (/pos) reuses for lot labels and UPCs.
export { type StopScan, startScan } from './scanner';
