// Password reset by e-mail (docs/decisions/0280-password-reset.md). The forgot request answers the same
// whether or not an account uses the address, and only writes the e-mail to the outbox (sent after the
// answer), so neither its words nor its time tell. The link carries a random token; the table keeps
// its sha256. A token works once, within an hour; a reset ends every session of the account and every
// other link still open for it. The e-mail is written in the language of the page that asked for it,
// and its link opens the reset page in that language.
import { brandOf, type EmailContent, renderEmail } from '~/server/mail/layout';
import { OUTBOX_SECRET_PLACEHOLDER } from '~/server/mail/outbox-secret';
import { translator } from '~/shared/i18n/catalogues';
import { DEFAULT_LOCALE, type Locale, localizedPath } from '~/shared/i18n/locales';
import { PASSWORD_RESET_EMAIL } from './password-reset-email.messages';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import { passwordResetTokens, sessions, users } from '~/server/db/schema';
import { refuseCommonPassword } from '~/server/lib/common-passwords';
import { badRequest } from '~/server/lib/http-error';
import { hashPassword } from '~/server/lib/passwords';
import { hitRateLimit } from '~/server/lib/rate-limit';
import type { ResetPassword } from '~/shared/schemas/auth';

export const RESET_TOKEN_TTL_MINUTES = 60;
/** Reset e-mails one address receives an hour at most; more requests are answered alike, unsent. */
export const RESET_EMAILS_PER_ADDRESS_PER_HOUR = 3;

export const RESET_LINK_INVALID = 'This password reset link is not valid. Please ask for a new one.';
export const RESET_LINK_USED = 'This password reset link has already been used. Please ask for a new one.';
export const RESET_LINK_EXPIRED = 'This password reset link has expired. Please ask for a new one.';
export const PASSWORD_RESET_DONE = 'Your password has been changed. Please sign in with your new password.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The reset e-mail in the store's layout (docs/decisions/0270-order-emails-through-the-outbox.md). */
function passwordResetContent(
  username: string,
  link: string,
  storeName: string,
  locale: Locale,
): EmailContent {
  const t = translator(locale, PASSWORD_RESET_EMAIL);
  return {
    locale,
    subject: t('subject', { store: storeName }),
    preview: t('preview'),
    heading: t('heading'),
    blocks: [
      { type: 'paragraph', text: t('hello', { username }) },
      { type: 'paragraph', text: t('explain', { store: storeName }) },
      { type: 'button', label: t('button'), href: link },
      { type: 'paragraph', text: t('ignore') },
    ],
  };
}

/**
 * Writes a reset link to the outbox for the account that uses `email`, if any (case-insensitive), in
 * `locale` (the asking page's language). Returns nothing either way: the caller answers the same.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const { db, config } = ctx;
  const address = email.trim().toLowerCase();
  // Counted for every address typed, known or not: the count itself tells nothing.
  const limit = await hitRateLimit(db, `reset-email:${address}`, RESET_EMAILS_PER_ADDRESS_PER_HOUR, 3600);
  const [user] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${address}`);
  if (!user || !limit.allowed) return;
  const token = randomBytes(32).toString('base64url');
  const brand = brandOf(config);
  // The outbox keeps a placeholder where the token goes, and the token sealed: the mailer puts it in
  // place only in what it hands to SMTP (docs/decisions/0454-outbox-keeps-no-live-secret.md).
  const link = `${brand.publicUrl}${localizedPath(`/auth/reset?token=${OUTBOX_SECRET_PLACEHOLDER}`, locale)}`;
  const mail = await renderEmail(passwordResetContent(user.username, link, config.STORE_NAME, locale), brand);
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: sql`now() + make_interval(mins => ${RESET_TOKEN_TTL_MINUTES})`,
    });
    await ctx.mailer.enqueue(
      {
        kind: 'password-reset',
        to: user.email,
        ...mail,
        secret: token,
      },
      tx,
    );
  });
}

/**
 * Sets a new password with a token from a reset link, under the rules of registration. A used, expired
 * or unknown token is refused with 400 and its own message, changing nothing. Returns the user's id.
 */
export async function resetPassword(ctx: AppContext, input: ResetPassword): Promise<number> {
  const { db } = ctx;
  refuseCommonPassword(input.password, ctx.config.STORE_NAME);
  const tokenHash = hashToken(input.token);
  const [found] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  if (!found) throw badRequest(RESET_LINK_INVALID, { code: 'reset_link_invalid' });
  // Hashed before the transaction: the row lock is not held through argon2.
  const password = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Locked, so two presses of one link cannot both change the password.
    const [row] = (
      (await tx.execute(sql`
        select user_id, used_at is not null as used, expires_at <= now() as expired
        from password_reset_tokens where id = ${found.id} for update`)) as unknown as {
        rows: { user_id: number; used: boolean; expired: boolean }[];
      }
    ).rows;
    if (!row) throw badRequest(RESET_LINK_INVALID, { code: 'reset_link_invalid' });
    if (row.used) throw badRequest(RESET_LINK_USED, { code: 'reset_link_used' });
    if (row.expired) throw badRequest(RESET_LINK_EXPIRED, { code: 'reset_link_expired' });
    const userId = Number(row.user_id);
    await tx.update(users).set({ password }).where(eq(users.id, userId));
    // This link and any other still open for the account: a reset closes them all.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return userId;
  });
}

/** Links past their hour by a day: nothing can use them any more (the maintenance job). */
export async function purgeOldResetTokens(ctx: AppContext): Promise<void> {
  await ctx.db.execute(sql`delete from password_reset_tokens where expires_at < now() - interval '1 day'`);
}
