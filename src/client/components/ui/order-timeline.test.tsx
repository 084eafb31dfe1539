// The order page's timeline, pickup place and refund lines, in English and French. Figures worked out
// by hand: a Quebec order of 52.88 (TPS 2.30, TVQ 4.59) refunded 20.00, whose tax is 6.89 x 20.00 /
// 52.88 = 2.6059 -> 2.61; split, TPS 2.30 x 20 / 52.88 = 0.8699 -> 0.86 and TVQ 4.59 x 20 / 52.88 =
// 1.7360 -> 1.73 leave two cents of the 2.61, one to each: TPS 0.87, TVQ 1.74.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '~/shared/schemas/order-timeline';
import { refundedTaxLines } from '~/shared/pricing';
import { LocaleProvider } from '~/client/lib/i18n';
import { createQueryClient } from '~/client/lib/query-client';
import { OrderAmountsList } from './order-amounts-list';
import { OrderTimeline } from './order-timeline';
import { PickupPlace } from './pickup-place';

const NB = '\u00a0';
const base = { carrier: null, trackingNumber: null, trackingUrl: null, amount: null, taxLines: [] };
const EVENTS: OrderEvent[] = [
  { ...base, kind: 'placed', at: '2026-11-20T15:00:00.000Z' },
  { ...base, kind: 'paid', at: '2026-11-20T15:01:00.000Z' },
  {
    ...base,
    kind: 'shipped',
    at: '2026-11-21T15:00:00.000Z',
    carrier: 'canada-post',
    trackingNumber: '7023210039414604',
    trackingUrl:
      'https://www.canadapost-postescanada.ca/track-reperage/fr#/search?searchFor=7023210039414604',
  },
  {
    ...base,
    kind: 'refunded',
    at: '2026-11-22T15:00:00.000Z',
    amount: '20.00',
    taxLines: [
      { code: 'GST', rate: '5', amount: '0.87' },
      { code: 'QST', rate: '9.975', amount: '1.74' },
    ],
  },
];

function show(node: ReactNode, locale: 'en' | 'fr' = 'en') {
  return render(
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>
    </LocaleProvider>,
  );
}

describe('the refund tax split', () => {
  it('gives the worked-out cents, and all of the tax with all of the total', () => {
    const charged = [
      { code: 'GST' as const, rate: '5', cents: 230 },
      { code: 'QST' as const, rate: '9.975', cents: 459 },
    ];
    expect(refundedTaxLines(2000, 5288, charged).map((l) => l.cents)).toEqual([87, 174]);
    expect(refundedTaxLines(5288, 5288, charged).map((l) => l.cents)).toEqual([230, 459]);
    expect(refundedTaxLines(0, 5288, charged).map((l) => l.cents)).toEqual([0, 0]);
  });
});

describe('OrderTimeline', () => {
  it('lists what happened, the carrier, the tracking number and its link, and the refund with its tax', () => {
    show(<OrderTimeline events={EVENTS} />);
    const list = screen.getByRole('region', { name: 'Order history' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getByText('Order placed')).toBeTruthy();
    expect(within(list).getByText('Payment received')).toBeTruthy();
    expect(within(list).getByText('Carrier: Canada Post')).toBeTruthy();
    expect(within(list).getByText('Tracking number: 7023210039414604')).toBeTruthy();
    const link = within(list).getByRole('link', { name: /Track your parcel with Canada Post/ });
    expect(link.getAttribute('href')).toContain('searchFor=7023210039414604');
    expect(within(list).getByText('Refunded $20.00')).toBeTruthy();
    expect(screen.getByTestId('timeline-refund-tax').textContent).toBe(
      'Includes GST (5%) $0.87, QST (9.975%) $1.74',
    );
  });

  it('reads in French', () => {
    show(<OrderTimeline events={EVENTS} />, 'fr');
    const list = screen.getByRole('region', { name: 'Historique de la commande' });
    expect(within(list).getByText('Paiement reçu')).toBeTruthy();
    const exact = { normalizer: (text: string) => text };
    expect(within(list).getByText(`Transporteur${NB}: Postes Canada`, exact)).toBeTruthy();
    expect(within(list).getByText(`Remboursement de 20,00${NB}$`, exact)).toBeTruthy();
    expect(screen.getByTestId('timeline-refund-tax').textContent).toBe(
      `Dont TPS (5${NB}%) 0,87${NB}$, TVQ (9,975${NB}%) 1,74${NB}$`,
    );
  });
});

describe('refunds in the money lines', () => {
  it('subtract what was given back from the total', () => {
    show(
      <OrderAmountsList
        order={{
          subtotal: '40.00',
          discountAmount: '0.00',
          discountPercentage: '0',
          shippingCost: '5.99',
          taxRate: '14.975',
          taxAmount: '6.89',
          taxLines: [
            { code: 'GST', rate: '5', amount: '2.30' },
            { code: 'QST', rate: '9.975', amount: '4.59' },
          ],
          total: '52.88',
          currency: 'CAD',
          refundedAmount: '20.00',
        }}
      />,
    );
    expect(screen.getByTestId('amount-refunded').textContent).toBe('-$20.00');
    // 52.88 - 20.00 = 32.88.
    expect(screen.getByTestId('amount-net').textContent).toBe('$32.88 CAD');
  });
});

describe('PickupPlace', () => {
  const settings = {
    pickupAddress: '88 Depot Lane\nOttawa, ON K1A 0B1',
    pickupHours: 'Every day: 8 a.m. to 8 p.m.',
    pickupHoursFr: 'Tous les jours : de 8 h à 20 h',
    pickupInstructions: 'Use the side door.',
    pickupInstructionsFr: '',
  };

  it('shows the address, hours and instructions the store set', () => {
    show(<PickupPlace settings={settings} />);
    expect(screen.getByTestId('pickup-address').textContent).toBe('88 Depot LaneOttawa, ON K1A 0B1');
    expect(screen.getByTestId('pickup-hours').textContent).toBe('Every day: 8 a.m. to 8 p.m.');
    expect(screen.getByTestId('pickup-instructions').textContent).toBe('Use the side door.');
  });

  it('in French: the French hours, and the English instructions while the French are blank', () => {
    show(<PickupPlace settings={settings} />, 'fr');
    expect(screen.getByTestId('pickup-hours').textContent).toBe('Tous les jours : de 8 h à 20 h');
    expect(screen.getByTestId('pickup-instructions').textContent).toBe('Use the side door.');
    expect(screen.getByText('Adresse de cueillette')).toBeTruthy();
  });
});

describe('a return on the timeline', () => {
  it('shows each step with its number and staff message, in English and French', () => {
    const events: OrderEvent[] = [
      {
        ...base,
        kind: 'return-requested',
        at: '2026-11-23T15:00:00.000Z',
        returnNumber: 'RMA-000004',
        message: '',
      },
      {
        ...base,
        kind: 'return-approved',
        at: '2026-11-23T16:00:00.000Z',
        returnNumber: 'RMA-000004',
        message: 'Bring it to the store.',
      },
    ];
    const { unmount } = show(<OrderTimeline events={events} />);
    expect(screen.getByTestId('timeline-return-requested').textContent).toContain(
      'Return RMA-000004 requested',
    );
    expect(screen.getByTestId('timeline-return-approved').textContent).toContain(
      'Return RMA-000004 approved',
    );
    expect(screen.getAllByTestId('timeline-message').map((m) => m.textContent)).toEqual([
      'Bring it to the store.',
    ]);
    unmount();
    show(<OrderTimeline events={events} />, 'fr');
    expect(screen.getByTestId('timeline-return-approved').textContent).toContain(
      'Retour RMA-000004 approuvé',
    );
  });
});
