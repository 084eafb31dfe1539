// A guest's access or deletion request (no account to sign in to): the request names an address; a link
// is sent to it, so only the address's owner can open the data. The answer is the same whether or not
// the store keeps anything under it, and the e-mail leaves after the answer. The token is random, kept as
// its sha256, valid 24 hours; a deletion link works once (docs/decisions/0563-data-export-and-guest-requests.md).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { translator } from '~/shared/i18n/catalogues';
import type { Locale } from '~/shared/i18n/locales';
import type { PrivacyRequestInput } from '~/shared/schemas/privacy';
import type { AppContext } from '~/server/context';
import type { Db, DbOrTx } from '~/server/db/client';
import { contactMessages, marketingConsents, orders, privacyRequests } from '~/server/db/schema';
import { hitRateLimit } from '~/server/lib/rate-limit';
import { brandOf, renderEmail } from '~/server/mail/layout';
import { OUTBOX_SECRET_PLACEHOLDER } from '~/server/mail/outbox-secret';
import { eraseByEmail, eraseOrders } from './erase';
import { guestRequestMessages } from './guest-request.messages';

export const REQUEST_TTL_HOURS = 24;
/** Request e-mails one address receives an hour at most; more requests are answered alike, unsent. */
const REQUESTS_PER_ADDRESS_PER_HOUR = 3;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the store keeps anything under the address that a guest request reaches. */
async function keepsAnything(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = (
    (await db.execute(sql`select
      exists (select 1 from ${orders} where user_id is null and lower(customer_email) = lower(${email}))
      or exists (select 1 from ${contactMessages} where lower(email) = lower(${email}))
      or exists (select 1 from ${marketingConsents} where lower(email) = lower(${email})) as found`)) as unknown as {
      rows: { found: boolean }[];
    }
  ).rows;
  return row?.found === true;
}

export async function requestGuestData(ctx: AppContext, input: PrivacyRequestInput, locale: Locale) {
  const { db, config } = ctx;
  const email = input.email.trim();
  const limit = await hitRateLimit(
    db,
    `privacy-request:${email.toLowerCase()}`,
    REQUESTS_PER_ADDRESS_PER_HOUR,
    3600,
  );
  if (!limit.allowed || !(await keepsAnything(db, email))) return;
  const token = randomBytes(32).toString('base64url');
  const t = translator(locale, guestRequestMessages);
  const brand = brandOf(config);
  const store = config.STORE_NAME;
  const link = `${brand.publicUrl}/api/privacy-requests/${OUTBOX_SECRET_PLACEHOLDER}`;
  const exporting = input.kind === 'export';
  const mail = await renderEmail(
    {
      locale,
      subject: t(exporting ? 'exportSubject' : 'deleteSubject', { store }),
      preview: t('preview'),
      heading: t(exporting ? 'exportHeading' : 'deleteHeading'),
      blocks: [
        { type: 'paragraph', text: t(exporting ? 'exportExplain' : 'deleteExplain', { store }) },
        { type: 'button', label: t(exporting ? 'exportButton' : 'deleteButton'), href: link },
        { type: 'paragraph', text: t('preview') },
        { type: 'paragraph', text: t('ignore') },
      ],
    },
    brand,
  );
  await db.transaction(async (tx) => {
    await tx.insert(privacyRequests).values({
      tokenHash: hashToken(token),
      email,
      kind: input.kind,
      locale,
      expiresAt: sql`now() + make_interval(hours => ${REQUEST_TTL_HOURS})`,
    });
    await ctx.mailer.enqueue({ kind: 'privacy-request', to: email, ...mail, secret: token }, tx);
  });
}

/** The open request of a token: unexpired and (for a deletion) unused; null otherwise. */
export async function openRequest(db: DbOrTx, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.tokenHash, hashToken(token)),
        gt(privacyRequests.expiresAt, sql`now()`),
        isNull(privacyRequests.usedAt),
      ),
    );
  return row ?? null;
}

/** Carries out a guest's deletion once: the request is used up in the same transaction. */
export async function eraseGuest(db: Db, requestId: number, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(privacyRequests)
      .set({ usedAt: new Date() })
      .where(and(eq(privacyRequests.id, requestId), isNull(privacyRequests.usedAt)))
      .returning({ id: privacyRequests.id });
    if (used.length === 0) return false;
    const guestOrders = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(isNull(orders.userId), sql`lower(${orders.customerEmail}) = lower(${email})`));
    await eraseOrders(
      tx,
      guestOrders.map((o) => o.id),
    );
    await eraseByEmail(tx, email);
    return true;
  });
}
