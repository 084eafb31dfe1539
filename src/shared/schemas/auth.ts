// Sign-in and registration contracts: one schema for the form, the route and the types. Messages are
// the specification's.
import { z } from 'zod';
import { fixedErrorText } from '~/shared/i18n/error-text';
import { namesStore, PASSWORD_NAMES_STORE, PASSWORD_REPEATED, repeatsCharacters } from '~/shared/passwords';
import { ROLES } from '~/shared/roles';
import { PASSWORD_MAX, USERNAME_MAX } from '~/shared/constants';
import {
  hasHiddenCharacters,
  mixesScripts,
  normalizeUsername,
  USERNAME_BAD_CHARACTERS,
  USERNAME_MIXED_SCRIPTS,
} from '~/shared/usernames';

export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
// In constants.ts so the checkout's account fields read them without this module's zod code.
export { PASSWORD_MAX, USERNAME_MAX };
export const EMAIL_MAX = 254;

/**
 * A new username: NFKC-normalised and trimmed first (what is stored and compared), then the length rules,
 * no hidden characters and no mix of alphabets (docs/decisions/0112-usernames.md).
 */
export const usernameField = z
  .string({ error: 'Username must be at least 3 characters' })
  .transform(normalizeUsername)
  .pipe(
    z
      .string()
      .min(USERNAME_MIN, 'Username must be at least 3 characters')
      .max(USERNAME_MAX, fixedErrorText('Username must be at most {{max}} characters', { max: USERNAME_MAX }))
      .refine((v) => !hasHiddenCharacters(v), USERNAME_BAD_CHARACTERS)
      .refine((v) => !mixesScripts(v), USERNAME_MIXED_SCRIPTS),
  );

export const emailField = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(EMAIL_MAX, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

/**
 * A new password: the specification's length rules, then no repeated characters and not the store's name
 * (src/shared/passwords.ts; the server also refuses the configured store name and common passwords).
 */
export const newPasswordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(PASSWORD_MIN, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX, fixedErrorText('Password must be at most {{max}} characters', { max: PASSWORD_MAX }))
  .refine((v) => !repeatsCharacters(v), PASSWORD_REPEATED)
  .refine((v) => !namesStore(v), PASSWORD_NAMES_STORE);

export const LoginSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(USERNAME_MAX, 'Invalid credentials'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, 'Invalid credentials'),
});
export type Login = z.infer<typeof LoginSchema>;

/** What the browser sends to register: only these three fields (anything else, isAdmin included, is dropped). */
export const RegisterSchema = z.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
});
export type Register = z.infer<typeof RegisterSchema>;

/** The Register tab's form: the request plus a confirmation that must match. */
export const RegisterFormSchema = RegisterSchema.extend({
  confirmPassword: z.string().min(1, 'Please confirm your password'),
}).refine((v) => v.password === v.confirmPassword, {
  message: "Passwords don't match",
  path: ['confirmPassword'],
});
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const RoleSchema = z.enum(ROLES, { error: "Role must be 'customer', 'staff' or 'admin'" });

export const PermissionsSchema = z.object({
  /** The most one refund may give back ("100.00"); null: no limit. */
  refundLimit: z.string().nullable(),
  exportCustomers: z.boolean(),
  readEmails: z.boolean(),
  useTill: z.boolean(),
});

/** The signed-in user as the API shows it (never the password hash). */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** customer, staff or admin (isAdmin is the same as role 'admin'; docs/decisions/0250-staff-role.md). */
  role: RoleSchema,
  phone: z.string().nullable(),
  address: z.string().nullable(),
  emailNotifications: z.boolean(),
  /**
   * What the admin area may show this person (docs/decisions/0459-staff-permissions.md); the server decides
   * on every request. Absent (an older answer): nothing beyond the role's routes.
   */
  permissions: PermissionsSchema.optional(),
});
export type User = z.infer<typeof UserSchema>;

export const MessageSchema = z.object({ message: z.string() });

/**
 * The answer to every valid registration, whether or not an account already uses the address: the rest
 * goes by e-mail (docs/decisions/0456-registration-does-not-tell-which-emails-have-accounts.md).
 */
export const REGISTRATION_PENDING =
  'Almost done: we have sent an e-mail to that address. Open the link in it within 24 hours to finish creating your account.';

export const RegistrationPendingSchema = z.object({ message: z.string(), pending: z.literal(true) });
export type RegistrationPending = z.infer<typeof RegistrationPendingSchema>;

/** The link of the registration e-mail: its token creates the account. */
export const ConfirmRegistrationSchema = z.object({
  token: z
    .string({
      error: 'This link to finish your registration is not valid or has expired. Please register again.',
    })
    .trim()
    .min(1, 'This link to finish your registration is not valid or has expired. Please register again.')
    .max(200, 'This link to finish your registration is not valid or has expired. Please register again.'),
});

// ---------------------------------------------------------------------------------------------------
// Password reset (docs/decisions/0280-password-reset.md).

export const ForgotPasswordSchema = z.object({ email: emailField });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/** The same answer whether or not an account uses the address: it must not tell which. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses that email address, we have sent it a link to reset the password. The link works once, within one hour.';

export const RESET_TOKEN_MAX = 200;

/** The request: the token from the link and the new password, under the rules of registration. */
export const ResetPasswordSchema = z.object({
  token: z
    .string({ error: 'This password reset link is not valid. Please ask for a new one.' })
    .trim()
    .min(1, 'This password reset link is not valid. Please ask for a new one.')
    .max(RESET_TOKEN_MAX, 'This password reset link is not valid. Please ask for a new one.'),
  password: newPasswordField,
});
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** The reset page's form: the new password twice. */
export const ResetPasswordFormSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;
