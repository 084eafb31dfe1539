// Every order e-mail with demo data, for `npm run email:preview` (scripts/email-preview.ts): what a
// developer opens to see the layout and the words without placing orders, in English and in French.
import { LOCALES, type Locale } from '~/shared/i18n/locales';
import type { TaxRegistrations } from '~/shared/schemas/site-config';
import { type EmailBrand, type RenderedEmail, renderEmail } from '~/server/mail/layout';
import { ORDER_EMAIL_KINDS, type OrderEmailKind, orderEmailContent } from './email-content';
import type { OrderItemRow, OrderRow } from './repository';

const at = new Date('2026-11-24T15:30:00Z');

/** A paid Ontario order: 2 x 24.99 at 20% off = 39.98, standard 5.99, HST 13% of 45.97 = 5.98, 51.95. */
const demoOrder: OrderRow = {
  id: 1042,
  orderReference: 'ORD-DEMO7Q2XK9PA',
  idempotencyKey: null,
  userId: null,
  customerEmail: 'jane@example.com',
  customerName: 'Jane Shopper',
  customerPhone: '416-555-0123',
  shippingAddress: {
    addressLine1: '123 Main Street',
    addressLine2: 'Apt 4',
    city: 'Toronto',
    state: 'ON',
    zipCode: 'M5V 2T6',
    country: 'Canada',
  },
  shippingMethod: 'standard',
  shippingCost: '5.99',
  subtotal: '39.98',
  discountPercentage: '20',
  discountAmount: '10.00',
  discountCode: null,
  codeDiscountAmount: '0.00',
  taxRate: '13',
  taxAmount: '5.98',
  taxLines: [{ code: 'HST', rate: '13', amount: '5.98' }],
  total: '51.95',
  currency: 'CAD',
  locale: 'en',
  status: 'processing',
  paymentStatus: 'completed',
  paymentMethod: 'square',
  paymentLinkId: null,
  holdReminderSentAt: null,
  providerOrderId: null,
  paymentReference: 'demo-payment',
  trackingNumber: '1Z999AA10123456784',
  trackingCarrier: 'ups',
  estimatedDeliveryDate: '2026-11-28',
  notes: null,
  confirmationEmailSent: true,
  confirmationEmailStatus: 'sent',
  confirmationEmailError: null,
  confirmationEmailAttempts: 1,
  confirmationEmailAttemptAt: at,
  inventoryReduced: true,
  clientKey: null,
  networkKey: null,
  refundStatus: null,
  refundPaymentReference: null,
  refundReference: null,
  refundedAmount: '0',
  storeCreditAmount: '0',
  giftCardAmount: '0',
  channel: 'online',
  posSessionId: null,
  tillConflict: null,
  tillConflictResolvedAt: null,
  tillConflictResolution: null,
  pickupSlotId: null,
  pickupCode: null,
  pickupSlotStartsAt: null,
  pickupSlotEndsAt: null,
  pickupReminderSentAt: null,
  giftCardSaleAmount: '0',
  terminalCheckoutId: null,
  terminalCheckoutStatus: null,
  finalSaleAcknowledgedAt: null,
  contractAcceptedAt: at,
  contractVersion: '2026-11-28',
  contractLanguage: 'en',
  createdAt: at,
  updatedAt: at,
};

const demoItems: OrderItemRow[] = [
  {
    id: 1,
    orderId: demoOrder.id,
    productId: 7,
    productName: 'Brass Desk Lamp',
    soldName: null,
    sku: 'LOT-0007',
    imageUrl: null,
    price: '19.99',
    compareAtPrice: '24.99',
    discount: '5.00',
    codeDiscount: '0.00',
    quantity: 2,
    condition: 'new',
    finalSale: false,
    returnWindowDays: 30,
  },
];

const pickupOrder: OrderRow = {
  ...demoOrder,
  id: 1043,
  orderReference: 'ORD-DEMOPICKUP01',
  userId: 5,
  shippingMethod: 'pickup',
  shippingCost: '0.00',
  // 39.98 + HST 13% of 39.98 = 5.20 (5.1974 rounded): 45.18.
  taxAmount: '5.20',
  taxLines: [{ code: 'HST', rate: '13', amount: '5.20' }],
  total: '45.18',
  trackingNumber: null,
  trackingCarrier: null,
};

/**
 * The same order placed in French and shipped to Quebec: taxable 39.98 + 5.99 = 45.97; TPS 5% = 2.2985,
 * TVQ 9.975% = 4.585508; charged 14.975% = 6.884 -> 6.88, the floors 2.29 + 4.58 give 6.87 and the
 * missing cent goes to TPS (larger remainder): TPS 2.30, TVQ 4.58; total 39.98 + 5.99 + 6.88 = 52.85.
 */
const frenchOrder: OrderRow = {
  ...demoOrder,
  id: 1044,
  orderReference: 'ORD-DEMOQUEBEC01',
  locale: 'fr',
  customerName: 'Julie Tremblay',
  customerEmail: 'julie@example.com',
  shippingAddress: {
    addressLine1: '1234, rue Saint-Denis',
    addressLine2: 'App. 5',
    city: 'Montréal',
    state: 'QC',
    zipCode: 'H2X 3K2',
    country: 'Canada',
  },
  taxRate: '14.975',
  taxAmount: '6.88',
  taxLines: [
    { code: 'GST', rate: '5', amount: '2.30' },
    { code: 'QST', rate: '9.975', amount: '4.58' },
  ],
  total: '52.85',
  trackingCarrier: 'canada-post',
  trackingNumber: '7023210039414604',
};

/** Picked up in the Ontario store: 39.98 + HST 13% = 5.1974 -> 5.20; 45.18, as the English one. */
const frenchPickupOrder: OrderRow = {
  ...pickupOrder,
  id: 1045,
  orderReference: 'ORD-DEMOPICKUP02',
  locale: 'fr',
};

const registrations: TaxRegistrations = {
  gstHst: '123456789 RT0001',
  qst: '1234567890 TQ0001',
  pst: null,
};

const PICKUP_KINDS: OrderEmailKind[] = ['order-ready-for-pickup', 'order-pickup-reminder', 'order-picked-up'];

function demoOf(kind: OrderEmailKind, locale: Locale): OrderRow {
  const pickup = PICKUP_KINDS.includes(kind);
  if (locale === 'fr') return pickup ? frenchPickupOrder : frenchOrder;
  return pickup ? pickupOrder : demoOrder;
}

/**
 * Each kind rendered with demo data, in the store's layout, in each language (the new-order alert
 * goes to staff and is English whatever the order's language).
 */
export async function orderEmailPreviews(
  brand: EmailBrand,
): Promise<{ kind: OrderEmailKind; locale: Locale; email: RenderedEmail }[]> {
  const store = { brand, registrations };
  const kinds = LOCALES.flatMap((locale) => ORDER_EMAIL_KINDS.map((kind) => ({ kind, locale })));
  return Promise.all(
    kinds.map(async ({ kind, locale }) => {
      const order = demoOf(kind, locale);
      const content = orderEmailContent(kind, { order, items: demoItems, store, refundCents: 2500 });
      return { kind, locale, email: await renderEmail(content, brand) };
    }),
  );
}
