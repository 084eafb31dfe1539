// The roles a signed-in person can have (docs/decisions/0250-staff-role.md): customers shop, staff work
// orders and products, administrators do everything. The server decides access from the role; the admin
// screens only use it to choose what to show.
// No zod here: the header (in every page's first download) asks worksInAdmin; RoleSchema is in
// src/shared/schemas/auth.ts.

export const ROLES = ['customer', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Customer',
  staff: 'Staff',
  admin: 'Administrator',
};

/** Whether the role may open the admin area at all (its tabs then depend on the role). */
export const worksInAdmin = (role: Role | undefined | null): boolean => role === 'staff' || role === 'admin';
