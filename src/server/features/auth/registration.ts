// Registration that does not tell which e-mail addresses have accounts
// (docs/decisions/0456-registration-does-not-tell-which-emails-have-accounts.md). Every valid registration
// gets the same answer (202, "check your e-mail") and the same work (a password hash, one e-mail to the outbox
// sent after the answer): a new address gets a link that creates the account; an address that has one
// gets a notice with a sign-in and a reset link, and nothing is created. The account exists only once the
// link is opened, so neither a sign-in nor a taken username tells an outsider which case it was.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import { pendingRegistrations, users } from '~/server/db/schema';
import { refuseCommonPassword } from '~/server/lib/common-passwords';
import { badRequest } from '~/server/lib/http-error';
import { claimGuestOrders } from '~/server/features/orders';
import { hashPassword } from '~/server/lib/passwords';
import { hitRateLimit } from '~/server/lib/rate-limit';
import { brandOf, type EmailContent, renderEmail } from '~/server/mail/layout';
import { OUTBOX_SECRET_PLACEHOLDER } from '~/server/mail/outbox-secret';
import { publicUserColumns, type SessionUser } from '~/server/plugins/sessions';
import { translator } from '~/shared/i18n/catalogues';
import { DEFAULT_LOCALE, type Locale, localizedPath } from '~/shared/i18n/locales';
import type { Register } from '~/shared/schemas/auth';
import { REGISTRATION_EMAIL } from './registration-email.messages';
import { findTaken, throwIfTaken, throwIfUniqueViolation } from './service';
import { refuseLookalikeOfAnother, refuseLookalikeUsername, usernameSkeleton } from './usernames';

export const REGISTRATION_LINK_HOURS = 24;
/** Registration e-mails one address receives an hour at most; more registrations are answered alike, unsent. */
export const REGISTRATION_EMAILS_PER_ADDRESS_PER_HOUR = 3;
export const REGISTRATION_LINK_INVALID =
  'This link to finish your registration is not valid or has expired. Please register again.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function confirmContent(username: string, link: string, store: string, locale: Locale): EmailContent {
  const t = translator(locale, REGISTRATION_EMAIL);
  return {
    locale,
    subject: t('confirmSubject', { store }),
    preview: t('confirmPreview'),
    heading: t('confirmHeading'),
    blocks: [
      { type: 'paragraph', text: t('hello', { username }) },
      { type: 'paragraph', text: t('confirmExplain', { username, store }) },
      { type: 'button', label: t('confirmButton'), href: link },
      { type: 'paragraph', text: t('confirmIgnore') },
    ],
  };
}

function noticeContent(
  username: string,
  links: { signIn: string; reset: string },
  store: string,
  locale: Locale,
): EmailContent {
  const t = translator(locale, REGISTRATION_EMAIL);
  return {
    locale,
    subject: t('noticeSubject', { store }),
    preview: t('noticePreview'),
    heading: t('noticeHeading'),
    blocks: [
      { type: 'paragraph', text: t('noticeHello') },
      { type: 'paragraph', text: t('noticeExplain', { store, username }) },
      { type: 'button', label: t('noticeSignIn'), href: links.signIn },
      { type: 'paragraph', text: t('noticeReset') },
      { type: 'button', label: t('noticeResetButton'), href: links.reset },
      { type: 'paragraph', text: t('noticeIgnore') },
    ],
  };
}

/**
 * Checks a registration as before (the username's rules, a taken or look-alike username: usernames are
 * public), then writes one e-mail to the outbox: the link that creates the account, or, when an account
 * already uses the address, a notice to its owner. Returns nothing: the caller answers the same either way.
 */
export async function requestRegistration(
  ctx: AppContext,
  input: Register,
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const { db, config } = ctx;
  refuseLookalikeUsername(input.username);
  refuseCommonPassword(input.password, config.STORE_NAME);
  const taken = await findTaken(db, input);
  throwIfTaken({ username: taken.username, email: false });
  await refuseLookalikeOfAnother(db, input.username);
  // Hashed in both cases, so the answer takes the same time.
  const password = await hashPassword(input.password);
  const address = input.email.trim().toLowerCase();
  const limit = await hitRateLimit(
    db,
    `register-email:${address}`,
    REGISTRATION_EMAILS_PER_ADDRESS_PER_HOUR,
    3600,
  );
  if (!limit.allowed) return;
  const brand = brandOf(config);
  const url = (path: string) => `${brand.publicUrl}${localizedPath(path, locale)}`;
  if (taken.email) {
    const [owner] = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = ${address}`);
    if (!owner) return;
    const mail = await renderEmail(
      noticeContent(
        owner.username,
        { signIn: url('/auth'), reset: url('/auth/forgot') },
        config.STORE_NAME,
        locale,
      ),
      brand,
    );
    await ctx.mailer.enqueue({ kind: 'registration-notice', to: owner.email, ...mail });
    return;
  }
  const token = randomBytes(32).toString('base64url');
  // The outbox keeps a placeholder where the token goes, and the token sealed: the mailer puts it in
  // place only in what it hands to SMTP (docs/decisions/0454-outbox-keeps-no-live-secret.md), so
  // nobody who reads the outbox or a dump can open the account before its owner does.
  const mail = await renderEmail(
    confirmContent(
      input.username,
      url(`/auth/confirm?token=${OUTBOX_SECRET_PLACEHOLDER}`),
      config.STORE_NAME,
      locale,
    ),
    brand,
  );
  await db.transaction(async (tx) => {
    await tx.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, sql`now()`));
    await tx.insert(pendingRegistrations).values({
      tokenHash: hashToken(token),
      username: input.username,
      email: input.email,
      password,
      locale,
      expiresAt: sql`now() + make_interval(hours => ${REGISTRATION_LINK_HOURS})`,
    });
    await ctx.mailer.enqueue({ kind: 'registration-confirm', to: input.email, ...mail, secret: token }, tx);
  });
}

/**
 * Creates the account of a registration whose link was opened: once, within its time, if its username and
 * address are still free (the person holds the mailbox, so saying the address is taken tells them nothing
 * new). Returns the new customer.
 */
export async function confirmRegistration(ctx: AppContext, token: string): Promise<SessionUser> {
  const { db } = ctx;
  const [pending] = await db
    .select()
    .from(pendingRegistrations)
    .where(
      and(
        eq(pendingRegistrations.tokenHash, hashToken(token)),
        gt(pendingRegistrations.expiresAt, sql`now()`),
      ),
    );
  if (!pending) throw badRequest(REGISTRATION_LINK_INVALID);
  throwIfTaken(await findTaken(db, pending));
  await refuseLookalikeOfAnother(db, pending.username);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: pending.username,
          usernameSkeleton: usernameSkeleton(pending.username),
          email: pending.email,
          password: pending.password,
          isAdmin: false,
        })
        .returning(publicUserColumns);
      // The address is proven now: the orders placed with it as a guest (the checkout that asked for this
      // account) are the new account's.
      await claimGuestOrders(tx, { id: row!.id, email: pending.email });
      // This registration, and every other waiting for this address, is used up now. Another person's
      // registration of the same name stays: its link then answers that the name is taken (409),
      // which says more than a link that stopped working.
      await tx
        .delete(pendingRegistrations)
        .where(sql`lower(${pendingRegistrations.email}) = lower(${pending.email})`);
      return row!;
    });
  } catch (error) {
    throwIfUniqueViolation(error);
    throw error;
  }
}
