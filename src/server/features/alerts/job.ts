// The alerts' daily work (docs/decisions/0572-new-arrival-alerts-and-price-watches.md): one digest a day
// per customer with the lots put on sale since their last one that match their saved searches, and one
// e-mail per watch when the lot's price drops below the watched price, or when it sells first. Run by
// the maintenance job; each e-mail is written to the outbox in the transaction that records it, so a
// run stopped half-way sends nothing twice.
import { and, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { translator } from '~/shared/i18n/catalogues';
import { type Locale, localizedPath } from '~/shared/i18n/locales';
import { formatCents, formatMoney } from '~/shared/money';
import { storeDate } from '~/shared/pricing';
import type { Product } from '~/shared/schemas/catalog';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import { alertDigests, guestSavedSearches, productWatches, savedSearches, users } from '~/server/db/schema';
import { newArrivals, watchedLots } from '~/server/features/catalog';
import {
  lastWithdrawal,
  marketingMailMessages,
  senderAddress,
  unsubscribeUrl,
} from '~/server/features/newsletter';
import { ALERT_EMAILS } from './alerts.messages';
import { readSearchQuery } from './service';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function links(ctx: AppContext, email: string, locale: Locale) {
  const origin = ctx.config.publicUrl;
  return {
    account: `${origin}${localizedPath('/account', locale)}`,
    // The consent feature's one-click unsubscribe (decision 0580): a withdrawal it records stops alerts too.
    stop: unsubscribeUrl(ctx, email, locale),
    lot: (slug: string) => `${origin}${localizedPath(`/products/${encodeURIComponent(slug)}`, locale)}`,
    image: (url: string | null) => (url ? new URL(url, `${origin}/`).href : null),
    listing: (query: string) => `${origin}${localizedPath('/products', locale)}?${query}`,
  };
}

/** RFC 2369 and RFC 8058 headers: a mail client's own unsubscribe button posts to the same link. */
const listHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * Every alert names its sender with the store's postal address and contact (CASL s. 6(2), the marketing
 * e-mails' own sentence) and carries the one-click unsubscribe.
 */
function footer(ctx: AppContext, email: string, locale: Locale, address: string, guest = false) {
  const t = translator(locale, ALERT_EMAILS);
  const l = links(ctx, email, locale);
  const store = ctx.config.STORE_NAME;
  const why = guest ? t('guestWhy', { store }) : t('why', { store, account: l.account });
  const sentBy = translator(locale, marketingMailMessages)('sentBy', {
    store,
    address,
    email: ctx.config.STORE_EMAIL,
  });
  return {
    text: [sentBy, why, t('stop', { url: l.stop })],
    html: `<p style="color:#475569;font-size:12px">${escapeHtml(sentBy)}<br>${escapeHtml(why)}<br><a href="${escapeHtml(l.stop)}">${escapeHtml(t('stopLink'))}</a></p>`,
    headers: listHeaders(l.stop),
  };
}

type Section = { name: string; query: string; lots: Product[] };

function digestMessage(
  ctx: AppContext,
  email: string,
  locale: Locale,
  sections: Section[],
  address: string,
  guest = false,
) {
  const t = translator(locale, ALERT_EMAILS);
  const l = links(ctx, email, locale);
  const count = sections.reduce((n, s) => n + s.lots.length, 0);
  const price = (p: Product) => formatMoney(p.discountedPrice, locale);
  const end = footer(ctx, email, locale, address, guest);
  const text = [
    t('digestIntro', { store: ctx.config.STORE_NAME }),
    ...sections.flatMap((s) => [
      '',
      t('searchHeading', { name: s.name }),
      ...s.lots.map((p) => `- ${p.name}: ${price(p)} ${l.lot(p.slug)}`),
      `${t('moreOnline')}: ${l.listing(s.query)}`,
    ]),
    '',
    ...end.text,
  ].join('\n');
  const lotHtml = (p: Product) => {
    const image = l.image(p.imageUrl);
    return `<tr><td style="padding:6px 8px 6px 0">${image ? `<img src="${escapeHtml(image)}" alt="" width="96" height="96" style="object-fit:cover;border-radius:6px">` : ''}</td><td><a href="${escapeHtml(l.lot(p.slug))}">${escapeHtml(p.name)}</a><br><strong>${escapeHtml(price(p))}</strong></td></tr>`;
  };
  const html = `<div style="font-family:system-ui,sans-serif"><p>${escapeHtml(t('digestIntro', { store: ctx.config.STORE_NAME }))}</p>${sections
    .map(
      (s) =>
        `<h2 style="font-size:16px">${escapeHtml(t('searchHeading', { name: s.name }))}</h2><table>${s.lots.map(lotHtml).join('')}</table><p><a href="${escapeHtml(l.listing(s.query))}">${escapeHtml(t('moreOnline'))}</a></p>`,
    )
    .join('')}${end.html}</div>`;
  return { subject: t('digestSubject', { count }), text, html, headers: end.headers };
}

/**
 * The consent the alerts rest on is the customer's own request (saving the search or the watch); an
 * unsubscribe recorded after it (the link of any alert or newsletter, a mail client's one click, the
 * account) withdraws it: those searches and watches are deleted and not sent (decision 0580).
 */
async function activeOnly<R extends { id: number; createdAt: Date }>(
  ctx: AppContext,
  email: string,
  table: typeof savedSearches | typeof productWatches | typeof guestSavedSearches,
  rows: R[],
): Promise<R[]> {
  const withdrawn = await lastWithdrawal(ctx.db, email);
  if (!withdrawn) return rows;
  const ended = rows.filter((r) => r.createdAt <= withdrawn).map((r) => r.id);
  if (ended.length > 0) await ctx.db.delete(table).where(inArray(table.id, ended));
  return rows.filter((r) => r.createdAt > withdrawn);
}

/** Customers with saved searches and no digest yet on the store's day. */
async function customersDue(db: DbOrTx, today: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: savedSearches.userId })
    .from(savedSearches)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(alertDigests)
          .where(and(eq(alertDigests.userId, savedSearches.userId), eq(alertDigests.sentOn, today))),
      ),
    );
  return rows.map((r) => r.userId);
}

/**
 * One customer's digest: none when nothing new matches (a lot put on sale later today still can). The
 * matches are read first, outside the transaction (an embedded database has one connection); the
 * transaction then claims the day's digest row, so two runs never send two.
 */
async function digestFor(ctx: AppContext, userId: number, today: string, now: Date): Promise<boolean> {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  const searches = await activeOnly(
    ctx,
    user.email,
    savedSearches,
    await ctx.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(savedSearches.id),
  );
  if (searches.length === 0) return false;
  const seen = new Set<number>();
  const sections: Section[] = [];
  for (const search of searches) {
    const { filters } = readSearchQuery(search.query);
    const lots = (await newArrivals(ctx, filters, search.locale, search.checkedAt)).filter(
      (p) => !seen.has(p.id),
    );
    for (const p of lots) seen.add(p.id);
    if (lots.length > 0) sections.push({ name: search.name, query: search.query, lots });
  }
  if (sections.length === 0) return false;
  const locale = searches.at(-1)!.locale;
  const message = digestMessage(ctx, user.email, locale, sections, await senderAddress(ctx.db));
  return ctx.db.transaction(async (tx) => {
    const [taken] = await tx
      .insert(alertDigests)
      .values({ userId, sentOn: today, lots: seen.size })
      .onConflictDoNothing()
      .returning();
    if (!taken) return false;
    await tx
      .update(savedSearches)
      .set({ checkedAt: now })
      .where(
        inArray(
          savedSearches.id,
          searches.map((s) => s.id),
        ),
      );
    await ctx.mailer.enqueue({ kind: 'alert-digest', to: user.email, ...message }, tx);
    return true;
  });
}

/** The lots new since each search was last checked, each lot once, by search. */
async function sectionsOf(
  ctx: AppContext,
  searches: { name: string; query: string; locale: Locale; checkedAt: Date }[],
): Promise<{ sections: Section[]; lots: number }> {
  const seen = new Set<number>();
  const sections: Section[] = [];
  for (const search of searches) {
    const { filters } = readSearchQuery(search.query);
    const lots = (await newArrivals(ctx, filters, search.locale, search.checkedAt)).filter(
      (p) => !seen.has(p.id),
    );
    for (const p of lots) seen.add(p.id);
    if (lots.length > 0) sections.push({ name: search.name, query: search.query, lots });
  }
  return { sections, lots: seen.size };
}

/**
 * Guests' digests (docs/decisions/0583-guest-saved-searches.md): one a day per confirmed address, over its
 * confirmed searches; the day is claimed (digestOn) in the transaction that writes the e-mail.
 */
async function sendGuestDigests(ctx: AppContext, today: string, now: Date): Promise<number> {
  const addresses = await ctx.db
    .selectDistinct({ email: sql<string>`lower(${guestSavedSearches.email})` })
    .from(guestSavedSearches)
    .where(isNotNull(guestSavedSearches.confirmedAt));
  let sent = 0;
  for (const { email } of addresses) {
    const confirmed = await ctx.db
      .select()
      .from(guestSavedSearches)
      .where(
        and(sql`lower(${guestSavedSearches.email}) = ${email}`, isNotNull(guestSavedSearches.confirmedAt)),
      )
      .orderBy(guestSavedSearches.id);
    if (confirmed.some((s) => s.digestOn === today)) continue;
    // Consent dates from the confirmation: a withdrawal after it ends the search.
    const searches = await activeOnly(
      ctx,
      email,
      guestSavedSearches,
      confirmed.map((s) => ({ ...s, createdAt: s.confirmedAt! })),
    );
    const { sections } = await sectionsOf(ctx, searches);
    if (sections.length === 0) continue;
    const to = searches.at(-1)!.email;
    const message = digestMessage(
      ctx,
      to,
      searches.at(-1)!.locale,
      sections,
      await senderAddress(ctx.db),
      true,
    );
    const ids = searches.map((s) => s.id);
    const claimed = await ctx.db.transaction(async (tx) => {
      const [already] = await tx
        .select({ id: guestSavedSearches.id })
        .from(guestSavedSearches)
        .where(
          and(sql`lower(${guestSavedSearches.email}) = ${email}`, eq(guestSavedSearches.digestOn, today)),
        )
        .for('update');
      if (already) return false;
      await tx
        .update(guestSavedSearches)
        .set({ digestOn: today, checkedAt: now })
        .where(inArray(guestSavedSearches.id, ids));
      await ctx.mailer.enqueue({ kind: 'alert-digest', to, ...message }, tx);
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}

/** Sends the day's digests (customers' and confirmed guests'); returns how many went. */
export async function sendAlertDigests(ctx: AppContext, now = new Date()): Promise<number> {
  const today = storeDate(ctx.config.STORE_TIMEZONE, now);
  let sent = 0;
  for (const userId of await customersDue(ctx.db, today))
    if (await digestFor(ctx, userId, today, now)) sent++;
  sent += await sendGuestDigests(ctx, today, now);
  if (sent > 0) await ctx.mailer.deliverQueued(sent);
  return sent;
}

/** One e-mail per watch: the price dropped below the watched price, or the lot sold before it did. */
export async function sendWatchAlerts(ctx: AppContext): Promise<number> {
  const all = await ctx.db
    .select({
      id: productWatches.id,
      userId: productWatches.userId,
      productId: productWatches.productId,
      watchedCents: productWatches.watchedCents,
      locale: productWatches.locale,
      email: users.email,
      createdAt: productWatches.createdAt,
    })
    .from(productWatches)
    .innerJoin(users, eq(users.id, productWatches.userId))
    .where(isNull(productWatches.notifiedAt));
  const waiting: typeof all = [];
  for (const email of new Set(all.map((w) => w.email)))
    waiting.push(
      ...(await activeOnly(
        ctx,
        email,
        productWatches,
        all.filter((w) => w.email === email),
      )),
    );
  let sent = 0;
  const address = await senderAddress(ctx.db);
  for (const locale of ['en', 'fr'] as const) {
    const mine = waiting.filter((w) => w.locale === locale);
    const lots = await watchedLots(ctx, [...new Set(mine.map((w) => w.productId))], locale);
    for (const watch of mine) {
      const lot = lots.get(watch.productId);
      if (!lot) continue;
      const dropped = lot.onSale && lot.todayCents < watch.watchedCents;
      if (lot.onSale && !dropped) continue;
      const t = translator(locale, ALERT_EMAILS);
      const l = links(ctx, watch.email, locale);
      const end = footer(ctx, watch.email, locale, address);
      const name = lot.product.name;
      const body = dropped
        ? t('dropText', {
            was: formatCents(watch.watchedCents, locale),
            now: formatMoney(lot.product.discountedPrice, locale),
          })
        : t('soldText');
      const marked = await ctx.db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(productWatches)
          .set({ notifiedAt: new Date() })
          .where(and(eq(productWatches.id, watch.id), isNull(productWatches.notifiedAt)))
          .returning({ id: productWatches.id });
        if (!claimed) return false;
        await ctx.mailer.enqueue(
          {
            kind: dropped ? 'watch-price-drop' : 'watch-sold',
            to: watch.email,
            subject: t(dropped ? 'dropSubject' : 'soldSubject', { name }),
            text: [body, '', `${t('view')}: ${l.lot(lot.product.slug)}`, '', ...end.text].join('\n'),
            html: `<div style="font-family:system-ui,sans-serif"><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(l.lot(lot.product.slug))}">${escapeHtml(t('view'))}</a></p>${end.html}</div>`,
            headers: end.headers,
          },
          tx,
        );
        return true;
      });
      if (marked) sent++;
    }
  }
  if (sent > 0) await ctx.mailer.deliverQueued(sent);
  return sent;
}
