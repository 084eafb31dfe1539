// Every order e-mail with demo data, for `npm run email:preview` (scripts/email-preview.ts): what a
// developer opens to see the layout and the words without placing orders.
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
  taxRate: '13',
  taxAmount: '5.98',
  taxLines: [{ code: 'HST', rate: '13', amount: '5.98' }],
  total: '51.95',
  currency: 'CAD',
  status: 'processing',
  paymentStatus: 'completed',
  paymentMethod: 'square',
  paymentLinkId: null,
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
  refundStatus: null,
  refundPaymentReference: null,
  refundReference: null,
  refundedAmount: '0',
  finalSaleAcknowledgedAt: null,
  createdAt: at,
  updatedAt: at,
};

const demoItems: OrderItemRow[] = [
  {
    id: 1,
    orderId: demoOrder.id,
    productId: 7,
    productName: 'Brass Desk Lamp',
    sku: 'LOT-0007',
    imageUrl: null,
    price: '19.99',
    compareAtPrice: '24.99',
    discount: '5.00',
    quantity: 2,
    condition: 'new',
    finalSale: false,
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

const registrations: TaxRegistrations = { gstHst: '123456789 RT0001', qst: null, pst: null };

const PICKUP_KINDS: OrderEmailKind[] = ['order-ready-for-pickup', 'order-picked-up'];

/** Each kind rendered with demo data, in the store's layout. */
export async function orderEmailPreviews(
  brand: EmailBrand,
): Promise<{ kind: OrderEmailKind; email: RenderedEmail }[]> {
  const store = { brand, registrations };
  return Promise.all(
    ORDER_EMAIL_KINDS.map(async (kind) => {
      const order = PICKUP_KINDS.includes(kind) ? pickupOrder : demoOrder;
      const content = orderEmailContent(kind, { order, items: demoItems, store, refundCents: 2500 });
      return { kind, email: await renderEmail(content, brand) };
    }),
  );
}
