// The admin-reports feature's public entry (docs/decisions/0175-enforced-boundaries.md): the admin Reports and Audit Log tabs.
// Each screen is a chunk of its own, loaded when its tab opens.
import { lazy } from 'react';

export const ReportsTab = lazy(() => import('./reports-tab'));
export const AuditLogTab = lazy(() => import('./audit-log/audit-log-tab'));
