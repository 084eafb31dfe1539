// What each order e-mail says (docs/decisions/0270-order-emails-through-the-outbox.md): one builder
// per kind, giving the content that src/server/mail/layout.tsx writes as HTML and as text in the store's
// layout. Every amount goes through the order-amounts presenter (src/shared/order-amounts.ts).
// The customer's e-mails are written in the language the order was placed in (order.locale), with its
// amounts, dates and links in that language; the new-order alert goes to staff and stays English
// (docs/decisions/0360-orders-remember-their-language.md).
import { instantToStoreLocal } from '~/shared/store-time';
import type { TFunction } from 'i18next';
import { translator } from '~/shared/i18n/catalogues';
import { formatCalendarDate } from '~/shared/i18n/formats';
import { DEFAULT_LOCALE, type Locale } from '~/shared/i18n/locales';
import { type Cents, formatCents, formatMoney, toCents } from '~/shared/money';
import { formatWithCurrency, orderAmounts, taxLineLabel } from '~/shared/order-amounts';
import { type PickupSettings, pickupPlace as pickupPlaceOf } from '~/shared/pickup';
import { refundedTaxLines } from '~/shared/pricing';
import {
  type DeliveryDays,
  orderDeliveryText,
  parseShippingAddress,
  shippingMethodLabel,
} from '~/shared/orders';
import type { CreditNote } from '~/shared/schemas/admin-orders-dialog';
import type { OrderGiftCardLine } from '~/shared/schemas/account';
import type { TaxRegistrations } from '~/shared/schemas/site-config';
import type { TaxCode } from '~/shared/constants';
import { isTrackingCarrier, trackingCarrierLabel, trackingUrl } from '~/shared/tracking';
import {
  type EmailBlock,
  type EmailBrand,
  type EmailContent,
  type EmailRow,
  storeUrl,
} from '~/server/mail/layout';
import { type ContractTerms, lineReturnPolicy } from '~/shared/contract';
import { CONTRACT_MESSAGES } from '~/shared/contract.messages';
import { CONDITION_LABEL_KEYS } from '~/shared/condition';
import { productLabelMessages } from '~/shared/product-labels.messages';
import type { ProductCondition } from '~/shared/constants';
import { ORDER_EMAILS } from './email-content.messages';
import type { OrderItemRow, OrderRow } from './repository';

export const ORDER_EMAIL_KINDS = [
  'order-confirmation',
  'order-shipped',
  'order-tracking-updated',
  'order-ready-for-pickup',
  'order-pickup-reminder',
  'order-delivered',
  'order-picked-up',
  'order-cancelled',
  'order-refunded',
  'order-new-alert',
  // A sale at the outlet's till, e-mailed on the customer's request (docs/decisions/0600-till.md).
  'order-receipt',
  'draft-order-pay-link',
  'draft-order-expired',
] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

/** The statuses whose change the customer is told about, and the e-mail each one sends. */
export const STATUS_EMAIL_KINDS: Partial<Record<string, OrderEmailKind>> = {
  shipped: 'order-shipped',
  'ready-for-pickup': 'order-ready-for-pickup',
  delivered: 'order-delivered',
  'picked-up': 'order-picked-up',
  cancelled: 'order-cancelled',
};

export type OrderEmailStore = {
  brand: EmailBrand;
  registrations: TaxRegistrations | null;
  /** The shipping settings' ranges (docs/decisions/0132-delivery-estimates-are-settings.md). */
  deliveryDays?: DeliveryDays;
  /** Where and when pickup orders are collected (the shipping settings; the defaults when absent). */
  pickup?: Partial<PickupSettings>;
  /** The merchant and return windows of the contract copy (docs/decisions/0566-checkout-is-a-distance-contract.md). */
  contract?: ContractTerms;
  /** The store's time zone (STORE_TIMEZONE): the day the contract was accepted is the store's day. */
  timeZone?: string;
};

export type OrderEmailInput = {
  order: OrderRow;
  items: OrderItemRow[];
  /** The gift cards the order sold (docs/decisions/0534-gift-card-sales.md), listed after its items. */
  giftCards?: OrderGiftCardLine[];
  store: OrderEmailStore;
  /** order-refunded: the amount given back, in cents. */
  refundCents?: Cents;
  /** order-refunded by line: the credit note, its lines and tax lines listed in the e-mail. */
  creditNote?: CreditNote;
  /** order-refunded: a payment that arrived after its checkout closed, given back whole. */
  latePayment?: boolean;
  /** A pickup order's booked slot (docs/decisions/0620-pickup-slots.md), null or absent when none. */
  pickupSlot?: { startsAt: Date; endsAt: Date } | null;
  /** draft-order-pay-link: the hosted payment page (else the local one) and when the holds end. */
  payUrl?: string;
  heldUntil?: Date;
};

/** The content id of the pickup code's QR image, attached to the e-mails that show it. */
export const PICKUP_QR_CID = 'pickup-qr';
/** The e-mails that carry the pickup code's QR image (order-emails.ts attaches it on delivery). */
export const PICKUP_QR_KINDS: readonly OrderEmailKind[] = ['order-ready-for-pickup', 'order-pickup-reminder'];

/** A slot as the customer reads it, in the store's zone: "Saturday, December 5, 2026, 9:00 a.m. – 10:00 a.m.". */
export function pickupSlotText(
  slot: { startsAt: Date; endsAt: Date },
  locale: Locale,
  timeZone: string,
): string {
  const tag = locale === 'fr' ? 'fr-CA' : 'en-CA';
  const day = new Intl.DateTimeFormat(tag, { timeZone, dateStyle: 'full' }).format(slot.startsAt);
  const time = new Intl.DateTimeFormat(tag, { timeZone, timeStyle: 'short' });
  return `${day}, ${time.format(slot.startsAt)} – ${time.format(slot.endsAt)}`;
}

/** The pickup code, the slot and the QR image, for a pickup order that has a code. */
function pickupCodeBlocks(w: Writer): EmailBlock[] {
  const { order, t } = w;
  if (!order.pickupCode) return [];
  const rows: EmailRow[] = [[t('pickupCode'), order.pickupCode]];
  if (w.pickupSlot)
    rows.push([
      t('pickupSlot'),
      pickupSlotText(w.pickupSlot, w.locale, w.store.timeZone ?? 'America/Toronto'),
    ]);
  return [
    { type: 'details', rows },
    {
      type: 'image',
      src: `cid:${PICKUP_QR_CID}`,
      alt: t('pickupQrAlt', { code: order.pickupCode }),
      size: 200,
    },
    paragraph(t('pickupShowCode')),
  ];
}

/** The language an order's customer e-mails are written in. */
const localeOf = (order: Pick<OrderRow, 'locale'>): Locale => order.locale ?? DEFAULT_LOCALE;

/**
 * Where the customer opens the order (docs/decisions/0272-order-link-in-e-mails.md): their account's
 * orders for an order with an account, else the order lookup with the reference filled in (the
 * lookup asks for the order's e-mail too, so the link alone opens nothing). In the order's language:
 * /fr/... for a French order.
 */
export function orderLink(
  order: Pick<OrderRow, 'userId' | 'orderReference'>,
  brand: EmailBrand,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return order.userId !== null
    ? storeUrl(brand, '/account?tab=orders', locale)
    : storeUrl(brand, `/orders/lookup?reference=${encodeURIComponent(order.orderReference)}`, locale);
}

/** A date the administrator entered (yyyy-mm-dd): as entered in English, '3 décembre 2026' in French. */
function dateText(date: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return formatCalendarDate(date, locale);
}

/** What one e-mail is built from, with its language's translate function and money format. */
type Writer = OrderEmailInput & { locale: Locale; t: TFunction; money: (cents: Cents) => string };

function writerOf(input: OrderEmailInput, locale: Locale): Writer {
  return {
    ...input,
    locale,
    t: translator(locale, ORDER_EMAILS),
    money: (cents) => formatCents(cents, locale),
  };
}

const viewOrder = (w: Writer): EmailBlock => ({
  type: 'button',
  label: w.t('viewOrder'),
  href: orderLink(w.order, w.store.brand, w.locale),
});

const orderRows = (w: Writer): EmailRow[] => [
  [w.t('orderNumber'), String(w.order.id)],
  [w.t('reference'), w.order.orderReference],
];

const orderDetails = (w: Writer): EmailBlock => ({ type: 'details', rows: orderRows(w) });

function itemsBlock(w: Writer): EmailBlock {
  return {
    type: 'items',
    items: w.items
      .map((i) => ({
        name: i.soldName || i.productName,
        quantity: i.quantity,
        unit: formatMoney(i.price, w.locale),
        total: w.money((toCents(i.price) ?? 0) * i.quantity),
      }))
      .concat(
        (w.giftCards ?? []).map((c) => ({
          name: w.t('giftCardLine', { name: c.recipientName, email: c.recipientEmail }),
          quantity: c.quantity,
          unit: formatMoney(c.amount, w.locale),
          total: w.money((toCents(c.amount) ?? 0) * c.quantity),
        })),
      ),
  };
}

/** The presenter's lines: original price and discount when above 0, subtotal, shipping, taxes, total. */
function amountsBlock(w: Writer): EmailBlock {
  const amounts = orderAmounts(w.order, w.store.registrations, w.locale);
  return {
    type: 'amounts',
    rows: amounts.rows.map((r): EmailRow => [r.label, r.text]),
    total: [amounts.total.label, amounts.total.text],
    notes: amounts.registrations,
    ...(amounts.tenders.length > 0
      ? { tenders: amounts.tenders.map((l): EmailRow => [l.label, l.text]) }
      : {}),
  };
}

const addressBlock = (w: Writer, title: string): EmailBlock => ({
  type: 'lines',
  title,
  lines: parseShippingAddress(w.order.shippingAddress, w.locale).lines,
});

// Where and when, from the store's pickup settings (docs/decisions/0491-pickup-says-where-and-when.md).
const pickupPlace = (w: Writer): EmailBlock => ({
  type: 'lines',
  title: w.t('where'),
  lines: [w.t('placeName'), ...pickupPlaceOf(w.store.pickup, w.locale).address],
});
function pickupHours(w: Writer): EmailBlock[] {
  const place = pickupPlaceOf(w.store.pickup, w.locale);
  return [
    { type: 'lines', title: w.t('when'), lines: place.hours },
    ...(place.instructions
      ? [{ type: 'lines' as const, title: w.t('instructions'), lines: [place.instructions] }]
      : []),
  ];
}

const paragraph = (text: string): EmailBlock => ({ type: 'paragraph', text });

function confirmation(w: Writer): EmailContent {
  const { order, store, t } = w;
  const pickup = order.shippingMethod === 'pickup';
  // Standard and express: the range; pickup: the sentence the account shows; cancelled: nothing.
  const delivery = orderDeliveryText(order, store.deliveryDays, w.locale);
  const deliveryLine = delivery && !pickup ? t('estimatedDelivery', { delivery }) : delivery;
  // Gift cards alone: nothing to ship or collect; the cards go to their recipients by e-mail.
  if (w.items.length === 0 && (w.giftCards?.length ?? 0) > 0) {
    return {
      locale: w.locale,
      subject: t('confirmedSubject', { store: store.brand.name, reference: order.orderReference }),
      preview: t('confirmedPreview', { id: order.id }),
      heading: t('confirmedHeading', { name: order.customerName }),
      blocks: [
        orderDetails(w),
        itemsBlock(w),
        amountsBlock(w),
        paragraph(t('giftCardsByEmail')),
        ...contractBlocks(w, null),
        viewOrder(w),
      ],
    };
  }
  return {
    locale: w.locale,
    subject: t('confirmedSubject', { store: store.brand.name, reference: order.orderReference }),
    preview: t('confirmedPreview', { id: order.id }),
    heading: t('confirmedHeading', { name: order.customerName }),
    blocks: [
      orderDetails(w),
      itemsBlock(w),
      amountsBlock(w),
      { type: 'details', rows: [[t('shippingMethod'), shippingMethodLabel(order.shippingMethod, w.locale)]] },
      ...(deliveryLine ? [paragraph(deliveryLine)] : []),
      ...(pickup ? [pickupPlace(w), ...pickupHours(w)] : [addressBlock(w, t('shippingTo'))]),
      ...contractBlocks(w, deliveryLine),
      viewOrder(w),
    ],
  };
}

/**
 * The contract's copy (Quebec's Consumer Protection Act, s. 54.9; docs/decisions/0566-checkout-is-a-distance-contract.md):
 * the merchant, each line with its condition and return policy, the total with taxes and fees, the
 * delivery, the legal warranty and when the shopper accepted which wording. With the items and amounts
 * above it, the e-mail holds everything the checkout's contract block showed.
 */
function contractBlocks(w: Writer, deliveryLine: string | null): EmailBlock[] {
  const terms = w.store.contract;
  if (!terms) return [];
  const c = translator(w.locale, CONTRACT_MESSAGES);
  const labels = translator(w.locale, productLabelMessages);
  const amounts = orderAmounts(w.order, w.store.registrations, w.locale);
  const accepted = w.order.contractAcceptedAt;
  return [
    { type: 'lines', title: c('emailHeading'), lines: [c('seller'), terms.legalName, terms.address] },
    {
      type: 'lines',
      title: c('returns'),
      lines: w.items.map((i) => {
        const condition = (i.condition ?? 'new') as ProductCondition;
        const name = i.soldName || i.productName;
        return c('emailLine', {
          name,
          condition: labels(CONDITION_LABEL_KEYS[condition] ?? 'conditionNew'),
          // The window the order promised (0566); lines sold before it was kept read today's.
          policy: lineReturnPolicy(
            { condition, finalSale: i.finalSale },
            i.returnWindowDays == null ? terms.returnWindowDays : { [condition]: i.returnWindowDays },
            c,
          ),
        });
      }),
    },
    {
      type: 'details',
      rows: [
        [c('total'), amounts.total.text],
        ...(deliveryLine ? [[c('delivery'), deliveryLine] as EmailRow] : []),
      ],
    },
    paragraph(c('legalWarranty')),
    ...(accepted
      ? [
          paragraph(
            c('acceptedOn', {
              date: formatCalendarDate(
                instantToStoreLocal(accepted, w.store.timeZone ?? 'UTC').slice(0, 10),
                w.locale,
              ),
              version: formatCalendarDate(w.order.contractVersion ?? terms.version, w.locale),
            }),
          ),
        ]
      : []),
  ];
}

/** The carrier and tracking number rows, and the carrier's tracking link, of what is known. */
function trackingBlocks(w: Writer): { rows: EmailRow[]; link: EmailBlock[] } {
  const { order, t } = w;
  const carrier = isTrackingCarrier(order.trackingCarrier)
    ? trackingCarrierLabel(order.trackingCarrier, w.locale)
    : null;
  const url = trackingUrl(order.trackingCarrier, order.trackingNumber, w.locale);
  const rows: EmailRow[] = [];
  if (carrier) rows.push([t('carrier'), carrier]);
  if (order.trackingNumber) rows.push([t('trackingNumber'), order.trackingNumber]);
  const link: EmailBlock[] =
    url && carrier ? [{ type: 'link', label: t('trackParcel', { carrier }), href: url }] : [];
  return { rows, link };
}

function shipped(w: Writer): EmailContent {
  const { order, store, t } = w;
  // The date the administrator entered, else the method's range ('3-5 business days').
  const delivery = order.estimatedDeliveryDate
    ? dateText(order.estimatedDeliveryDate, w.locale)
    : order.shippingMethod === 'pickup'
      ? null
      : orderDeliveryText(order, store.deliveryDays, w.locale);
  const tracking = trackingBlocks(w);
  return {
    locale: w.locale,
    subject: t('shippedSubject', { store: store.brand.name, reference: order.orderReference }),
    preview: order.trackingNumber
      ? t('shippedPreviewTracking', { number: order.trackingNumber })
      : t('shippedPreview', { id: order.id }),
    heading: t('shippedHeading', { name: order.customerName }),
    blocks: [
      paragraph(t('shippedText', { id: order.id })),
      { type: 'details', rows: [...orderRows(w), ...tracking.rows] },
      ...tracking.link,
      ...(delivery ? [paragraph(t('estimatedDelivery', { delivery }))] : []),
      addressBlock(w, t('shippingTo')),
      viewOrder(w),
    ],
  };
}

/** Tracking added or corrected after the shipped e-mail went out: the details as they are now. */
function trackingUpdated(w: Writer): EmailContent {
  const { order, store, t } = w;
  const tracking = trackingBlocks(w);
  return {
    locale: w.locale,
    subject: t('trackingSubject', { store: store.brand.name, reference: order.orderReference }),
    preview: t('shippedPreviewTracking', { number: order.trackingNumber ?? '' }),
    heading: t('trackingHeading', { name: order.customerName }),
    blocks: [
      paragraph(t('trackingText', { id: order.id })),
      { type: 'details', rows: [...orderRows(w), ...tracking.rows] },
      ...tracking.link,
      viewOrder(w),
    ],
  };
}

function readyForPickup(w: Writer): EmailContent {
  const { order, store, t } = w;
  return {
    locale: w.locale,
    subject: t('readySubject', { store: store.brand.name, reference: order.orderReference }),
    preview: t('readyPreview', { id: order.id, place: t('placeName') }),
    heading: t('readyHeading', { name: order.customerName }),
    blocks: [
      orderDetails(w),
      pickupPlace(w),
      ...pickupCodeBlocks(w),
      ...pickupHours(w),
      paragraph(t('readyBring', { id: order.id, name: order.customerName })),
      viewOrder(w),
    ],
  };
}

/** The day before the booked slot (docs/decisions/0622-pickup-reminder-and-qr.md). */
function pickupReminder(w: Writer): EmailContent {
  const { order, store, t } = w;
  const when = w.pickupSlot
    ? pickupSlotText(w.pickupSlot, w.locale, store.timeZone ?? 'America/Toronto')
    : '';
  return {
    locale: w.locale,
    subject: t('reminderSubject', { store: store.brand.name, reference: order.orderReference }),
    preview: t('reminderPreview', { when }),
    heading: t('reminderHeading', { name: order.customerName }),
    blocks: [
      paragraph(t('reminderText', { id: order.id, when })),
      pickupPlace(w),
      ...pickupCodeBlocks(w),
      viewOrder(w),
    ],
  };
}

function delivered(w: Writer): EmailContent {
  const { order, store, t } = w;
  return {
    locale: w.locale,
    subject: t('deliveredSubject', { store: store.brand.name, reference: order.orderReference }),
    preview: t('deliveredPreview', { id: order.id }),
    heading: t('deliveredHeading'),
    blocks: [
      paragraph(t('deliveredText', { id: order.id })),
      orderDetails(w),
      addressBlock(w, t('deliveredTo')),
      paragraph(t('makeItRight')),
      viewOrder(w),
    ],
  };
}

function pickedUp(w: Writer): EmailContent {
  const { order, store, t } = w;
  return {
    locale: w.locale,
    subject: t('pickedUpSubject', { store: store.brand.name, reference: order.orderReference }),
    preview: t('pickedUpPreview', { id: order.id }),
    heading: t('pickedUpHeading'),
    blocks: [
      paragraph(t('pickedUpText', { id: order.id, place: t('placeName') })),
      orderDetails(w),
      paragraph(t('makeItRight')),
      viewOrder(w),
    ],
  };
}

/** The till's receipt: the sale's lines, amounts with each tax and the store's registration numbers. */
function receipt(w: Writer): EmailContent {
  const { order, store, t } = w;
  return {
    locale: w.locale,
    subject: t('receiptSubject', { store: store.brand.name, reference: order.orderReference }),
    preview: t('receiptPreview', { reference: order.orderReference }),
    heading: t('receiptHeading'),
    blocks: [
      paragraph(t('receiptText', { place: t('placeName') })),
      orderDetails(w),
      itemsBlock(w),
      amountsBlock(w),
      paragraph(t('receiptKeep')),
    ],
  };
}

function cancelled(w: Writer): EmailContent {
  const { order, store, t } = w;
  return {
    locale: w.locale,
    subject: t('cancelledSubject', { store: store.brand.name, reference: order.orderReference }),
    preview: t('cancelledPreview', { id: order.id }),
    heading: t('cancelledHeading'),
    blocks: [
      paragraph(t('cancelledText', { id: order.id, name: order.customerName })),
      orderDetails(w),
      itemsBlock(w),
      amountsBlock(w),
      paragraph(t('cancelledRefund')),
      viewOrder(w),
    ],
  };
}

/**
 * The credit note of a refund by line: its number, each line's units and amount, the shipping, each
 * tax given back with its rate, the total (docs/decisions/0510-refunds-by-line.md).
 */
function creditNoteBlock(w: Writer, note: CreditNote): EmailBlock {
  const { t, money, locale } = w;
  const cents = (text: string) => toCents(text) ?? 0;
  const rows: EmailRow[] = [
    [t('creditNote'), note.number ?? ''],
    ...note.lines.map((l): EmailRow => [`${l.name} × ${l.quantity}`, money(cents(l.amount))]),
  ];
  if (cents(note.shipping) > 0) rows.push([t('creditNoteShipping'), money(cents(note.shipping))]);
  for (const line of note.taxLines)
    rows.push([taxLineLabel(line.code as TaxCode, line.rate, locale), money(cents(line.amount))]);
  rows.push([t('creditNoteTotal'), money(cents(note.total))]);
  return { type: 'details', rows };
}

function refunded(w: Writer): EmailContent {
  const { order, store, t } = w;
  const amounts = orderAmounts(order, store.registrations, w.locale);
  const refundCents = w.refundCents ?? amounts.total.cents;
  const refund = formatWithCurrency(refundCents, amounts.currency, w.locale);
  // The tax this refund gave back, by component: the tax of all given back so far less the tax of what
  // had been before it (src/shared/pricing.ts, refundedTaxLines).
  const after = Math.max(toCents(order.refundedAmount) ?? 0, refundCents);
  const charged = order.taxLines.map((l) => ({ code: l.code, rate: l.rate, cents: toCents(l.amount) ?? 0 }));
  const taxBefore = refundedTaxLines(after - refundCents, amounts.total.cents, charged);
  // A refund by line lists its own tax lines in its credit note below, as recorded.
  const taxRows: EmailRow[] = w.creditNote
    ? []
    : refundedTaxLines(after, amounts.total.cents, charged)
        .map((l, i) => ({ ...l, cents: l.cents - taxBefore[i]!.cents }))
        .filter((l) => l.cents > 0)
        .map(
          (l): EmailRow => [
            t('refundTaxIncluded', { tax: taxLineLabel(l.code, l.rate, w.locale) }),
            w.money(l.cents),
          ],
        );
  const storeCredit = w.creditNote?.destination === 'store_credit';
  const soFar: EmailRow[] =
    after > refundCents ? [[t('refundedSoFar'), formatWithCurrency(after, amounts.currency, w.locale)]] : [];
  return {
    locale: w.locale,
    subject: t('refundedSubject', {
      store: store.brand.name,
      amount: refund,
      reference: order.orderReference,
    }),
    preview: t('refundedPreview', { amount: refund }),
    heading: t('refundedHeading'),
    blocks: [
      // A refund to store credit says where the money went, and no bank delay applies (0530).
      paragraph(
        t(storeCredit ? 'refundedStoreCreditText' : 'refundedText', { amount: refund, id: order.id }),
      ),
      ...(w.latePayment ? [paragraph(t('latePaymentText'))] : []),
      {
        type: 'details',
        rows: [
          ...orderRows(w),
          [t('refund'), refund],
          ...taxRows,
          ...soFar,
          [t('orderTotal'), amounts.total.text],
        ],
      },
      ...(w.creditNote ? [creditNoteBlock(w, w.creditNote)] : []),
      ...(storeCredit ? [] : [paragraph(t('refundedBank'))]),
      viewOrder(w),
    ],
  };
}

/** To the store: a paid order to prepare. */
function newOrderAlert(w: Writer): EmailContent {
  const { order, store, t } = w;
  const amounts = orderAmounts(order, store.registrations);
  const rows: EmailRow[] = [
    ...orderRows(w),
    ['Customer', order.customerName],
    ['E-mail', order.customerEmail],
  ];
  if (order.customerPhone) rows.push(['Phone', order.customerPhone]);
  rows.push([t('shippingMethod'), shippingMethodLabel(order.shippingMethod)]);
  return {
    subject: `New order ${order.id} (${order.orderReference}): ${amounts.total.text}`,
    preview: `${order.customerName} paid ${amounts.total.text}.`,
    heading: `New order ${order.id}`,
    blocks: [
      { type: 'details', rows },
      itemsBlock(w),
      amountsBlock(w),
      ...(order.shippingMethod === 'pickup' ? [] : [addressBlock(w, t('shippingTo'))]),
      { type: 'button', label: 'Open the orders', href: `${store.brand.publicUrl}/admin/orders` },
    ],
  };
}

/** A moment as the store's local date and time, '3 décembre 2026 14:30' in French. */
function momentText(w: Writer, at: Date): string {
  const local = instantToStoreLocal(at, w.store.timeZone ?? 'UTC');
  return `${formatCalendarDate(local.slice(0, 10), w.locale)} ${local.slice(11, 16)}`;
}

/**
 * A draft order's pay link (docs/decisions/0626-draft-order-pay-link.md): the lots, the amounts, the
 * delivery, the contract's copy (a distance contract, accepted by paying) and the hosted payment page.
 */
function payLink(w: Writer): EmailContent {
  const { order, store, t } = w;
  const pickup = order.shippingMethod === 'pickup';
  const delivery = orderDeliveryText(order, store.deliveryDays, w.locale);
  const deliveryLine = delivery && !pickup ? t('estimatedDelivery', { delivery }) : delivery;
  const until = w.heldUntil ? momentText(w, w.heldUntil) : '';
  const href = w.payUrl ?? `${store.brand.publicUrl}/pay/${encodeURIComponent(order.orderReference)}`;
  return {
    locale: w.locale,
    subject: t('payLinkSubject', { store: store.brand.name, reference: order.orderReference }),
    preview: t('payLinkPreview', { id: order.id, until }),
    heading: t('payLinkHeading', { name: order.customerName }),
    blocks: [
      paragraph(t('payLinkText')),
      ...(until ? [paragraph(t('payLinkHeld', { until }))] : []),
      { type: 'button', label: t('payLinkButton'), href },
      orderDetails(w),
      itemsBlock(w),
      amountsBlock(w),
      { type: 'details', rows: [[t('shippingMethod'), shippingMethodLabel(order.shippingMethod, w.locale)]] },
      ...(deliveryLine ? [paragraph(deliveryLine)] : []),
      ...(pickup ? [pickupPlace(w), ...pickupHours(w)] : [addressBlock(w, t('shippingTo'))]),
      ...contractBlocks(w, deliveryLine),
    ],
  };
}

function payLinkExpired(w: Writer): EmailContent {
  const { order, store, t } = w;
  return {
    locale: w.locale,
    subject: t('payLinkExpiredSubject', { store: store.brand.name, reference: order.orderReference }),
    preview: t('payLinkExpiredPreview', { id: order.id }),
    heading: t('payLinkExpiredHeading'),
    blocks: [paragraph(t('payLinkExpiredText', { id: order.id, name: order.customerName })), orderDetails(w)],
  };
}

const BUILDERS: Record<OrderEmailKind, (w: Writer) => EmailContent> = {
  'order-confirmation': confirmation,
  'order-shipped': shipped,
  'order-tracking-updated': trackingUpdated,
  'order-ready-for-pickup': readyForPickup,
  'order-pickup-reminder': pickupReminder,
  'order-delivered': delivered,
  'order-picked-up': pickedUp,
  'order-cancelled': cancelled,
  'order-refunded': refunded,
  'order-new-alert': newOrderAlert,
  'order-receipt': receipt,
  'draft-order-pay-link': payLink,
  'draft-order-expired': payLinkExpired,
};

/** One e-mail's content: the customer's in the order's language, the store's alert in English. */
export function orderEmailContent(kind: OrderEmailKind, input: OrderEmailInput): EmailContent {
  const locale = kind === 'order-new-alert' ? DEFAULT_LOCALE : localeOf(input.order);
  return BUILDERS[kind](writerOf(input, locale));
}
