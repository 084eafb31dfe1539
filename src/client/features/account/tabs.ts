// The account page's tabs; the route loader reads them too, without loading the page's chunk.
export const ACCOUNT_TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'orders', label: 'Orders' },
  { value: 'payment', label: 'Payment Methods' },
  { value: 'settings', label: 'Settings' },
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number]['value'];

export function accountTabFrom(value: string | null): AccountTab {
  return ACCOUNT_TABS.some((t) => t.value === value) ? (value as AccountTab) : 'profile';
}
