// Marketing consent (CASL): express consent is recorded as events (given, withdrawn) with the exact
// wording, language, time, source and client address; implied consent is read from the records that
// create it, a paid order (2 years) or a contact message (6 months), so it ends on its own and goes
// when those records are erased. A withdrawal ends every consent given before it, express or implied
// (docs/decisions/0560-consent-records.md).
import { asc, sql } from 'drizzle-orm';
import { consentMessages } from '~/shared/consent.messages';
import { translator } from '~/shared/i18n/catalogues';
import type { Locale } from '~/shared/i18n/locales';
import type { DbOrTx } from '~/server/db/client';
import { marketingConsents, subscribers } from '~/server/db/schema';

export const CONSENT_SOURCES = ['popup', 'popup-relay', 'footer', 'checkout', 'account'] as const;
export const WITHDRAWAL_SOURCES = ['unsubscribe-link', 'one-click', 'account', 'account-deletion'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export type WithdrawalSource = (typeof WITHDRAWAL_SOURCES)[number];

/** CASL s. 10(10): a purchase implies consent for two years, an inquiry for six months. */
export const IMPLIED_PURCHASE_MONTHS = 24;
export const IMPLIED_INQUIRY_MONTHS = 6;

/** Order payment statuses that are a purchase (a refunded order was still bought). */
const PURCHASE_STATUSES = sql`('completed', 'refunded')`;

/** The exact text the person saw: the home popup's checkbox has its own, every other form the general one. */
export function consentWording(locale: Locale, storeName: string, source: ConsentSource): string {
  const t = translator(locale, consentMessages);
  return source === 'popup' ? t('popupWording') : t('wording', { store: storeName });
}

export function withdrawalWording(locale: Locale, storeName: string): string {
  return translator(locale, consentMessages)('withdrawal', { store: storeName });
}

export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

type Who = { email: string; userId?: number | null; orderId?: number | null; ip?: string | null };

/** Records an express consent with the wording the person was shown, and keeps the address on the list. */
export async function recordConsent(
  db: DbOrTx,
  who: Who,
  source: ConsentSource,
  locale: Locale,
  storeName: string,
): Promise<void> {
  await db.insert(marketingConsents).values({
    email: who.email.trim(),
    userId: who.userId ?? null,
    orderId: who.orderId ?? null,
    action: 'granted',
    source,
    wording: consentWording(locale, storeName, source),
    locale,
    ipAddress: who.ip ?? null,
  });
  await db.insert(subscribers).values({ email: who.email.trim() }).onConflictDoNothing();
}

/**
 * Records a guest's express consent to saved-search alerts only (purpose 'alerts'): it is no marketing
 * consent (the address is not put on the list, campaigns and reminders do not read it), and any later
 * withdrawal ends it (docs/decisions/0583-guest-saved-searches.md).
 */
export async function recordAlertConsent(
  db: DbOrTx,
  who: { email: string; ip?: string | null },
  wording: string,
  locale: Locale,
): Promise<void> {
  await db.insert(marketingConsents).values({
    email: who.email.trim(),
    action: 'granted',
    purpose: 'alerts',
    source: 'alert-confirmation',
    wording,
    locale,
    ipAddress: who.ip ?? null,
  });
}

/** Records a withdrawal (honoured at once: every later marketing send reads it) and takes the address off the list. */
export async function recordWithdrawal(
  db: DbOrTx,
  who: Who,
  source: WithdrawalSource,
  locale: Locale,
  storeName: string,
): Promise<void> {
  await db.insert(marketingConsents).values({
    email: who.email.trim(),
    userId: who.userId ?? null,
    action: 'withdrawn',
    source,
    wording: withdrawalWording(locale, storeName),
    locale,
    ipAddress: who.ip ?? null,
  });
  await db.delete(subscribers).where(sql`lower(${subscribers.email}) = lower(${who.email.trim()})`);
}

export type ConsentBasis = 'express' | 'implied-purchase' | 'implied-inquiry';
export type ConsentStatus = {
  email: string;
  basis: ConsentBasis;
  /** When the consent the basis rests on was given (the consent, the purchase or the inquiry). */
  since: Date;
  /** Null for express consent (it lasts until withdrawn). */
  expiresAt: Date | null;
  locale: Locale;
};

type Facts = {
  email: string;
  express_at: Date | string | null;
  express_locale: string | null;
  withdrawn_at: Date | string | null;
  purchase_at: Date | string | null;
  purchase_locale: string | null;
  inquiry_at: Date | string | null;
};

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));
const after = (a: Date | null, b: Date | null) => a !== null && (b === null || a > b);

/** The consent an address has now, from its facts; null when it has none (or withdrew). */
function statusOf(f: Facts, now: Date): ConsentStatus | null {
  const withdrawn = asDate(f.withdrawn_at);
  const express = asDate(f.express_at);
  const locale = (f.express_locale ?? f.purchase_locale ?? 'en') === 'fr' ? 'fr' : 'en';
  if (after(express, withdrawn))
    return { email: f.email, basis: 'express', since: express!, expiresAt: null, locale };
  const implied: ConsentStatus[] = [];
  const purchase = asDate(f.purchase_at);
  if (after(purchase, withdrawn)) {
    const expiresAt = addMonths(purchase!, IMPLIED_PURCHASE_MONTHS);
    if (expiresAt > now)
      implied.push({ email: f.email, basis: 'implied-purchase', since: purchase!, expiresAt, locale });
  }
  const inquiry = asDate(f.inquiry_at);
  if (after(inquiry, withdrawn)) {
    const expiresAt = addMonths(inquiry!, IMPLIED_INQUIRY_MONTHS);
    if (expiresAt > now)
      implied.push({ email: f.email, basis: 'implied-inquiry', since: inquiry!, expiresAt, locale });
  }
  // The consent that lasts longest is the one the store relies on.
  implied.sort((a, b) => b.expiresAt!.getTime() - a.expiresAt!.getTime());
  return implied[0] ?? null;
}

/** The facts of every address (or one), as one query over consents, paid orders and contact messages. */
async function factsOf(db: DbOrTx, email?: string): Promise<Facts[]> {
  const only = (column: string) =>
    email === undefined ? sql`true` : sql`lower(${sql.raw(column)}) = lower(${email})`;
  const result = (await db.execute(sql`
    with g as (
      select distinct on (lower(email)) lower(email) as e, created_at as at, locale
      from marketing_consents where action = 'granted' and purpose = 'marketing' and ${only('email')}
      order by lower(email), created_at desc, id desc
    ), w as (
      select lower(email) as e, max(created_at) as at from marketing_consents
      where action = 'withdrawn' and ${only('email')} group by 1
    ), p as (
      select distinct on (lower(customer_email)) lower(customer_email) as e, created_at as at, locale
      from orders where payment_status in ${PURCHASE_STATUSES} and customer_email <> ''
        and ${only('customer_email')}
      order by lower(customer_email), created_at desc
    ), c as (
      select lower(email) as e, max(created_at) as at from contact_messages where ${only('email')} group by 1
    ), everyone as (select e from g union select e from p union select e from c)
    select everyone.e as email, g.at as express_at, g.locale as express_locale, w.at as withdrawn_at,
      p.at as purchase_at, p.locale as purchase_locale, c.at as inquiry_at
    from everyone left join g using (e) left join w using (e) left join p using (e) left join c using (e)
    order by everyone.e`)) as unknown as { rows: Facts[] };
  return result.rows;
}

export async function consentStatus(
  db: DbOrTx,
  email: string,
  now = new Date(),
): Promise<ConsentStatus | null> {
  const [facts] = await factsOf(db, email.trim());
  return facts ? statusOf(facts, now) : null;
}

/** Every address the store may send marketing to now, with the basis of each. */
export async function currentSubscribers(db: DbOrTx, now = new Date()): Promise<ConsentStatus[]> {
  return (await factsOf(db)).flatMap((f) => statusOf(f, now) ?? []);
}

/** One address's express consent events, oldest first (the admin's history and the data export). */
export async function consentHistory(db: DbOrTx, email: string) {
  return db
    .select()
    .from(marketingConsents)
    .where(sql`lower(${marketingConsents.email}) = lower(${email.trim()})`)
    .orderBy(asc(marketingConsents.createdAt), asc(marketingConsents.id));
}

/** When the address last withdrew (an unsubscribe link, one click, the account); null if never. */
export async function lastWithdrawal(db: DbOrTx, email: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${marketingConsents.createdAt})` })
    .from(marketingConsents)
    .where(
      sql`lower(${marketingConsents.email}) = lower(${email.trim()}) and ${marketingConsents.action} = 'withdrawn'`,
    );
  return row?.at ? new Date(row.at) : null;
}
