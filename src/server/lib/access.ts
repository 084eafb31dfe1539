// Who may do what (docs/decisions/0160-access-is-declared-and-denied-by-default.md). Every route declares
// an access level in its options and plugins/access.ts enforces it; a decision taken inside a handler
// (an administrator sees more of the same answer) goes through can().
import { forbidden, type HttpError, unauthorized } from './http-error';

/** A signed-in person's role. */
export type Role = 'customer' | 'staff' | 'admin';
/** Who may call a route: anyone, or a signed-in person of at least this role. */
export type Access = 'public' | Role;
export const ACCESS_LEVELS: readonly Access[] = ['public', 'customer', 'staff', 'admin'];

/** Each level satisfies every lower one: an administrator may do all that staff may, staff all a customer may. */
const RANK: Record<Access, number> = { public: 0, customer: 1, staff: 2, admin: 3 };

/** The fields of the session user that decide access. */
export type Caller = { isAdmin: boolean } | null | undefined;

/**
 * The caller's role. The users table knows customers and administrators; when it gains a staff role, this
 * is the one line that reads it.
 */
export function roleOf(user: NonNullable<Caller>): Role {
  return user.isAdmin ? 'admin' : 'customer';
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
