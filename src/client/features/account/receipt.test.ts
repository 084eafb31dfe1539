import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountOrder } from '~/shared/schemas/account';
import { printReceipt, receiptHtml } from './receipt';

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
  refundedAmount: '0.00',
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
  it('shows a discount code as its own line (docs/decisions/0551)', () => {
    // The same order with code SAVE5 taking 5.00 off: 150.00 - 5.00 + 14.99 = 159.99 taxable;
    // GST 159.99 x 5% = 7.9995 -> 7.99 (.95), PST 159.99 x 7% = 11.1993 -> 11.19 (.93); charged 12% =
    // 19.1988 -> 19.20: two cents missing, one each: GST 8.00, PST 11.20. Total 159.99 + 19.20 = 179.19.
    const coded: AccountOrder = {
      ...BC_ORDER,
      discountCode: 'SAVE5',
      codeDiscountAmount: '5.00',
      taxAmount: '19.20',
      taxLines: [
        { code: 'GST', rate: '5', amount: '8.00' },
        { code: 'PST', rate: '7', amount: '11.20' },
      ],
      total: '179.19',
    };
    const doc = parse(receiptHtml(coded, 'Test Store', new Date('2026-11-23T12:00:00Z'), null));
    expect(rows(doc).slice(2, 4)).toEqual([
      ['Subtotal', '$150.00'],
      ['Discount code SAVE5', '-$5.00'],
    ]);
    expect(doc.body.textContent).toContain('$179.19 CAD');
  });

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

  it('subtracts a partial refund, lists it with its tax, and says the payment is partly refunded', () => {
    // 50.00 given back of 184.79: its tax is 19.80 x 50 / 184.79 = 5.3574 -> 5.36, GST 8.25 x 50 /
    // 184.79 = 2.2322 -> 2.23 and PST 11.55 x 50 / 184.79 = 3.1252 -> 3.12 leave one cent, to GST
    // (remainder .22 over .25? PST's .2518 > GST's .2322): PST 3.13. Left: 184.79 - 50.00 = 134.79.
    const order: AccountOrder = {
      ...BC_ORDER,
      refundedAmount: '50.00',
      timeline: [
        {
          kind: 'refunded',
          at: '2026-11-22T15:00:00.000Z',
          carrier: null,
          trackingNumber: null,
          trackingUrl: null,
          amount: '50.00',
          taxLines: [
            { code: 'GST', rate: '5', amount: '2.23' },
            { code: 'PST', rate: '7', amount: '3.13' },
          ],
        },
      ],
    };
    const doc = parse(receiptHtml(order, 'Test Store', new Date('2026-11-23T12:00:00Z')));
    expect(rows(doc).slice(-2)).toEqual([
      ['Refunded', '-$50.00'],
      ['Total after refunds', '$134.79 CAD'],
    ]);
    expect(doc.querySelector('[data-receipt="payment"]')!.textContent).toBe('Payment: Partially refunded');
    expect(doc.querySelector('[data-receipt="refunds"]')!.textContent).toBe(
      'November 22, 2026: $50.00 (includes GST (5%) $2.23, PST (7%) $3.13)',
    );
  });

  it('prints no shipping address for a pickup order', () => {
    const doc = parse(
      receiptHtml({ ...BC_ORDER, shippingMethod: 'pickup', shippingAddress: null }, 'Test Store'),
    );
    expect(doc.body.textContent).not.toContain('Ship to');
  });

  it('prints no registration section when no number is set', () => {
    const doc = parse(receiptHtml(BC_ORDER, 'Test Store', new Date('2026-11-23T12:00:00Z')));
    expect(doc.querySelector('[data-receipt="registrations"]')).toBeNull();
  });
});

/**
 * A Quebec order placed in French: 2 x 75.00 (regular 100.00), express 14.99; taxable 164.99. TPS 5% =
 * 8.2495, TVQ 9.975% = 16.4577525; charged 14.975% = 24.7072525 -> 24.71. The floors 8.24 + 16.45 =
 * 24.69; the two missing cents go one each (remainders .95 and .775): TPS 8.25, TVQ 16.46.
 * Total 150.00 + 14.99 + 24.71 = 189.70.
 */
const QC_ORDER: AccountOrder = {
  ...BC_ORDER,
  shippingAddress: {
    addressLine1: '1234, rue Saint-Denis',
    city: 'Montréal',
    state: 'QC',
    zipCode: 'H2X 3K2',
    country: 'Canada',
  },
  taxRate: '14.975',
  taxAmount: '24.71',
  taxLines: [
    { code: 'GST', rate: '5', amount: '8.25' },
    { code: 'QST', rate: '9.975', amount: '16.46' },
  ],
  total: '189.70',
};
const NB = '\u00a0';
const QC_NUMBERS = { gstHst: '123456789 RT0001', qst: '1234567890 TQ0001', pst: null };

describe('the printable receipt in French', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('reads in French: title, labels, French amounts, TPS and TVQ, and the registration numbers', () => {
    const doc = parse(
      receiptHtml(QC_ORDER, 'Test Store', new Date('2026-11-23T12:00:00Z'), QC_NUMBERS, 'fr'),
    );
    expect(doc.documentElement.lang).toBe('fr-CA');
    expect(doc.title).toBe(`Reçu – Commande nº${NB}7`);
    // 200.00 - 50.00 = 150.00; 150.00 + 14.99 + 8.25 + 16.46 = 189.70.
    expect(rows(doc)).toEqual([
      ['Prix avant rabais', `200,00${NB}$`],
      [`Rabais (25${NB}%)`, `-50,00${NB}$`],
      ['Sous-total', `150,00${NB}$`],
      ['Livraison', `14,99${NB}$`],
      [`TPS (5${NB}%)`, `8,25${NB}$`],
      [`TVQ (9,975${NB}%)`, `16,46${NB}$`],
      ['Total', `189,70${NB}$ CAD`],
    ]);
    expect(doc.querySelector('[data-receipt="registrations"]')!.textContent).toBe(
      `Nº de TPS/TVH${NB}: 123456789 RT0001Nº de TVQ${NB}: 1234567890 TQ0001`,
    );
    expect(doc.querySelector('[data-receipt="status"]')!.textContent).toBe('En traitement');
    const text = doc.body.textContent!;
    expect(text).toContain(`Paiement${NB}: Payé`);
    expect(text).toContain(`Mode de livraison${NB}: Livraison express`);
    expect(text).toContain('Adresse de livraison');
    expect(text).toContain(`75,00${NB}$`);
    expect(text).toContain('novembre 2026');
    expect(text).toContain('Merci d’avoir magasiné chez Test Store. Imprimé le 23 novembre 2026.');
    expect([...doc.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Produit',
      'UGS',
      'Prix',
      'Quantité',
      'Total',
    ]);
    expect(text).not.toMatch(/Receipt|Subtotal|GST|QST|\$\d+\.\d\d/);
  });

  it('prints in the language of the page it is printed from', () => {
    window.history.replaceState(null, '', '/fr/account');
    const written: string[] = [];
    const fake = {
      closed: true,
      document: { open: () => {}, write: (html: string) => written.push(html), close: () => {} },
    };
    vi.spyOn(window, 'open').mockReturnValue(fake as unknown as Window);
    printReceipt(QC_ORDER, 'Test Store', QC_NUMBERS);
    expect(written).toHaveLength(1);
    const doc = parse(written[0]!);
    expect(doc.documentElement.lang).toBe('fr-CA');
    expect(doc.querySelector('[data-receipt="total"]')!.textContent).toBe(`189,70${NB}$ CAD`);
  });

  it('prints an order placed in French in French, and one placed in English in English, from any page', () => {
    window.history.replaceState(null, '', '/account');
    const written: string[] = [];
    const fake = {
      closed: true,
      document: { open: () => {}, write: (html: string) => written.push(html), close: () => {} },
    };
    vi.spyOn(window, 'open').mockReturnValue(fake as unknown as Window);
    printReceipt({ ...QC_ORDER, locale: 'fr' }, 'Test Store', QC_NUMBERS);
    expect(parse(written[0]!).documentElement.lang).toBe('fr-CA');
    expect(parse(written[0]!).querySelector('[data-receipt="total"]')!.textContent).toBe(`189,70${NB}$ CAD`);
    window.history.replaceState(null, '', '/fr/account');
    printReceipt({ ...QC_ORDER, locale: 'en' }, 'Test Store', QC_NUMBERS);
    expect(parse(written[1]!).documentElement.lang).toBe('en-CA');
    expect(parse(written[1]!).querySelector('[data-receipt="total"]')!.textContent).toBe('$189.70 CAD');
  });
});
