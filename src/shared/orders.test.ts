import { describe, expect, it } from 'vitest';
import {
  ADDRESS_UNAVAILABLE,
  businessDaysText,
  daysRemaining,
  deliveryEstimate,
  deliveryWindowText,
  isUnpaidCheckout,
  itemDisplayName,
  localDateString,
  orderStatusLabel,
  parseShippingAddress,
  paymentStatusLabel,
  receiptStatus,
  receiptTaxCents,
  shippingMethodLabel,
  statusTone,
  stripGeneratedItemListing,
  trackerState,
} from './orders';

describe('parseShippingAddress', () => {
  it('reads the checkout field names', () => {
    const parsed = parseShippingAddress({
      addressLine1: '12 King St W',
      addressLine2: 'Unit 4',
      city: 'Toronto',
      state: 'ON',
      zipCode: 'M5H 1A1',
      country: 'Canada',
    });
    expect(parsed.kind).toBe('structured');
    expect(parsed.lines).toEqual(['12 King St W', 'Unit 4', 'Toronto, ON M5H 1A1', 'Canada']);
  });

  it('reads the alternative field names: address, apartment, province, postalCode', () => {
    const parsed = parseShippingAddress({
      address: '1 Main St',
      apartment: 'Apt 2',
      city: 'Halifax',
      province: 'NS',
      postalCode: 'B3H 0A1',
      country: 'Canada',
    });
    expect(parsed.lines).toEqual(['1 Main St', 'Apt 2', 'Halifax, NS B3H 0A1', 'Canada']);
  });

  it('prefers address over addressLine1 and skips blank parts', () => {
    const parsed = parseShippingAddress({
      address: 'A',
      addressLine1: 'B',
      city: 'Calgary',
      state: '',
      country: '',
    });
    expect(parsed.lines).toEqual(['A', 'Calgary']);
  });

  it('parses an address stored as a JSON string', () => {
    const parsed = parseShippingAddress(
      JSON.stringify({ addressLine1: '9 Elm', city: 'Regina', state: 'SK', zipCode: 'S4P 3Y2' }),
    );
    expect(parsed.kind).toBe('structured');
    expect(parsed.lines).toEqual(['9 Elm', 'Regina, SK S4P 3Y2']);
  });

  it('parses a JSON string that was encoded twice', () => {
    const parsed = parseShippingAddress(JSON.stringify(JSON.stringify({ address: '9 Elm', city: 'Regina' })));
    expect(parsed.lines).toEqual(['9 Elm', 'Regina']);
  });

  it('shows text that is not JSON as it is', () => {
    const parsed = parseShippingAddress('55 Water St\nVancouver BC');
    expect(parsed).toEqual({
      kind: 'raw',
      text: '55 Water St\nVancouver BC',
      lines: ['55 Water St', 'Vancouver BC'],
    });
  });

  it("says 'Address information not available' when there is nothing usable", () => {
    for (const value of [null, undefined, '', '   ', {}, { foo: 'bar' }, 42, ['x'], '{}']) {
      const parsed = parseShippingAddress(value);
      expect(parsed.kind, JSON.stringify(value)).toBe('none');
      expect(parsed.lines).toEqual([ADDRESS_UNAVAILABLE]);
    }
  });
});

describe('status labels', () => {
  it('labels every order status, pending when missing', () => {
    expect(orderStatusLabel('ready-for-pickup')).toBe('Ready for Pickup');
    expect(orderStatusLabel('picked-up')).toBe('Picked Up');
    expect(orderStatusLabel('cancelled')).toBe('Cancelled');
    expect(orderStatusLabel(null)).toBe('Pending');
    expect(orderStatusLabel('on-hold')).toBe('On Hold');
  });

  it('labels payment statuses', () => {
    expect(paymentStatusLabel('completed')).toBe('Completed');
    expect(paymentStatusLabel('refunded')).toBe('Refunded');
    expect(paymentStatusLabel(undefined)).toBe('Pending');
  });

  it('gives badges a tone', () => {
    expect(statusTone('delivered')).toBe('success');
    expect(statusTone('cancelled')).toBe('danger');
    expect(statusTone('pending')).toBe('neutral');
    expect(statusTone('processing')).toBe('info');
  });
});

describe('trackerState (section 4)', () => {
  const cases: [string | null, [boolean, boolean, boolean]][] = [
    [null, [false, false, false]],
    ['pending', [false, false, false]],
    ['processing', [true, false, false]],
    ['ready-for-pickup', [false, false, false]],
    ['shipped', [true, true, false]],
    ['delivered', [true, true, true]],
    ['picked-up', [true, true, true]],
    ['cancelled', [false, false, false]],
  ];
  it.each(cases)('%s lights %j', (status, [processing, shipped, delivered]) => {
    expect(trackerState(status)).toEqual({ processing, shipped, delivered });
  });
});

describe('shippingMethodLabel', () => {
  it('names the three methods and treats anything else as standard', () => {
    expect(shippingMethodLabel('pickup')).toBe('Pickup at store');
    expect(shippingMethodLabel('express')).toBe('Express Shipping');
    expect(shippingMethodLabel('standard')).toBe('Standard Shipping');
    expect(shippingMethodLabel('teleport')).toBe('Standard Shipping');
    expect(shippingMethodLabel(null)).toBe('Standard Shipping');
  });
});

describe('delivery estimate', () => {
  it('counts whole calendar days, negative once the date has passed', () => {
    expect(daysRemaining('2025-03-10', '2025-03-07')).toBe(3);
    expect(daysRemaining('2025-03-07', '2025-03-07')).toBe(0);
    expect(daysRemaining('2025-03-01', '2025-03-07')).toBe(-6);
    // Across a daylight-saving change and a month end.
    expect(daysRemaining('2025-04-02', '2025-03-08')).toBe(25);
    expect(daysRemaining('not a date', '2025-03-07')).toBeNull();
  });

  it('reads timestamps by their date', () => {
    expect(daysRemaining('2025-03-10T23:00:00.000Z', '2025-03-09')).toBe(1);
  });

  it('says how many days remain, or the default 3-5 business days', () => {
    expect(deliveryEstimate('2025-03-10', '2025-03-07')).toEqual({
      known: true,
      date: '2025-03-10',
      daysRemaining: 3,
      remainingText: '3 days remaining',
    });
    expect(deliveryEstimate('2025-03-08', '2025-03-07')).toMatchObject({ remainingText: '1 day remaining' });
    expect(deliveryEstimate('2025-03-07', '2025-03-07')).toMatchObject({ remainingText: 'Arriving today' });
    expect(deliveryEstimate(null, '2025-03-07')).toEqual({ known: false, text: '3-5 business days' });
    expect(deliveryEstimate('garbage', '2025-03-07')).toEqual({ known: false, text: '3-5 business days' });
  });

  it('shows no countdown for a date that has passed', () => {
    expect(deliveryEstimate('2025-03-06', '2025-03-07', 'shipped')).toEqual({
      known: true,
      date: '2025-03-06',
      daysRemaining: -1,
      remainingText: null,
    });
    expect(deliveryEstimate('2025-01-05', '2025-03-07')).toMatchObject({ remainingText: null });
  });

  it.each(['delivered', 'picked-up'])('shows no countdown once the order is %s', (status) => {
    expect(deliveryEstimate('2025-03-10', '2025-03-07', status)).toMatchObject({
      known: true,
      date: '2025-03-10',
      remainingText: null,
    });
    expect(deliveryEstimate('2025-03-07', '2025-03-07', status)).toMatchObject({ remainingText: null });
  });

  it.each(['pending', 'processing', 'ready-for-pickup', 'shipped', null])(
    'counts down while the order is %s',
    (status) => {
      expect(deliveryEstimate('2025-03-10', '2025-03-07', status)).toMatchObject({
        remainingText: '3 days remaining',
      });
      expect(deliveryEstimate('2025-03-07', '2025-03-07', status)).toMatchObject({
        remainingText: 'Arriving today',
      });
    },
  );

  it('gives a cancelled order no estimate, with or without a date (docs/decisions/0132)', () => {
    expect(deliveryEstimate('2025-03-10', '2025-03-07', 'cancelled')).toEqual({ known: false, text: null });
    expect(deliveryEstimate(null, '2025-03-07', 'cancelled', 'standard')).toEqual({
      known: false,
      text: null,
    });
  });

  it("without a date, says the method's range from the settings, or that pickup orders will be told", () => {
    const days = { standardMinDays: 4, standardMaxDays: 7, expressMinDays: 2, expressMaxDays: 2 };
    expect(deliveryEstimate(null, '2025-03-07', 'pending', 'standard', days)).toEqual({
      known: false,
      text: '4-7 business days',
    });
    expect(deliveryEstimate(null, '2025-03-07', 'shipped', 'express', days)).toEqual({
      known: false,
      text: '2 business days',
    });
    expect(deliveryEstimate(null, '2025-03-07', 'processing', 'express')).toMatchObject({
      text: '1-2 business days',
    });
    expect(deliveryEstimate(null, '2025-03-07', 'pending', 'pickup', days)).toEqual({
      known: false,
      text: "We'll e-mail you when your order is ready for pickup.",
    });
    expect(deliveryWindowText('standard', { ...days, standardMinDays: 1, standardMaxDays: 1 })).toBe(
      '1 business day',
    );
    expect(deliveryWindowText('drone', days)).toBeNull();
    expect(deliveryWindowText('standard', days, 'cancelled')).toBeNull();
  });

  it('formats a local date', () => {
    expect(localDateString(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});

describe('itemDisplayName', () => {
  it("uses the item's name, then productName, then the product's, then 'Product #id'", () => {
    expect(itemDisplayName({ name: 'Lamp', productName: 'Other', productId: 1 })).toBe('Lamp');
    expect(itemDisplayName({ name: '', productName: 'Fan', productId: 1 })).toBe('Fan');
    expect(itemDisplayName({ product: { name: 'Desk' }, productId: 1 })).toBe('Desk');
    expect(itemDisplayName({ name: '  ', productId: 17 })).toBe('Product #17');
    expect(itemDisplayName({ productId: null })).toBe('Product');
  });
});

describe('stripGeneratedItemListing', () => {
  it('removes an Items: section and keeps what the customer wrote', () => {
    const notes =
      'Please leave at the side door.\n\nItems:\n- 2 x Desk Lamp ($19.99)\n- 1 x Fan ($5.00)\n\nThanks!';
    expect(stripGeneratedItemListing(notes)).toBe('Please leave at the side door.\n\nThanks!');
  });

  it('removes an "Order items (2):" header with its list up to the next ordinary line', () => {
    const notes = 'Order items (2):\n2x Desk Lamp @ $19.99\n1x Fan @ $5.00\nRing the bell.';
    expect(stripGeneratedItemListing(notes)).toBe('Ring the bell.');
  });

  it('removes stand-alone item lines with quantities and prices, and cart JSON', () => {
    const notes = [
      'Gift wrap please',
      'Desk Lamp x 2 - $39.98',
      'Product #12 (qty 1)',
      '[{"productId":12,"quantity":1}]',
    ].join('\n');
    expect(stripGeneratedItemListing(notes)).toBe('Gift wrap please');
  });

  it('keeps ordinary sentences that mention numbers', () => {
    const notes = 'Deliver after 5 pm, I have 2 dogs.';
    expect(stripGeneratedItemListing(notes)).toBe(notes);
  });

  it('answers null when only the listing was there', () => {
    expect(stripGeneratedItemListing('Items:\n- 1 x Fan ($5.00)')).toBeNull();
    expect(stripGeneratedItemListing('')).toBeNull();
    expect(stripGeneratedItemListing(null)).toBeNull();
  });
});

describe('receipt', () => {
  it('takes tax as total - subtotal - shipping, floored at 0', () => {
    expect(receiptTaxCents({ total: '3.39', subtotal: '3', shippingCost: '0' })).toBe(39);
    expect(receiptTaxCents({ total: '3.39', subtotal: '3.00' })).toBe(39);
    expect(receiptTaxCents({ total: '120.76', subtotal: '100.00', shippingCost: '5.99' })).toBe(1477);
    expect(receiptTaxCents({ total: '10.00', subtotal: '12.00', shippingCost: '0' })).toBe(0);
    expect(receiptTaxCents({ total: null, subtotal: undefined, shippingCost: null })).toBe(0);
  });

  it("shows 'Paid' when the order has no status", () => {
    expect(receiptStatus(undefined)).toBe('Paid');
    expect(receiptStatus('')).toBe('Paid');
    expect(receiptStatus('shipped')).toBe('Shipped');
  });
});

describe('isUnpaidCheckout (docs/decisions/0220-unpaid-checkouts.md)', () => {
  it('is a failed payment, or a pending one whose holds ran out; never a paid or refunded order', () => {
    expect(isUnpaidCheckout({ paymentStatus: 'failed', holdsExpired: false })).toBe(true);
    expect(isUnpaidCheckout({ paymentStatus: 'failed', holdsExpired: true })).toBe(true);
    expect(isUnpaidCheckout({ paymentStatus: 'pending', holdsExpired: true })).toBe(true);
    expect(isUnpaidCheckout({ paymentStatus: null, holdsExpired: true })).toBe(true);
    expect(isUnpaidCheckout({ paymentStatus: 'pending', holdsExpired: false })).toBe(false);
    expect(isUnpaidCheckout({ paymentStatus: 'completed', holdsExpired: true })).toBe(false);
    expect(isUnpaidCheckout({ paymentStatus: 'refunded', holdsExpired: true })).toBe(false);
  });
});

describe('order labels in French', () => {
  it('names statuses, payments and shipping methods in French; English stays the default', () => {
    expect(orderStatusLabel('ready-for-pickup', 'fr')).toBe('Prête pour la cueillette');
    expect(orderStatusLabel('shipped', 'fr')).toBe('Expédiée');
    expect(orderStatusLabel(null, 'fr')).toBe('En attente');
    expect(orderStatusLabel('on-hold', 'fr')).toBe('On Hold');
    expect(orderStatusLabel('ready-for-pickup')).toBe('Ready for Pickup');
    expect(paymentStatusLabel('completed', 'fr')).toBe('Effectué');
    expect(paymentStatusLabel('refunded', 'fr')).toBe('Remboursé');
    expect(receiptStatus(null, 'fr')).toBe('Payée');
    expect(receiptStatus(null)).toBe('Paid');
    expect(shippingMethodLabel('pickup', 'fr')).toBe('Cueillette en magasin');
    expect(shippingMethodLabel('express', 'fr')).toBe('Livraison express');
    expect(shippingMethodLabel('nonsense', 'fr')).toBe('Livraison standard');
    expect(shippingMethodLabel('pickup')).toBe('Pickup at store');
  });

  it('says delivery ranges and countdowns in French', () => {
    expect(businessDaysText(3, 5, 'fr')).toBe('3 à 5 jours ouvrables');
    expect(businessDaysText(1, 1, 'fr')).toBe('1 jour ouvrable');
    expect(businessDaysText(2, 2, 'fr')).toBe('2 jours ouvrables');
    expect(businessDaysText(2, 2)).toBe('2 business days');
    expect(deliveryWindowText('pickup', undefined, null, 'fr')).toBe(
      'Nous vous écrirons par courriel quand votre commande sera prête pour la cueillette.',
    );
    expect(deliveryEstimate('2025-03-08', '2025-03-07', null, undefined, undefined, 'fr')).toMatchObject({
      remainingText: '1 jour restant',
    });
    expect(deliveryEstimate('2025-03-10', '2025-03-07', null, undefined, undefined, 'fr')).toMatchObject({
      remainingText: '3 jours restants',
    });
    expect(deliveryEstimate('2025-03-07', '2025-03-07', null, undefined, undefined, 'fr')).toMatchObject({
      remainingText: 'Livraison aujourd’hui',
    });
    expect(deliveryEstimate(null, '2025-03-07', null, undefined, undefined, 'fr')).toEqual({
      known: false,
      text: '3 à 5 jours ouvrables',
    });
  });

  it('says a missing address and an unnamed product in French', () => {
    expect(parseShippingAddress(null, 'fr').lines).toEqual(['Adresse non disponible']);
    expect(itemDisplayName({ productId: 12 }, 'fr')).toBe('Produit nº\u00a012');
    expect(itemDisplayName({}, 'fr')).toBe('Produit');
  });
});
