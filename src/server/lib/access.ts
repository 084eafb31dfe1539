// Who may do what (docs/decisions/0160-access-is-declared-and-denied-by-default.md). Every route declares
// an access level in its options and plugins/access.ts enforces it; a decision taken inside a handler
// (an administrator sees more of the same answer) goes through can().
import { toCents } from '~/shared/money';
import {
  EMAILS_NOT_GRANTED,
  EXPORT_NOT_GRANTED,
  NO_PERMISSIONS,
  type Permission,
  type Permissions,
  REFUND_OVER_LIMIT,
  TILL_NOT_GRANTED,
} from '~/shared/permissions';
import type { Role } from '~/shared/roles';
import { forbidden, HttpError, unauthorized } from './http-error';

export type { Role };
/** Who may call a route: anyone, or a signed-in person of at least this role. */
export type Access = 'public' | Role;
export const ACCESS_LEVELS: readonly Access[] = ['public', 'customer', 'staff', 'admin'];

/** Each level satisfies every lower one: an administrator may do all that staff may, staff all a customer may. */
const RANK: Record<Access, number> = { public: 0, customer: 1, staff: 2, admin: 3 };

/** The fields of the session user that decide access (isStaff absent: not staff). */
export type Caller = { isAdmin: boolean; isStaff?: boolean } | null | undefined;

/**
 * The caller's role, from the users table's two flags (a check keeps them from both being true;
 * docs/decisions/0250-staff-role.md).
 */
export function roleOf(user: NonNullable<Caller>): Role {
  return user.isAdmin ? 'admin' : user.isStaff ? 'staff' : 'customer';
}

/** The two flags that store a role. */
export function roleFlags(role: Role): { isAdmin: boolean; isStaff: boolean } {
  return { isAdmin: role === 'admin', isStaff: role === 'staff' };
}

/** Whether a caller of this role (null: signed out) satisfies the level. */
export function roleSatisfies(role: Role | null, access: Access): boolean {
  if (access === 'public') return true;
  return role !== null && RANK[role] >= RANK[access];
}

export const allows = (user: Caller, access: Access): boolean =>
  roleSatisfies(user ? roleOf(user) : null, access);

// The answers of the guards this replaced, kept word for word (docs/decisions/0050-admin-access-is-enforced-and-lazy.md).
export const SIGN_IN_AS_ADMIN = 'Please sign in as an administrator.';
export const ADMIN_REQUIRED = 'Administrator privileges required.';

/** The refusal of a caller below the level: 401 when signed out, 403 when the role is too low; null when allowed. */
export function refusal(user: Caller, access: Access): HttpError | null {
  if (allows(user, access)) return null;
  if (access === 'customer') return unauthorized();
  return user ? forbidden(ADMIN_REQUIRED) : unauthorized(SIGN_IN_AS_ADMIN);
}

/** The decisions taken inside handlers, each with the level it needs. */
const ACTIONS = {
  /** Read (and address by number) any order, not only one's own: order work is staff's. */
  'read-any-order': 'staff',
  /** Set any payment status by hand on an order addressed by number (docs/decisions/0071-admin-payment-status.md). */
  'set-payment-status': 'staff',
  /** See inactive products and products of inactive categories (they edit them). */
  'see-hidden-products': 'staff',
  /** Read the FAQ items that are not shown yet (drafts): content is the administrators'. */
  'read-draft-faq-items': 'admin',
  /** Read content pages that are not published (drafts) by slug and in the list: the page editor's. */
  'read-draft-pages': 'admin',
  /** Manage user accounts; whoever may, may not delete their own account (another administrator does). */
  'manage-users': 'admin',
} as const satisfies Record<string, Access>;

export type Action = keyof typeof ACTIONS;

export function can(user: Caller, action: Action): boolean {
  return allows(user, ACTIONS[action]);
}

/** Throws what a route declaring the action's level would answer this caller (401 or 403). */
export function demand(user: Caller, action: Action): void {
  const refused = refusal(user, ACTIONS[action]);
  if (refused) throw refused;
}

/**
 * The refusal of a caller without a permission the route declares (docs/decisions/0459-staff-permissions.md),
 * or null. A refund is judged by its amount in cents: over the caller's limit is refused.
 */
export function permissionRefusal(
  user: { permissions?: Permissions } | null | undefined,
  permission: Permission,
  refundCents?: number,
): HttpError | null {
  const granted = user?.permissions ?? NO_PERMISSIONS;
  if (permission === 'emails') return granted.readEmails ? null : forbidden(EMAILS_NOT_GRANTED);
  if (permission === 'customer-export') return granted.exportCustomers ? null : forbidden(EXPORT_NOT_GRANTED);
  if (permission === 'till') return granted.useTill ? null : forbidden(TILL_NOT_GRANTED);
  if (granted.refundLimit === null || refundCents === undefined) return null;
  if (refundCents <= (toCents(granted.refundLimit) ?? 0)) return null;
  return new HttpError(403, { key: REFUND_OVER_LIMIT, values: { limit: `$${granted.refundLimit}` } });
}
