// Marketing e-mail (CASL "commercial electronic messages"): only to an address with consent now, and
// each one names the sender with the store's postal address and carries a one-click unsubscribe: a link
// in the body and the List-Unsubscribe / List-Unsubscribe-Post headers of RFC 8058. Messages are queued
// in the outbox like every e-mail (docs/decisions/0560-consent-records.md).
import { translator } from '~/shared/i18n/catalogues';
import { localizedPath, type Locale } from '~/shared/i18n/locales';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import { getShippingSettings, getStoreSettings } from '~/server/features/store-settings';
import { currentSubscribers } from './consents';
import { marketingMailMessages } from './marketing-mail.messages';
import { unsubscribeToken } from './unsubscribe-token';

export const MARKETING_KIND = 'marketing';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The store's postal address for the sender's identification: the setting, else the pickup place. */
export async function senderAddress(db: DbOrTx): Promise<string> {
  const { mailingAddress } = await getStoreSettings(db);
  if (mailingAddress.trim()) return mailingAddress.trim();
  return (await getShippingSettings(db)).pickupAddress.replace(/\s*\n\s*/g, ', ');
}

export function unsubscribeUrl(ctx: AppContext, email: string, locale: Locale): string {
  const token = unsubscribeToken(ctx.config.sessionSecret, email, locale);
  return `${ctx.config.publicUrl}/api/unsubscribe/${token}`;
}

export type Campaign = { subject: string; subjectFr?: string; text: string; textFr?: string };

/** One marketing message, footer and headers included (not queued). */
export function composeMarketing(
  ctx: AppContext,
  to: string,
  locale: Locale,
  address: string,
  campaign: Campaign,
) {
  const t = translator(locale, marketingMailMessages);
  const store = ctx.config.STORE_NAME;
  const url = unsubscribeUrl(ctx, to, locale);
  const subject = (locale === 'fr' && campaign.subjectFr?.trim()) || campaign.subject;
  const body = (locale === 'fr' && campaign.textFr?.trim()) || campaign.text;
  const sentBy = t('sentBy', { store, address, email: ctx.config.STORE_EMAIL });
  const text = [body, '', '--', sentBy, t('why'), t('unsubscribeText', { url })].join('\n');
  const storeUrl = `${ctx.config.publicUrl}${localizedPath('/', locale)}`;
  const html = `<!doctype html><html lang="${locale === 'fr' ? 'fr-CA' : 'en-CA'}"><body>
${body
  .split(/\n{2,}/)
  .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
  .join('\n')}
<hr><p style="font-size:12px;color:#555">${escapeHtml(sentBy)}<br>${escapeHtml(t('why'))}<br>
<a href="${escapeHtml(url)}">${escapeHtml(t('unsubscribe'))}</a> · <a href="${escapeHtml(storeUrl)}">${escapeHtml(store)}</a></p>
</body></html>`;
  return {
    kind: MARKETING_KIND,
    to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Queues a campaign to every address with consent now, each in its language; returns how many. */
export async function queueCampaign(ctx: AppContext, campaign: Campaign): Promise<number> {
  const recipients = await currentSubscribers(ctx.db);
  const address = await senderAddress(ctx.db);
  for (const r of recipients) {
    await ctx.mailer.enqueue(composeMarketing(ctx, r.email, r.locale, address, campaign));
  }
  return recipients.length;
}
