import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '~/shared/schemas/admin-dashboard';
import { renderPage } from '~/client/test/admin-test-utils';
import { DashboardSummary } from './dashboard-summary';

// 30 days of June: orders on a few days only, the busiest day (the 10th) with 4 orders and the best
// revenue ($1,200.00); a day with orders but nothing paid yet (the 20th).
const days = Array.from({ length: 30 }, (_, i) => {
  const day = i + 1;
  const figures: Record<number, [number, string]> = {
    3: [1, '25.00'],
    10: [4, '1200.00'],
    20: [2, '0.00'],
    30: [2, '300.50'],
  };
  const [orders, revenue] = figures[day] ?? [0, '0.00'];
  return { date: `2025-06-${String(day).padStart(2, '0')}`, orders, revenue };
});
const dashboard: Dashboard = {
  totalProducts: 12,
  totalOrders: 9,
  pendingOrders: 1,
  activeDiscounts: 0,
  demoMode: false,
  days,
  lowStock: { threshold: 3, count: 0, products: [] },
};

/** Each bar's height and hover text, in day order. */
function bars(chart: HTMLElement) {
  return [...chart.querySelectorAll('rect')].map((rect) => ({
    height: Number(rect.getAttribute('height')),
    title: rect.querySelector('title')?.textContent,
  }));
}

describe('the 30-day chart', () => {
  it('draws a bar per day scaled to the busiest day, with totals, dates and the figures table', async () => {
    renderPage(<DashboardSummary dashboard={dashboard} />);

    const orders = screen.getByRole('img', { name: 'Orders per day, last 30 days' });
    const orderBars = bars(orders);
    expect(orderBars).toHaveLength(30);
    // The tallest bar is the busiest day; the others in proportion; no orders, no bar.
    expect(orderBars[9]).toEqual({ height: 96, title: '2025-06-10: 4' });
    expect(orderBars[19]).toEqual({ height: 48, title: '2025-06-20: 2' });
    expect(orderBars[2]).toEqual({ height: 24, title: '2025-06-03: 1' });
    expect(orderBars[0]).toEqual({ height: 0, title: '2025-06-01: 0' });
    expect(orderBars.filter((b) => b.height > 0)).toHaveLength(4);
    expect(within(orders).getByText('6/1')).toBeTruthy();
    expect(within(orders).getByText('6/16')).toBeTruthy();
    expect(within(orders).getByText('6/30')).toBeTruthy();
    expect(orders.closest('figure')!.textContent).toContain('Total 9');

    const revenue = screen.getByRole('img', { name: 'Revenue per day (paid), last 30 days' });
    const revenueBars = bars(revenue);
    expect(revenueBars).toHaveLength(30);
    expect(revenueBars[9]).toEqual({ height: 96, title: '2025-06-10: $1,200.00' });
    expect(revenueBars[29]!.title).toBe('2025-06-30: $300.50');
    expect(revenueBars[29]!.height).toBeCloseTo(24.04);
    expect(revenueBars[2]!.title).toBe('2025-06-03: $25.00');
    expect(revenueBars[2]!.height).toBeCloseTo(2);
    expect(revenueBars[19]).toEqual({ height: 0, title: '2025-06-20: $0.00' });
    expect(revenue.closest('figure')!.textContent).toContain('Total $1,525.50');

    const summary = screen.getByText('Show the figures');
    expect(summary.closest('details')!.open).toBe(false);
    await userEvent.setup().click(summary);
    expect(summary.closest('details')!.open).toBe(true);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[0]!.textContent).toBe('DateOrdersRevenue');
    expect(rows).toHaveLength(31);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[1]!)).toEqual(['2025-06-01', '0', '$0.00']);
    expect(cells(rows[10]!)).toEqual(['2025-06-10', '4', '$1,200.00']);
    expect(cells(rows[20]!)).toEqual(['2025-06-20', '2', '$0.00']);
    expect(cells(rows[30]!)).toEqual(['2025-06-30', '2', '$300.50']);
  });

  it('draws empty days as no bars rather than dividing by zero', () => {
    const quiet = days.map((d) => ({ ...d, orders: 0, revenue: '0.00' }));
    renderPage(<DashboardSummary dashboard={{ ...dashboard, days: quiet }} />);
    for (const name of ['Orders per day, last 30 days', 'Revenue per day (paid), last 30 days']) {
      const chart = screen.getByRole('img', { name });
      expect(bars(chart).every((b) => b.height === 0)).toBe(true);
    }
    expect(screen.getByText('Total $0.00')).toBeTruthy();
  });
});
