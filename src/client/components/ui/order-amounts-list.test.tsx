// The order's money lines and status pills follow the page's language: French under the French
// provider, English (unchanged) without it. Figures worked out by hand.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { OrderAmountsInput } from '~/shared/order-amounts';
import { LocaleProvider } from '~/client/lib/i18n';
import { createQueryClient } from '~/client/lib/query-client';
import { OrderAmountsList } from './order-amounts-list';
import { StatusBadge } from './status-badge';

/**
 * Quebec: 40.00 + standard 5.99 = 45.99 taxable; TPS 5% = 2.2995, TVQ 9.975% = 4.587525; charged
 * 14.975% = 6.887 -> 6.89, the floors 2.29 + 4.58 leave two cents, one to each: TPS 2.30, TVQ 4.59.
 * Total 40.00 + 5.99 + 6.89 = 52.88.
 */
const ORDER: OrderAmountsInput = {
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
};
const NB = '\u00a0';

function show(node: ReactNode, locale?: 'en' | 'fr') {
  const page = <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>;
  return render(locale ? <LocaleProvider locale={locale}>{page}</LocaleProvider> : page);
}

const lines = () =>
  [...within(screen.getByTestId('order-amounts')).getAllByRole('term')].map((dt) => [
    dt.textContent,
    dt.nextElementSibling?.textContent,
  ]);

describe('order amounts and status in the page language', () => {
  it('reads French under /fr', () => {
    show(
      <>
        <OrderAmountsList order={ORDER} />
        <StatusBadge status="shipped" />
        <StatusBadge status="completed" kind="payment" />
      </>,
      'fr',
    );
    expect(lines()).toEqual([
      ['Sous-total', `40,00${NB}$`],
      ['Livraison', `5,99${NB}$`],
      [`TPS (5${NB}%)`, `2,30${NB}$`],
      [`TVQ (9,975${NB}%)`, `4,59${NB}$`],
      ['Total', `52,88${NB}$ CAD`],
    ]);
    expect(screen.getByTestId('order-status').textContent).toBe('Expédiée');
    expect(screen.getByTestId('payment-status').textContent).toBe('Effectué');
  });

  it('stays English elsewhere', () => {
    show(
      <>
        <OrderAmountsList order={ORDER} />
        <StatusBadge status="shipped" />
      </>,
    );
    expect(lines()).toEqual([
      ['Subtotal', '$40.00'],
      ['Shipping', '$5.99'],
      ['GST (5%)', '$2.30'],
      ['QST (9.975%)', '$4.59'],
      ['Total', '$52.88 CAD'],
    ]);
    expect(screen.getByTestId('order-status').textContent).toBe('Shipped');
  });
});
