// The weekly pickup schedule form: the chosen weekdays, hours, slot length and weeks sent as the API's
// contract; a schedule the contract refuses is named under the form and nothing is sent; the server's
// count of slots made shows in a toast.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '~/client/components/ui/toast-store';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { PickupWeekForm } from './pickup-week-form';

afterEach(() => vi.unstubAllGlobals());

let toasts: { title: string; description?: string }[] = [];
function ToastSpy() {
  toasts = useToasts();
  return null;
}

describe('PickupWeekForm', () => {
  it('sends the weekdays and hours chosen, and says how many slots were made', async () => {
    const api = fakeApi({ 'POST /api/admin/pickup-slots/week': { body: { created: 6, skipped: 2 } } });
    const onAdded = vi.fn(async () => undefined);
    renderPage(
      <>
        <PickupWeekForm today="2027-03-08" onAdded={onAdded} />
        <ToastSpy />
      </>,
    );
    const user = userEvent.setup();
    // Saturday on, Tuesday to Friday off: Saturday alone, as the default has Tuesday to Saturday.
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await user.click(await screen.findByLabelText(day));
    await user.click(screen.getByLabelText('Monday'));
    fireEvent.change(screen.getByLabelText('Closes'), { target: { value: '12:30' } });
    await user.clear(screen.getByLabelText('Weeks'));
    await user.type(screen.getByLabelText('Weeks'), '2');
    await user.click(screen.getByRole('button', { name: "Add the week's slots" }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    const [[, init]] = callsTo(api, 'POST', '/api/admin/pickup-slots/week') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      from: '2027-03-08',
      weeks: 2,
      days: [1, 6],
      opens: '10:00',
      closes: '12:30',
      slotMinutes: 60,
      capacity: 4,
    });
    expect(toasts[0]?.description).toBe(
      '6 pickup slots added; 2 left out (past, or overlapping a slot already there).',
    );
  });

  it('names a schedule with no whole slot and sends nothing', async () => {
    const api = fakeApi({});
    renderPage(<PickupWeekForm today="2027-03-08" onAdded={async () => undefined} />);
    fireEvent.change(await screen.findByLabelText('Closes'), { target: { value: '10:30' } });
    await userEvent.setup().click(screen.getByRole('button', { name: "Add the week's slots" }));
    expect(screen.getByRole('alert').textContent).toBe('The store must be open for at least one whole slot');
    expect(callsTo(api, 'POST', '/api/admin/pickup-slots/week')).toHaveLength(0);
  });
});
