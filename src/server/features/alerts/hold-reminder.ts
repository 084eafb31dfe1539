// The reminder before a hold expires (docs/decisions/0582-hold-expiry-reminder.md): a shopper whose
// checkout made an order and its payment page (they reached it) and who has not paid 10 minutes later gets
// one e-mail saying until when their items are held, in the store's zone and the order's language, only
// with express consent on record and not withdrawn. Never after paying (checked in the transaction that
// claims the order), never twice (orders.hold_reminder_sent_at). Run by the maintenance job.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { translator } from '~/shared/i18n/catalogues';
import { LOCALE_TAGS, type Locale, localizedPath } from '~/shared/i18n/locales';
import type { AppContext } from '~/server/context';
import { orders } from '~/server/db/schema';
import { updateOrder } from '~/server/lib/order-writes';
import {
  consentStatus,
  marketingMailMessages,
  senderAddress,
  unsubscribeUrl,
} from '~/server/features/newsletter';
import { HOLD_REMINDER_EMAILS } from './hold-reminder.messages';

/** A shopper still on the payment page is not reminded: the reminder waits this long after the checkout. */
export const REMIND_AFTER_MINUTES = 10;
/** A hold ending sooner than this is not worth an e-mail: it would arrive after the items went back. */
export const MIN_MINUTES_LEFT = 5;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** "3:40 p.m." / "15 h 40": the time of day in the store's zone, as the language writes it. */
export function heldUntilText(until: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(until);
}

type Due = { id: number; email: string; locale: string; until: Date | string };

/** Sends the reminders due now; returns how many went. */
export async function sendHoldReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const result = (await ctx.db.execute(sql`
    select o.id, o.customer_email as email, o.locale, min(h.expires_at) as until
    from orders o join stock_holds h on h.order_id = o.id and h.released_at is null
    where o.payment_status = 'pending' and o.status = 'pending' and o.hold_reminder_sent_at is null
      and o.customer_email <> ''
      and o.created_at <= ${new Date(now.getTime() - REMIND_AFTER_MINUTES * 60_000)}
    group by o.id
    having min(h.expires_at) > ${new Date(now.getTime() + MIN_MINUTES_LEFT * 60_000)}
    order by o.id`)) as unknown as { rows: Due[] };
  let sent = 0;
  for (const due of result.rows) {
    // Express consent only (the checkout's box, or given before and not withdrawn since).
    if ((await consentStatus(ctx.db, due.email, now))?.basis !== 'express') continue;
    const locale: Locale = due.locale === 'fr' ? 'fr' : 'en';
    const t = translator(locale, HOLD_REMINDER_EMAILS);
    const store = ctx.config.STORE_NAME;
    const time = heldUntilText(new Date(due.until), locale, ctx.config.STORE_TIMEZONE);
    const cart = `${ctx.config.publicUrl}${localizedPath('/cart', locale)}`;
    const stop = unsubscribeUrl(ctx, due.email, locale);
    const body = t('body', { store, time });
    // The sender and its postal address, as every marketing e-mail names them (CASL s. 6(2)).
    const sentBy = translator(locale, marketingMailMessages)('sentBy', {
      store,
      address: await senderAddress(ctx.db),
      email: ctx.config.STORE_EMAIL,
    });
    const claimed = await ctx.db.transaction(async (tx) => {
      // Stamped once, as the store's bookkeeping: the order itself is unchanged.
      const row = await updateOrder(
        tx,
        due.id,
        { holdReminderSentAt: now },
        {
          onlyIf: and(isNull(orders.holdReminderSentAt), eq(orders.paymentStatus, 'pending')),
          marksChanged: false,
        },
      );
      if (!row) return false;
      await ctx.mailer.enqueue(
        {
          kind: 'hold-reminder',
          to: due.email,
          subject: t('subject', { time }),
          text: [
            body,
            '',
            `${t('finish')}: ${cart}`,
            '',
            sentBy,
            t('why', { store }),
            t('unsubscribe', { url: stop }),
          ].join('\n'),
          html: `<div style="font-family:system-ui,sans-serif"><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(cart)}">${escapeHtml(t('finish'))}</a></p><p style="color:#475569;font-size:12px">${escapeHtml(sentBy)}<br>${escapeHtml(t('why', { store }))}<br><a href="${escapeHtml(stop)}">${escapeHtml(t('unsubscribeLink'))}</a></p></div>`,
          headers: { 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        },
        tx,
      );
      return true;
    });
    if (claimed) sent++;
  }
  if (sent > 0) await ctx.mailer.deliverQueued(sent);
  return sent;
}
