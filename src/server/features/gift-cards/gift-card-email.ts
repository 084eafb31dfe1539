// Writes the gift card e-mail to the outbox in the caller's transaction. The code is a secret: the
// outbox keeps a placeholder and the code sealed, and only what SMTP receives carries it
// (docs/decisions/0454-outbox-keeps-no-live-secret.md, 0533-gift-cards.md).
import type { Locale } from '~/shared/i18n/locales';
import { translator } from '~/shared/i18n/catalogues';
import { formatCents } from '~/shared/money';
import type { AppContext } from '~/server/context';
import type { Tx } from '~/server/db/client';
import { brandOf, type EmailBlock, renderEmail, storeUrl } from '~/server/mail/layout';
import { OUTBOX_SECRET_PLACEHOLDER } from '~/server/mail/outbox-secret';
import { GIFT_CARD_EMAIL } from './gift-card-email.messages';

export async function queueGiftCardEmail(
  ctx: AppContext,
  tx: Tx,
  card: {
    to: string;
    cents: number;
    code: string;
    message: string | null;
    locale: Locale;
    orderId?: number | null;
  },
): Promise<number> {
  const t = translator(card.locale, GIFT_CARD_EMAIL);
  const brand = brandOf(ctx.config);
  const store = ctx.config.STORE_NAME;
  const amount = formatCents(card.cents, card.locale);
  const blocks: EmailBlock[] = [{ type: 'paragraph', text: t('intro', { store, amount }) }];
  if (card.message) blocks.push({ type: 'paragraph', text: `${t('message')} ${card.message}` });
  blocks.push(
    { type: 'details', rows: [[t('code'), OUTBOX_SECRET_PLACEHOLDER]] },
    { type: 'paragraph', text: t('howTo') },
    { type: 'link', label: t('balance'), href: storeUrl(brand, '/gift-cards/balance', card.locale) },
  );
  const mail = await renderEmail(
    {
      locale: card.locale,
      subject: t('subject', { store, amount }),
      preview: t('preview', { store, amount }),
      heading: t('heading'),
      blocks,
    },
    brand,
  );
  return ctx.mailer.enqueue(
    { kind: 'gift-card', to: card.to, ...mail, secret: card.code, orderId: card.orderId ?? undefined },
    tx,
  );
}
