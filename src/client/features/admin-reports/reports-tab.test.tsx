// The Reports tab: the last 30 store days by default, the chart and the figures, grouping, a bad range
// named without asking the server, the tax CSV link following the range, category and product tables.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CategorySalesReport, ProductSalesReport, SalesReport } from '~/shared/schemas/admin-reports';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import ReportsTab, { periodLabel } from './reports-tab';

afterEach(() => vi.unstubAllGlobals());

const zero = {
  orders: 0,
  sales: '0.00',
  codeDiscounts: '0.00',
  shipping: '0.00',
  tax: '0.00',
  total: '0.00',
  refunds: '0.00',
  net: '0.00',
};
const figures = {
  orders: 2,
  sales: '200.00',
  codeDiscounts: '0.00',
  shipping: '0.00',
  tax: '27.98',
  total: '227.98',
  refunds: '0.00',
  net: '227.98',
};

function salesReport(from: string, to: string, by: SalesReport['by']): SalesReport {
  const periods =
    by === 'month'
      ? [{ start: from, end: to, ...figures }]
      : [
          { start: from, end: from, ...figures },
          { start: to, end: to, ...zero },
        ];
  return {
    from,
    to,
    by,
    timeZone: 'America/Toronto',
    periods,
    totals: figures,
    byChannel: [
      { channel: 'online', ...figures },
      { channel: 'till', ...zero },
      { channel: 'draft', ...zero },
    ],
  };
}

const CATEGORIES: CategorySalesReport = {
  from: '2025-12-13',
  to: '2026-01-11',
  rows: [
    { categoryId: 3, name: 'Home', orders: 2, units: 2, sales: '120.00', refunds: '20.00', net: '100.00' },
    {
      categoryId: null,
      name: 'No category',
      orders: 1,
      units: 4,
      sales: '40.00',
      refunds: '0.00',
      net: '40.00',
    },
  ],
  totals: { orders: 3, units: 6, sales: '160.00', refunds: '20.00', net: '140.00' },
};
const PRODUCTS: ProductSalesReport = {
  from: '2025-12-13',
  to: '2026-01-11',
  productCount: 1,
  rows: [
    {
      productId: 5,
      name: 'Kettle',
      lotNumber: 'LOT-K',
      orders: 2,
      units: 2,
      sales: '120.00',
      refunds: '20.00',
      net: '100.00',
    },
  ],
  totals: { orders: 2, units: 2, sales: '120.00', refunds: '20.00', net: '100.00' },
};

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/site-config': { body: { today: '2026-01-11', timeZone: 'America/Toronto' } },
    'GET /api/admin/reports/sales': ({ url }) => ({
      body: salesReport(
        url.searchParams.get('from')!,
        url.searchParams.get('to')!,
        url.searchParams.get('by') as SalesReport['by'],
      ),
    }),
    'GET /api/admin/reports/sales-by-category': { body: CATEGORIES },
    'GET /api/admin/reports/sales-by-product': { body: PRODUCTS },
    'GET /api/admin/reports/till-sessions': ({ url }) => ({
      body: {
        from: url.searchParams.get('from'),
        to: url.searchParams.get('to'),
        sessions: [],
        totalVariance: '0.00',
      },
    }),
    ...overrides,
  });
}

const salesCalls = (mock: ReturnType<typeof fakeApi>) =>
  callsTo(mock, 'GET', '/api/admin/reports/sales').map(
    ([input]) => new URL(String(input), 'http://x').search,
  );

describe('Reports tab', () => {
  it('shows the last 30 store days by day: figures, a bar per day, the rows and the tax CSV link', async () => {
    const mock = api();
    renderPage(<ReportsTab />, '/admin/reports');
    await waitFor(() => expect(screen.getByTestId('report-net').textContent).toBe('$227.98'));
    expect(salesCalls(mock)).toContain('?from=2025-12-13&to=2026-01-11&by=day');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2025-12-13');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-01-11');
    expect(screen.getByRole('img', { name: 'Net per day, 2025-12-13 to 2026-01-11' })).toBeTruthy();
    expect(screen.getAllByTestId('chart-bar')).toHaveLength(2);
    const rows = screen.getAllByTestId('period-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2025-12-13', '2', '$200.00', '$0.00', '$0.00', '$27.98', '$227.98', '$0.00', '$227.98'],
      ['2026-01-11', '0', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00'],
    ]);
    expect(screen.getByRole('link', { name: 'Download tax report (CSV)' }).getAttribute('href')).toBe(
      '/api/admin/reports/taxes?from=2025-12-13&to=2026-01-11',
    );
    // The same figures by channel: the storefront's, then the outlet till's.
    expect(
      screen.getAllByTestId('channel-row').map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Online store', '2', '$200.00', '$27.98', '$227.98', '$0.00', '$227.98'],
      ['Outlet till', '0', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00'],
      ['Orders by phone or message', '0', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00'],
    ]);
  });

  it('asks again when the range or the grouping changes, and the CSV link follows', async () => {
    const mock = api();
    const user = userEvent.setup();
    renderPage(<ReportsTab />, '/admin/reports');
    await waitFor(() => expect(screen.getByTestId('report-net').textContent).toBe('$227.98'));
    await user.selectOptions(screen.getByLabelText('Group by'), 'month');
    await waitFor(() => expect(salesCalls(mock)).toContain('?from=2025-12-13&to=2026-01-11&by=month'));
    await waitFor(() =>
      expect(screen.getAllByTestId('period-row').map((r) => r.firstElementChild?.textContent)).toEqual([
        'Dec 2025',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(salesCalls(mock)).toContain('?from=2025-12-01&to=2025-12-31&by=day'));
    expect(screen.getByRole('link', { name: 'Download tax report (CSV)' }).getAttribute('href')).toBe(
      '/api/admin/reports/taxes?from=2025-12-01&to=2025-12-31',
    );
  });

  it('names a start after the end under the fields and asks nothing for it', async () => {
    const mock = api();
    const user = userEvent.setup();
    renderPage(<ReportsTab />, '/admin/reports');
    await waitFor(() => expect(screen.getByTestId('report-net').textContent).toBe('$227.98'));
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2025-12-01');
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(salesCalls(mock).filter((s) => s.includes('to=2025-12-01'))).toEqual([]);
  });

  it('lists sales by category with a total row, and the best-selling products', async () => {
    api();
    renderPage(<ReportsTab />, '/admin/reports');
    const categoryRows = await screen.findAllByTestId('category-row');
    expect(categoryRows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Home',
      'No category',
    ]);
    expect(screen.getByText('All categories').closest('tr')?.textContent).toContain(
      'All categories36$160.00$20.00$140.00',
    );
    const [kettle] = await screen.findAllByTestId('product-row');
    expect(kettle?.textContent).toContain('KettleLOT-K22$120.00$20.00$100.00');
  });

  it("shows the server's message and 'Try Again' when the report fails", async () => {
    api({ 'GET /api/admin/reports/sales': { status: 500, body: { message: 'Database unavailable.' } } });
    renderPage(<ReportsTab />, '/admin/reports');
    expect(await screen.findByText('Failed to load the sales report')).toBeTruthy();
    expect(screen.getByText('Database unavailable.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});

describe('periodLabel', () => {
  it('reads a day, a week and a month', () => {
    expect(periodLabel({ start: '2026-01-05', end: '2026-01-05' }, 'day')).toBe('2026-01-05');
    expect(periodLabel({ start: '2026-01-05', end: '2026-01-11' }, 'week')).toBe('Week of 2026-01-05');
    expect(periodLabel({ start: '2026-02-01', end: '2026-02-28' }, 'month')).toBe('Feb 2026');
  });
});
