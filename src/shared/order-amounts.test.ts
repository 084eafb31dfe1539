import { describe, expect, it } from 'vitest';
import { orderAmounts, type OrderAmountsInput } from './order-amounts';

/** A Quebec order: 2 x 75.00 (regular 100.00), express 14.99. */
const QUEBEC: OrderAmountsInput = {
  subtotal: '150.00',
  discountAmount: '50.00', // 200.00 - 150.00
  discountPercentage: '25.00',
  shippingCost: '14.99',
  taxRate: '14.975',
  // 164.99 x 14.975% = 24.7072525 -> 24.71: GST 8.2495 -> 8.25, QST 16.4577525 -> 16.46.
  taxAmount: '24.71',
  taxLines: [
    { code: 'GST', rate: '5', amount: '8.25' },
    { code: 'QST', rate: '9.975', amount: '16.46' },
  ],
  total: '189.70', // 150.00 + 14.99 + 24.71
  currency: 'CAD',
};

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('orderAmounts', () => {
  it('lists regular price, discount, subtotal, shipping, each tax and the total with its currency', () => {
    const amounts = orderAmounts(QUEBEC);
    expect(amounts.rows.map((r) => [r.label, r.text])).toEqual([
      ['Original Price', '$200.00'],
      ['Discount (25%)', '-$50.00'],
      ['Subtotal', '$150.00'],
      ['Shipping', '$14.99'],
      ['GST (5%)', '$8.25'],
      ['QST (9.975%)', '$16.46'],
    ]);
    expect(amounts.total).toEqual({ label: 'Total', cents: 18970, text: '$189.70 CAD' });
  });

  it('shows a discount code as its own line after the subtotal, and the lines still add up (0551)', () => {
    // The Quebec order of the checkout test: subtotal 102.00 (regular 120.00), code QC15 15.30,
    // shipping 5.99, GST 4.63, QST 9.25, total 106.57 = 102.00 - 15.30 + 5.99 + 4.63 + 9.25.
    const order: OrderAmountsInput = {
      subtotal: '102.00',
      discountAmount: '18.00',
      discountPercentage: '0.00',
      discountCode: 'QC15',
      codeDiscountAmount: '15.30',
      shippingCost: '5.99',
      taxRate: '14.975',
      taxAmount: '13.88',
      taxLines: [
        { code: 'GST', rate: '5', amount: '4.63' },
        { code: 'QST', rate: '9.975', amount: '9.25' },
      ],
      total: '106.57',
      currency: 'CAD',
    };
    const amounts = orderAmounts(order);
    expect(amounts.rows.map((r) => [r.label, r.text])).toEqual([
      ['Original Price', '$120.00'],
      ['Discount', '-$18.00'],
      ['Subtotal', '$102.00'],
      ['Discount code QC15', '-$15.30'],
      ['Shipping', '$5.99'],
      ['GST (5%)', '$4.63'],
      ['QST (9.975%)', '$9.25'],
    ]);
    const rows = amounts.rows.filter((r) => r.kind !== 'original' && r.kind !== 'discount');
    expect(sum(rows.map((r) => r.cents))).toBe(amounts.total.cents);
    expect(orderAmounts(order, null, 'fr').rows[3]).toMatchObject({
      label: 'Code de réduction QC15',
      text: '-15,30\u00a0$',
    });
  });

  it("labels the discount with the day's whole percent, and plainly when the order has none to state", () => {
    const label = (discountPercentage: string) =>
      orderAmounts({ ...QUEBEC, discountPercentage }).rows.find((r) => r.kind === 'discount')!.label;
    expect(label('25.00')).toBe('Discount (25%)');
    // Lines with different percents store 0.00 beside a discount of 50.00.
    expect(label('0.00')).toBe('Discount');
    // An older order's blended rate (50.00 / 199.92 = 25.01%) was never the day's percent.
    expect(label('25.01')).toBe('Discount');
    // The discount row itself is still there with its amount.
    expect(orderAmounts({ ...QUEBEC, discountPercentage: '0.00' }).rows[1]).toMatchObject({
      kind: 'discount',
      text: '-$50.00',
    });
  });

  it('adds up: regular price - discount = subtotal, and subtotal + shipping + taxes = total', () => {
    const rows = orderAmounts(QUEBEC).rows;
    const cents = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.cents);
    expect(sum([...cents('original'), ...cents('discount')])).toBe(15000); // 200.00 - 50.00
    expect(cents('subtotal')).toEqual([15000]);
    expect(sum([...cents('subtotal'), ...cents('shipping'), ...cents('tax')])).toBe(18970);
  });

  it('shows no regular price or discount when nothing was discounted', () => {
    const amounts = orderAmounts({
      subtotal: '40.00',
      discountAmount: '0.00',
      discountPercentage: '0.00',
      shippingCost: '5.99',
      taxRate: '13',
      taxAmount: '5.98', // 45.99 x 13% = 5.9787
      taxLines: [{ code: 'HST', rate: '13', amount: '5.98' }],
      total: '51.97',
      currency: 'CAD',
    });
    expect(amounts.rows.map((r) => r.label)).toEqual(['Subtotal', 'Shipping', 'HST (13%)']);
  });

  it('a US order (no lines) reads Tax (0%) $0.00; its total names the currency', () => {
    const amounts = orderAmounts({
      subtotal: '50.00',
      discountAmount: '0.00',
      discountPercentage: '0.00',
      shippingCost: '5.99',
      taxRate: '0',
      taxAmount: '0.00',
      taxLines: [],
      total: '55.99',
      currency: 'USD',
    });
    expect(amounts.rows.at(-1)).toMatchObject({ label: 'Tax (0%)', text: '$0.00', cents: 0 });
    expect(amounts.total.text).toBe('$55.99 USD');
  });

  it('an order stored without lines shows one combined line: total - subtotal - shipping, at least 0', () => {
    const amounts = orderAmounts({ ...QUEBEC, taxLines: undefined });
    expect(amounts.rows.filter((r) => r.kind === 'tax')).toEqual([
      { kind: 'tax', label: 'Tax (14.975%)', cents: 2471, text: '$24.71' }, // 189.70 - 150.00 - 14.99
    ]);
    // A total below subtotal + shipping (bad old data) shows no negative tax.
    const odd = orderAmounts({ ...QUEBEC, taxLines: [], total: '160.00' });
    expect(odd.rows.filter((r) => r.kind === 'tax')).toEqual([
      { kind: 'tax', label: 'Tax (0%)', cents: 0, text: '$0.00' },
    ]);
  });

  it('prints only the registration numbers that are set and that the taxes call for', () => {
    const all = { gstHst: '123456789 RT0001', qst: '1234567890 TQ0001', pst: 'PST-1234-5678' };
    expect(orderAmounts(QUEBEC, all).registrations).toEqual([
      'GST/HST registration number: 123456789 RT0001',
      'QST registration number: 1234567890 TQ0001',
    ]);
    expect(orderAmounts(QUEBEC, { gstHst: null, qst: '1234567890 TQ0001', pst: null }).registrations).toEqual(
      ['QST registration number: 1234567890 TQ0001'],
    );
    const bc = {
      ...QUEBEC,
      taxLines: [
        { code: 'GST' as const, rate: '5', amount: '8.25' },
        { code: 'PST' as const, rate: '7', amount: '11.55' },
      ],
    };
    expect(orderAmounts(bc, all).registrations).toEqual([
      'GST/HST registration number: 123456789 RT0001',
      'PST registration number: PST-1234-5678',
    ]);
    // Untaxed (150.00 + 14.99 = 164.99, no tax): no number to print.
    expect(
      orderAmounts({ ...QUEBEC, taxAmount: '0.00', taxLines: [], total: '164.99' }, all).registrations,
    ).toEqual([]);
    expect(orderAmounts(QUEBEC, null).registrations).toEqual([]);
  });
});

describe('orderAmounts in French', () => {
  const NB = '\u00a0';

  it('reads Sous-total, Livraison, TPS and TVQ with French amounts; the cents are the same', () => {
    const amounts = orderAmounts(
      QUEBEC,
      { gstHst: '123456789 RT0001', qst: '1234567890 TQ0001', pst: null },
      'fr',
    );
    expect(amounts.rows.map((r) => [r.label, r.text])).toEqual([
      ['Prix avant rabais', `200,00${NB}$`],
      [`Rabais (25${NB}%)`, `-50,00${NB}$`],
      ['Sous-total', `150,00${NB}$`],
      ['Livraison', `14,99${NB}$`],
      [`TPS (5${NB}%)`, `8,25${NB}$`],
      [`TVQ (9,975${NB}%)`, `16,46${NB}$`],
    ]);
    expect(amounts.rows.map((r) => r.cents)).toEqual(orderAmounts(QUEBEC).rows.map((r) => r.cents));
    expect(amounts.total).toEqual({ label: 'Total', cents: 18970, text: `189,70${NB}$ CAD` });
    expect(amounts.registrations).toEqual([
      `Nº de TPS/TVH${NB}: 123456789 RT0001`,
      `Nº de TVQ${NB}: 1234567890 TQ0001`,
    ]);
  });

  it('names HST TVH, PST TVP and Manitoba’s RST TVD, with their registration numbers', () => {
    const numbers = { gstHst: '123456789 RT0001', qst: null, pst: 'PST-1234-5678' };
    // Ontario: 100.00 + 13% = 13.00.
    const ontario = {
      ...QUEBEC,
      subtotal: '100.00',
      discountAmount: '0',
      shippingCost: '0',
      total: '113.00',
    };
    const label = (input: OrderAmountsInput) =>
      orderAmounts(input, numbers, 'fr')
        .rows.filter((r) => r.kind === 'tax')
        .map((r) => r.label);
    expect(label({ ...ontario, taxLines: [{ code: 'HST', rate: '13', amount: '13.00' }] })).toEqual([
      `TVH (13${NB}%)`,
    ]);
    // Manitoba: GST 5.00 + RST 7.00 of 100.00.
    const manitoba = {
      ...ontario,
      taxLines: [
        { code: 'GST' as const, rate: '5', amount: '5.00' },
        { code: 'RST' as const, rate: '7', amount: '7.00' },
      ],
      total: '112.00',
    };
    expect(label(manitoba)).toEqual([`TPS (5${NB}%)`, `TVD (7${NB}%)`]);
    expect(orderAmounts(manitoba, numbers, 'fr').registrations).toEqual([
      `Nº de TPS/TVH${NB}: 123456789 RT0001`,
      `Nº de TVD${NB}: PST-1234-5678`,
    ]);
    // British Columbia's PST is TVP; in English both read PST.
    const bc = {
      ...manitoba,
      taxLines: [manitoba.taxLines[0]!, { code: 'PST' as const, rate: '7', amount: '7.00' }],
    };
    expect(label(bc)).toEqual([`TPS (5${NB}%)`, `TVP (7${NB}%)`]);
    expect(orderAmounts(bc, numbers, 'fr').registrations[1]).toBe(`Nº de TVP${NB}: PST-1234-5678`);
    expect(orderAmounts(manitoba, numbers).registrations[1]).toBe('PST registration number: PST-1234-5678');
    // An order stored without lines: one 'Taxes' line.
    expect(label({ ...ontario, taxLines: [], taxRate: '13', taxAmount: '13.00' })).toEqual([
      `Taxes (13${NB}%)`,
    ]);
  });
});

describe('tenders (docs/decisions/0531-paying-with-credit-and-gift-cards.md)', () => {
  it('shows store credit and the card part below the total when credit paid part of it', () => {
    // Total 189.70; credit 50.00; card 189.70 - 50.00 = 139.70.
    const en = orderAmounts({ ...QUEBEC, storeCreditAmount: '50.00' });
    expect(en.tenders.map((l) => [l.label, l.text])).toEqual([
      ['Store credit', '-$50.00'],
      ['Paid by card', '$139.70'],
    ]);
    const fr = orderAmounts({ ...QUEBEC, storeCreditAmount: '50.00' }, null, 'fr');
    expect(fr.tenders.map((l) => [l.label, l.text])).toEqual([
      ['Crédit en magasin', '-50,00\u00a0$'],
      ['Payé par carte', '139,70\u00a0$'],
    ]);
  });

  it('shows none when the card paid it all', () => {
    expect(orderAmounts(QUEBEC).tenders).toEqual([]);
    expect(orderAmounts({ ...QUEBEC, storeCreditAmount: '0.00' }).tenders).toEqual([]);
  });
});
