// The account page's tabs; the route loader reads them too, without loading the page's chunk. Each
// label is a key of the account page's messages (account.messages.ts).
export const ACCOUNT_TABS = [
  { value: 'profile', label: 'tabProfile' },
  { value: 'orders', label: 'tabOrders' },
  { value: 'payment', label: 'tabPayment' },
  { value: 'alerts', label: 'tabAlerts' },
  { value: 'settings', label: 'tabSettings' },
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number]['value'];

export function accountTabFrom(value: string | null): AccountTab {
  return ACCOUNT_TABS.some((t) => t.value === value) ? (value as AccountTab) : 'profile';
}
