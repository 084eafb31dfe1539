// A guest's saved search by e-mail (docs/decisions/0583-guest-saved-searches.md): saved inactive, a
// confirmation link e-mailed (its token kept as a hash), active once the link is opened, which records
// the consent with its wording, language, time and address (purpose 'alerts' only).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { translator } from '~/shared/i18n/catalogues';
import type { Locale } from '~/shared/i18n/locales';
import { MAX_SAVED_SEARCHES } from '~/shared/schemas/alerts';
import type { AppContext } from '~/server/context';
import { guestSavedSearches } from '~/server/db/schema';
import { recordAlertConsent } from '~/server/features/newsletter';
import { badRequest } from '~/server/lib/http-error';
import { ALERT_EMAILS } from './alerts.messages';
import { readSearchQuery, TOO_MANY_SEARCHES } from './service';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Saves the search inactive and e-mails the confirmation link (again, with a new token, for the same search). */
export async function saveGuestSearch(
  ctx: AppContext,
  input: { email: string; query: string; name?: string },
  locale: Locale,
): Promise<void> {
  const { filters, normalized } = readSearchQuery(input.query);
  const email = input.email.trim();
  const token = randomBytes(32).toString('base64url');
  const name = (input.name || filters.q || (locale === 'fr' ? 'Tous les produits' : 'All products')).slice(
    0,
    80,
  );
  await ctx.db.transaction(async (tx) => {
    const mine = await tx
      .select()
      .from(guestSavedSearches)
      .where(sql`lower(${guestSavedSearches.email}) = lower(${email})`)
      .for('update');
    const same = mine.find((s) => s.query === normalized);
    if (same) {
      await tx
        .update(guestSavedSearches)
        .set({ tokenHash: hashOf(token), locale })
        .where(eq(guestSavedSearches.id, same.id));
    } else {
      if (mine.length >= MAX_SAVED_SEARCHES) throw badRequest(TOO_MANY_SEARCHES);
      await tx
        .insert(guestSavedSearches)
        .values({ email, name, query: normalized, locale, tokenHash: hashOf(token) });
    }
    const t = translator(locale, ALERT_EMAILS);
    const store = ctx.config.STORE_NAME;
    const url = `${ctx.config.publicUrl}/api/alerts/confirm/${token}`;
    // Sent because the person asked for it on the form (a solicited message), and only this once.
    await ctx.mailer.enqueue(
      {
        kind: 'alert-confirmation',
        to: email,
        subject: t('confirmSubject', { store }),
        text: t('confirmText', { store, name: same?.name ?? name, url }),
      },
      tx,
    );
  });
  await ctx.mailer.deliverQueued(1);
}

/** Opens a confirmation link: the search becomes active and the consent is recorded. False for a link that is not one. */
export async function confirmGuestSearch(
  ctx: AppContext,
  token: string,
  ip: string | null,
): Promise<Locale | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(guestSavedSearches)
      .set({ confirmedAt: new Date(), checkedAt: new Date() })
      .where(and(eq(guestSavedSearches.tokenHash, hashOf(token)), isNull(guestSavedSearches.confirmedAt)))
      .returning();
    if (!row) {
      const [done] = await tx
        .select({ locale: guestSavedSearches.locale })
        .from(guestSavedSearches)
        .where(eq(guestSavedSearches.tokenHash, hashOf(token)));
      return done?.locale ?? null;
    }
    const wording = translator(row.locale, ALERT_EMAILS)('consentWording', { store: ctx.config.STORE_NAME });
    await recordAlertConsent(tx, { email: row.email, ip }, wording, row.locale);
    return row.locale;
  });
}
