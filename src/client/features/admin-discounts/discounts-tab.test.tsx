import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import DiscountsTab from './discounts-tab';

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const bodyOf = (call: [string, RequestInit | undefined] | undefined) => JSON.parse(String(call?.[1]?.body));
const toastText = async () => (await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' | ');

describe('discounts', () => {
  it('clamps to 0..100 as it is typed out, saves integers, and says so when saving fails', async () => {
    const api = fakeApi({
      'GET /api/discounts/weekday': {
        body: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, percentage: day * 5 })),
      },
      'GET /api/discounts/category': {
        body: [{ categoryId: 3, categoryName: 'Electronics', percentage: 10 }],
      },
      'PUT /api/discounts/weekday': { status: 500, body: { message: 'Down.' } },
      'PUT /api/discounts/category': ({ init }) => ({ body: bodyOf(['', init]).discounts }),
    });
    renderPage(<DiscountsTab />, '/admin/discounts');
    const user = userEvent.setup();
    const monday = (await screen.findByLabelText('Monday')) as HTMLInputElement;
    expect(monday.value).toBe('5');
    await user.clear(monday);
    await user.type(monday, '150');
    fireEvent.blur(monday);
    expect(monday.value).toBe('100');
    const saturday = screen.getByLabelText('Saturday') as HTMLInputElement;
    await user.clear(saturday);
    await user.type(saturday, '12.6');
    // Saturday's discount as a weekend sale: from 09:00 Saturday to midnight (store time).
    fireEvent.change(screen.getByLabelText('Saturday starts (store time)'), {
      target: { value: '2026-12-05T09:00' },
    });
    fireEvent.change(screen.getByLabelText('Saturday ends (store time)'), {
      target: { value: '2026-12-06T00:00' },
    });
    await user.click(screen.getByRole('button', { name: 'Save Weekday Discounts' }));
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/discounts/weekday')).toHaveLength(1));
    const always = { startsAt: null, endsAt: null };
    expect(bodyOf(callsTo(api, 'PUT', '/api/discounts/weekday')[0]).discounts).toEqual([
      { day: 0, percentage: 0, ...always },
      { day: 1, percentage: 100, ...always },
      { day: 2, percentage: 10, ...always },
      { day: 3, percentage: 15, ...always },
      { day: 4, percentage: 20, ...always },
      { day: 5, percentage: 25, ...always },
      { day: 6, percentage: 13, startsAt: '2026-12-05T09:00', endsAt: '2026-12-06T00:00' },
    ]);
    expect(await toastText()).toContain('Failed to save weekday discounts');

    const electronics = (await screen.findByLabelText('Electronics')) as HTMLInputElement;
    await user.clear(electronics);
    await user.type(electronics, '-7');
    await user.click(screen.getByRole('button', { name: 'Save Category Discounts' }));
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/discounts/category')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PUT', '/api/discounts/category')[0]).discounts).toEqual([
      { categoryId: 3, percentage: 0, ...always },
    ]);
  });
});
