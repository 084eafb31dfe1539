// The administrator's user contracts: the list,
// 'Add User' (with the password confirmation), the partial edit and the e-mail search of 'Link User'.
// The password hash is never part of any of these.
import { z } from 'zod';
import { namesStore, PASSWORD_NAMES_STORE, PASSWORD_REPEATED, repeatsCharacters } from '~/shared/passwords';
import { STAFF_DEFAULTS } from '~/shared/permissions';
import type { Role } from '~/shared/roles';
import { ProfileUpdateSchema } from './account';
import {
  EMAIL_MAX,
  emailField,
  newPasswordField,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RoleSchema,
  usernameField,
} from './auth';

export const ADMIN_USERS_PAGE_SIZE = 20;
export const USER_SEARCH_LIMIT = 20;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';

const phoneField = ProfileUpdateSchema.shape.phone;
const addressField = ProfileUpdateSchema.shape.address;

export const REFUND_LIMIT_MESSAGE = 'Refund limit must be an amount like 250.00, or empty for the default';

/** An amount of dollars and cents ("250", "250.5", 250.5) as "250.50"; '' or null: the role's default. */
const refundLimitField = z
  .union([z.string(), z.number(), z.null()], { error: REFUND_LIMIT_MESSAGE })
  .transform((value, ctx) => {
    if (value === null) return null;
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : value.trim();
    if (text === '') return null;
    const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: REFUND_LIMIT_MESSAGE });
      return z.NEVER;
    }
    return `${Number(match[1])}.${(match[2] ?? '').padEnd(2, '0')}`;
  });

/**
 * What the administrator granted one staff user (docs/decisions/0459-staff-permissions.md); null in a field
 * is the role's default (src/shared/permissions.ts). Only staff users' grants matter.
 */
export const StaffGrantsSchema = z.strictObject({
  refundLimit: refundLimitField,
  exportCustomers: z.boolean({ error: 'exportCustomers must be true, false or null' }).nullable(),
  readEmails: z.boolean({ error: 'readEmails must be true, false or null' }).nullable(),
  useTill: z.boolean({ error: 'useTill must be true, false or null' }).nullable().optional(),
});

/** A user as the administrator sees it. */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  isAdmin: z.boolean(),
  /** isAdmin is role 'admin'; staff work orders and products (docs/decisions/0250-staff-role.md). */
  role: RoleSchema,
  createdAt: z.string(),
  /** How many orders point to this user (kept, detached, when the user is deleted). */
  orderCount: z.number().int(),
  grants: z.object({
    refundLimit: z.string().nullable(),
    exportCustomers: z.boolean().nullable(),
    readEmails: z.boolean().nullable(),
    useTill: z.boolean().nullable(),
  }),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
  /** Part of a username or an e-mail address, any case. */
  search: z.string().trim().max(200).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const ROLE_AND_IS_ADMIN_DISAGREE = 'Role and isAdmin disagree: send one of them.';

/** isAdmin (the specification's field) and role say the same when both are sent. */
const agree = (v: { role?: Role; isAdmin?: boolean }) =>
  v.role === undefined || v.isAdmin === undefined || (v.role === 'admin') === v.isAdmin;

/**
 * POST /api/admin/users. The role is `role`, or from `isAdmin` (true: admin, false or absent:
 * customer).
 */
export const AdminUserCreateSchema = z
  .object({
    username: usernameField,
    email: emailField,
    password: newPasswordField,
    isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).optional(),
    role: RoleSchema.optional(),
    phone: phoneField,
    address: addressField,
  })
  .refine(agree, { message: ROLE_AND_IS_ADMIN_DISAGREE, path: ['role'] })
  .transform(({ isAdmin, role, ...rest }) => ({
    ...rest,
    role: role ?? ((isAdmin ? 'admin' : 'customer') as Role),
  }));
export type AdminUserCreate = z.infer<typeof AdminUserCreateSchema>;

/** 'Add User': the request plus a confirmation that must match. */
export const AdminUserCreateFormSchema = z
  .object({
    username: usernameField,
    email: emailField,
    password: newPasswordField,
    role: RoleSchema,
    phone: phoneField,
    address: addressField,
    confirmPassword: z.string({ error: 'Please confirm the password' }).min(1, 'Please confirm the password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });

/** A blank password (or none) keeps the current one. */
const optionalNewPassword = z
  .string({ error: 'Password must be at least 6 characters' })
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .optional()
  .refine((v) => !v || v.length >= PASSWORD_MIN, 'Password must be at least 6 characters')
  .refine((v) => !v || !repeatsCharacters(v), PASSWORD_REPEATED)
  .refine((v) => !v || !namesStore(v), PASSWORD_NAMES_STORE)
  .transform((v) => (v ? v : undefined));

/** PUT /api/admin/users/{id}: only the fields that changed; an absent field keeps its value. */
export const AdminUserUpdateSchema = z
  .object({
    username: usernameField.optional(),
    email: emailField.optional(),
    password: optionalNewPassword,
    /** false takes the administrator role away (the user becomes a customer); a staff user stays staff. */
    isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).optional(),
    role: RoleSchema.optional(),
    phone: phoneField.optional(),
    address: addressField.optional(),
    /** Only the grants sent change. */
    grants: StaffGrantsSchema.partial().optional(),
  })
  .refine(agree, { message: ROLE_AND_IS_ADMIN_DISAGREE, path: ['role'] });
export type AdminUserUpdateInput = z.input<typeof AdminUserUpdateSchema>;
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>;

/** The edit dialog: every field shown; the password may stay blank. */
export const AdminUserEditFormSchema = z
  .object({
    username: usernameField,
    email: emailField,
    password: z
      .string()
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
      .refine((v) => v === '' || v.length >= PASSWORD_MIN, 'Password must be at least 6 characters')
      .refine((v) => v === '' || !repeatsCharacters(v), PASSWORD_REPEATED)
      .refine((v) => v === '' || !namesStore(v), PASSWORD_NAMES_STORE),
    confirmPassword: z.string(),
    role: RoleSchema,
    phone: phoneField,
    address: addressField,
    /** A staff user's grants (blank limit: the role's default); only sent for staff. */
    refundLimit: refundLimitField,
    exportCustomers: z.boolean(),
    readEmails: z.boolean(),
    useTill: z.boolean(),
  })
  .refine((v) => v.password === '' || v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type AdminUserEditForm = z.infer<typeof AdminUserEditFormSchema>;

/**
 * The PUT body for an edit: only what differs from the user as loaded, and the password only when one
 * was typed.
 */
export function changedUserFields(original: AdminUser, form: AdminUserEditForm): AdminUserUpdateInput {
  const body: AdminUserUpdateInput = {};
  if (form.username !== original.username) body.username = form.username;
  if (form.email !== original.email) body.email = form.email;
  if (form.password) body.password = form.password;
  if (form.role !== original.role) body.role = form.role;
  if ((form.phone ?? null) !== original.phone) body.phone = form.phone ?? null;
  if ((form.address ?? null) !== original.address) body.address = form.address ?? null;
  if (form.role === 'staff') {
    // Only what differs from what the user has now (a null grant is the role's default).
    const grants: NonNullable<AdminUserUpdateInput['grants']> = {};
    if (form.refundLimit !== original.grants.refundLimit) grants.refundLimit = form.refundLimit;
    if (form.exportCustomers !== (original.grants.exportCustomers ?? STAFF_DEFAULTS.exportCustomers))
      grants.exportCustomers = form.exportCustomers;
    if (form.readEmails !== (original.grants.readEmails ?? STAFF_DEFAULTS.readEmails))
      grants.readEmails = form.readEmails;
    if (form.useTill !== (original.grants.useTill ?? STAFF_DEFAULTS.useTill)) grants.useTill = form.useTill;
    if (Object.keys(grants).length > 0) body.grants = grants;
  }
  return body;
}

export const UserIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /api/users/search?email=: part of an address, any case. */
export const UserSearchQuerySchema = z.object({
  email: z
    .string({ error: 'Please enter an email address' })
    .trim()
    .min(1, 'Please enter an email address')
    .max(EMAIL_MAX, 'Please enter a valid email address'),
});

export const UserSearchResultSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
});
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;

export const DeleteUserResultSchema = z.object({
  message: z.string(),
  /** Orders that were the user's: kept for the store's records, no longer linked to anyone. */
  detachedOrders: z.number().int(),
});
export type DeleteUserResult = z.infer<typeof DeleteUserResultSchema>;
