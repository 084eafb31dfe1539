// The admin tabs, kept in the URL as /admin/{tab}; /admin is the Overview. Which tabs a role sees follows
// the server's access rule (docs/decisions/0250-staff-role.md): the server refuses the rest anyway.
import type { Role } from '~/shared/roles';

export const ADMIN_TABS = [
  'overview',
  'products',
  'discounts',
  'shipping',
  'taxes',
  'content',
  'import',
  'loads',
  'intake',
  'orders',
  'returns',
  'recalls',
  'users',
  'reports',
  'audit',
  'privacy',
  'settings',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const DEFAULT_ADMIN_TAB: AdminTab = 'overview';

export const ADMIN_TAB_LABELS: Record<AdminTab, string> = {
  overview: 'Overview',
  products: 'Products',
  discounts: 'Daily Discounts',
  shipping: 'Shipping',
  taxes: 'Tax Rates',
  content: 'Content Pages',
  import: 'Import Products',
  loads: 'Loads',
  intake: 'Intake',
  recalls: 'Recalls',
  orders: 'Orders',
  returns: 'Returns',
  users: 'Users',
  reports: 'Reports',
  audit: 'Audit Log',
  privacy: 'Privacy',
  settings: 'Settings',
};

/**
 * Staff work orders and products (the import and loads add products; the recalls report says which lots are
 * in quarantine); the store's settings, users, reports and the
 * audit log are the administrators'.
 */
const STAFF_TABS: readonly AdminTab[] = [
  'overview',
  'products',
  'import',
  'loads',
  'intake',
  'orders',
  'returns',
  'recalls',
];

export function tabsFor(role: Role): readonly AdminTab[] {
  if (role === 'admin') return ADMIN_TABS;
  if (role === 'staff') return STAFF_TABS;
  return [];
}
