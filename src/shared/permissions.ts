// What a person working in the admin area may do beyond their role's routes
// (docs/decisions/0459-staff-permissions.md): refunds up to an amount, the customer export (personal data)
// the store's e-mails and the outlet's till (docs/decisions/0600-till.md). Administrators may do all of it; staff what the role's defaults and their own
// grants say; customers none. The server decides from these (plugins/access.ts); the admin screens only use
// them to show what the person may use. No zod here: the admin layout reads it.

/** The three permissions a route may declare beside its access level. */
export const PERMISSIONS = ['refunds', 'customer-export', 'emails', 'till'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A signed-in person's permissions: `refundLimit` is the most one refund may give back ("100.00"), null for no limit. */
export type Permissions = {
  refundLimit: string | null;
  exportCustomers: boolean;
  readEmails: boolean;
  /** Sells at the outlet's till (/pos). */
  useTill: boolean;
};

/** Staff's defaults, until the administrator grants more or less: small refunds, no personal data, no outbox. */
export const STAFF_DEFAULT_REFUND_LIMIT = '100.00';
export const STAFF_DEFAULTS: Permissions = {
  refundLimit: STAFF_DEFAULT_REFUND_LIMIT,
  exportCustomers: false,
  readEmails: false,
  useTill: false,
};

export const NO_PERMISSIONS: Permissions = {
  refundLimit: '0.00',
  exportCustomers: false,
  readEmails: false,
  useTill: false,
};
export const ALL_PERMISSIONS: Permissions = {
  refundLimit: null,
  exportCustomers: true,
  readEmails: true,
  useTill: true,
};

export const EMAILS_NOT_GRANTED =
  "Your account may not read the store's e-mails. An administrator can allow it in Users.";
export const EXPORT_NOT_GRANTED =
  "Your account may not export customers' personal data. An administrator can allow it in Users.";
export const TILL_NOT_GRANTED = 'Your account may not use the till. An administrator can allow it in Users.';
/**
 * The most a cashier who is not an administrator may take off at the till, in percent of a line or of
 * the sale (docs/decisions/0600-till.md); administrators have no limit.
 */
export const STAFF_TILL_DISCOUNT_PERCENT = 20;
/** With the caller's limit, e.g. 'This refund is over your limit of $100.00. …' */
export const REFUND_OVER_LIMIT =
  'This refund is over your limit of {{limit}}. An administrator can make it, or raise your limit in Users.';
