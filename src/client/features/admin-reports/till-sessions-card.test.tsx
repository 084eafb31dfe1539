// The till sessions card: each session of the range as the API answered, its variance read as short or
// over, an open session with no count yet, and the variances added up.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { TillSessionsCard, varianceText } from './till-sessions-card';

afterEach(() => vi.unstubAllGlobals());

const session = (id: number, registerName: string, closed: boolean, variance: string | null) => ({
  id,
  registerName,
  openedBy: 'sam',
  openedAt: '2026-11-28T15:00:00.000Z',
  closedAt: closed ? '2026-11-28T23:00:00.000Z' : null,
  salesCount: 2,
  sales: '21.00',
  expectedCash: closed ? '121.00' : null,
  countedCash: closed ? '120.75' : null,
  variance,
});

describe('TillSessionsCard', () => {
  it('lists the sessions with their variances and their total', async () => {
    fakeApi({
      'GET /api/admin/reports/till-sessions?from=2026-11-01&to=2026-11-28': {
        body: {
          from: '2026-11-01',
          to: '2026-11-28',
          sessions: [session(3, 'Side', false, null), session(1, 'Front', true, '-0.25')],
          totalVariance: '-0.25',
        },
      },
    });
    renderPage(<TillSessionsCard range={{ from: '2026-11-01', to: '2026-11-28' }} />);
    await waitFor(() => expect(screen.getAllByTestId('till-session-row')).toHaveLength(2));
    const [open, front] = screen.getAllByTestId('till-session-row');
    expect(within(open!).getByText('Open')).toBeTruthy();
    expect(open!.textContent).toContain('—');
    expect(front!.textContent).toContain('$121.00');
    expect(front!.textContent).toContain('$120.75');
    expect(within(front!).getByText('$0.25 short')).toBeTruthy();
    expect(screen.getByTestId('till-total-variance').textContent).toBe('$0.25 short');
  });

  it('says when there were no sessions', async () => {
    fakeApi({
      'GET /api/admin/reports/till-sessions?from=2026-11-01&to=2026-11-28': {
        body: { from: '2026-11-01', to: '2026-11-28', sessions: [], totalVariance: '0.00' },
      },
    });
    renderPage(<TillSessionsCard range={{ from: '2026-11-01', to: '2026-11-28' }} />);
    expect(await screen.findByText('No till sessions in this range.')).toBeTruthy();
  });

  it('reads a variance as short, over or even', () => {
    expect(varianceText('-0.25')).toBe('$0.25 short');
    expect(varianceText('1.05')).toBe('$1.05 over');
    expect(varianceText('0.00')).toBe('Even');
    expect(varianceText(null)).toBe('—');
  });
});
