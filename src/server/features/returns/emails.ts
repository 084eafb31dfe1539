// The shopper's e-mail of each step of a return (docs/decisions/0540-return-requests.md), in the
// order's language, written into the outbox in the transaction of the step under the key
// 'return:{id}:{kind}:{event id}' (one e-mail a step however often it is retried), delivered after the
// commit like the order e-mails (docs/decisions/0270-order-emails-through-the-outbox.md). The refund
// step sends no e-mail of its own: the refund's e-mail with its credit note is the shopper's word.
import type { AppContext } from '~/server/context';
import type { Tx } from '~/server/db/client';
import { mailOutbox, type orderItems, type orders } from '~/server/db/schema';
import { brandOf, type EmailBlock, type EmailContent, renderEmail, storeUrl } from '~/server/mail/layout';
import { getShippingSettings } from '~/server/features/store-settings';
import { translator } from '~/shared/i18n/catalogues';
import { DEFAULT_LOCALE, type Locale } from '~/shared/i18n/locales';
import { pickupPlace } from '~/shared/pickup';
import { type ReturnReason, isWarrantyReason, returnNumber } from '~/shared/schemas/returns';
import { RETURN_EMAILS } from './emails.messages';

/** Each reason's message key (written out, so the catalogue test finds every key used). */
const REASON_KEYS = {
  'changed-mind': 'reason.changed-mind',
  'not-as-described': 'reason.not-as-described',
  defective: 'reason.defective',
  'damaged-in-transit': 'reason.damaged-in-transit',
  'wrong-item': 'reason.wrong-item',
} as const satisfies Record<ReturnReason, string>;

export type ReturnEmailKind = 'requested' | 'approved' | 'refused' | 'instructions' | 'received' | 'closed';

type ReturnRow = {
  id: number;
  reason: string;
  defectClaim: boolean;
  returnMethod: string | null;
  returnAddress: string | null;
};
type LineRow = {
  item: Pick<typeof orderItems.$inferSelect, 'productName' | 'soldName'>;
  quantity: number;
  receivedQuantity: number | null;
  damagedQuantity: number | null;
};
type OrderRow = Pick<
  typeof orders.$inferSelect,
  'id' | 'orderReference' | 'customerEmail' | 'customerName' | 'userId' | 'locale'
>;

type EmailInput = {
  kind: ReturnEmailKind;
  ret: ReturnRow;
  order: OrderRow;
  lines: LineRow[];
  message: string;
  storeName: string;
  pickup: Awaited<ReturnType<typeof getShippingSettings>>;
  orderLink: string;
};

/** One return e-mail's content in `locale`. */
export function returnEmailContent(input: EmailInput, locale: Locale): EmailContent {
  const t = translator(locale, RETURN_EMAILS);
  const { ret, order, kind } = input;
  const number = returnNumber(ret.id);
  const values = {
    store: input.storeName,
    number,
    reference: order.orderReference,
    name: order.customerName,
  };
  const nameOf = (l: LineRow) => l.item.soldName || l.item.productName;
  const details: EmailBlock = {
    type: 'details',
    rows: [
      [t('returnNumber'), number],
      [t('orderReference'), order.orderReference],
      [t('reason'), t(REASON_KEYS[ret.reason as ReturnReason])],
    ],
  };
  const items: EmailBlock = {
    type: 'lines',
    title: t('items'),
    lines: input.lines.map((l) => `${nameOf(l)} × ${l.quantity}`),
  };
  const message: EmailBlock[] = input.message
    ? [{ type: 'lines', title: t('messageFromUs'), lines: input.message.split(/\r?\n/).filter(Boolean) }]
    : [];
  const button: EmailBlock = { type: 'button', label: t('viewOrder'), href: input.orderLink };
  const paragraph = (text: string): EmailBlock => ({ type: 'paragraph', text });
  const head = (subject: string, heading: string, text: string) => ({
    locale,
    subject: t(subject, values),
    preview: t(text, values),
    heading: t(heading, values),
  });
  switch (kind) {
    case 'requested':
      return {
        ...head('requestedSubject', 'requestedHeading', 'requestedText'),
        blocks: [
          paragraph(t('requestedText', values)),
          ...(ret.defectClaim && isWarrantyReason(ret.reason as ReturnReason)
            ? [paragraph(t('warrantyText'))]
            : []),
          details,
          items,
          button,
        ],
      };
    case 'approved':
      return {
        ...head('approvedSubject', 'approvedHeading', 'approvedText'),
        blocks: [paragraph(t('approvedText', values)), ...message, details, items, button],
      };
    case 'refused':
      return {
        ...head('refusedSubject', 'refusedHeading', 'refusedText'),
        blocks: [paragraph(t('refusedText', values)), ...message, details, button],
      };
    case 'instructions': {
      const place = pickupPlace(input.pickup, locale);
      const how: EmailBlock[] =
        ret.returnMethod === 'ship'
          ? [
              paragraph(t('shipText', values)),
              {
                type: 'lines',
                title: t('shipTo'),
                lines: (ret.returnAddress ?? '').split(/\r?\n/).filter(Boolean),
              },
            ]
          : [
              paragraph(t('dropOffText', values)),
              { type: 'lines', title: t('where'), lines: place.address },
              { type: 'lines', title: t('when'), lines: place.hours },
            ];
      return {
        ...head('instructionsSubject', 'instructionsHeading', 'dropOffText'),
        preview: t(ret.returnMethod === 'ship' ? 'shipText' : 'dropOffText', values),
        blocks: [...how, ...message, details, items, button],
      };
    }
    case 'received':
      return {
        ...head('receivedSubject', 'receivedHeading', 'receivedText'),
        blocks: [
          paragraph(t('receivedText', values)),
          {
            type: 'details',
            rows: input.lines.map((l) => [
              nameOf(l),
              t(l.damagedQuantity ? 'receivedDamaged' : 'receivedLine', {
                received: l.receivedQuantity ?? 0,
                quantity: l.quantity,
                damaged: l.damagedQuantity ?? 0,
              }),
            ]),
          },
          ...message,
          paragraph(t('receivedRefundNext')),
          button,
        ],
      };
    case 'closed':
      return {
        ...head('closedSubject', 'closedHeading', 'closedText'),
        blocks: [paragraph(t('closedText', values)), ...message, details, button],
      };
  }
}

/**
 * Writes the step's e-mail into the outbox inside the step's transaction; returns its outbox id to
 * deliver after the commit (null when this step's e-mail was already queued).
 */
export async function queueReturnEmail(
  tx: Tx,
  ctx: AppContext,
  input: Pick<EmailInput, 'kind' | 'ret' | 'order' | 'lines' | 'message'> & { eventId: number },
): Promise<number | null> {
  const brand = brandOf(ctx.config);
  const locale = input.order.locale ?? DEFAULT_LOCALE;
  // Where the shopper opens the order: their account, or the look-up (which asks for the e-mail).
  const orderLink =
    input.order.userId !== null
      ? storeUrl(brand, '/account?tab=orders', locale)
      : storeUrl(brand, `/orders/lookup?reference=${encodeURIComponent(input.order.orderReference)}`, locale);
  const content = returnEmailContent(
    { ...input, storeName: brand.name, pickup: await getShippingSettings(tx), orderLink },
    locale,
  );
  const mail = await renderEmail(content, brand);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: `return-${input.kind}`,
      to: input.order.customerEmail,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      orderId: input.order.id,
      status: 'pending',
      dedupeKey: `return:${input.ret.id}:${input.kind}:${input.eventId}`,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return row?.id ?? null;
}
