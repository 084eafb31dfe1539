import { describe, expect, it } from 'vitest';
import type { AccountOrder } from '~/shared/schemas/account';
import { receiptHtml } from './receipt';

/** A British Columbia order: 2 x 75.00 (regular 100.00), express 14.99. */
const BC_ORDER: AccountOrder = {
  id: 7,
  orderReference: 'ORD-BC',
  userId: 1,
  customerName: 'Pat <Buyer>',
  customerEmail: 'pat@example.com',
  customerPhone: null,
  shippingAddress: {
    addressLine1: '1 Main St',
    city: 'Victoria',
    state: 'BC',
    zipCode: 'V8W 1A1',
    country: 'Canada',
  },
  shippingMethod: 'express',
  shippingCost: '14.99',
  subtotal: '150.00',
  discountPercentage: '25.00',
  discountAmount: '50.00', // 200.00 - 150.00
  taxRate: '12',
  // 164.99 taxable: GST 8.2495 -> 8.24 (.95), PST 11.5493 -> 11.54 (.93); charged 12% = 19.7988 ->
  // 19.80, the two missing cents one each.
  taxAmount: '19.80',
  taxLines: [
    { code: 'GST', rate: '5', amount: '8.25' },
    { code: 'PST', rate: '7', amount: '11.55' },
  ],
  total: '184.79', // 150.00 + 14.99 + 19.80
  currency: 'CAD',
  status: 'processing',
  paymentStatus: 'completed',
  paymentMethod: 'local',
  paymentReference: null,
  trackingNumber: null,
  estimatedDeliveryDate: null,
  notes: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-20T15:00:00.000Z',
  items: [
    {
      id: 1,
      productId: 3,
      name: 'Lamp',
      productName: 'Lamp',
      sku: 'LOT-3',
      imageUrl: null,
      price: '75.00',
      quantity: 2,
    },
  ],
};

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const rows = (doc: Document) =>
  [...doc.querySelectorAll('.totals tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );

describe('the printable receipt', () => {
  it('shows the lines that add up, each tax, the currency and the registration numbers', () => {
    const doc = parse(
      receiptHtml(BC_ORDER, 'Test Store', new Date('2026-11-23T12:00:00Z'), {
        gstHst: '123456789 RT0001',
        qst: '1234567890 TQ0001',
        pst: 'PST-1234-5678',
      }),
    );
    // 200.00 - 50.00 = 150.00; 150.00 + 14.99 + 8.25 + 11.55 = 184.79.
    expect(rows(doc)).toEqual([
      ['Original Price', '$200.00'],
      ['Discount (25%)', '-$50.00'],
      ['Subtotal', '$150.00'],
      ['Shipping', '$14.99'],
      ['GST (5%)', '$8.25'],
      ['PST (7%)', '$11.55'],
      ['Total', '$184.79 CAD'],
    ]);
    expect(doc.querySelector('[data-receipt="registrations"]')!.textContent).toBe(
      'GST/HST registration number: 123456789 RT0001PST registration number: PST-1234-5678',
    );
    expect(doc.body.textContent).toContain('Pat <Buyer>');
    expect(doc.querySelector('script')).toBeNull();
  });

  it('prints no registration section when no number is set', () => {
    const doc = parse(receiptHtml(BC_ORDER, 'Test Store', new Date('2026-11-23T12:00:00Z')));
    expect(doc.querySelector('[data-receipt="registrations"]')).toBeNull();
  });
});
