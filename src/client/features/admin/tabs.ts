// The admin tabs, kept in the URL as /admin/{tab}.
export const ADMIN_TABS = [
  'products',
  'discounts',
  'shipping',
  'taxes',
  'content',
  'import',
  'orders',
  'users',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const ADMIN_TAB_LABELS: Record<AdminTab, string> = {
  products: 'Products',
  discounts: 'Daily Discounts',
  shipping: 'Shipping',
  taxes: 'Tax Rates',
  content: 'Content Pages',
  import: 'Import Products',
  orders: 'Orders',
  users: 'Users',
};
