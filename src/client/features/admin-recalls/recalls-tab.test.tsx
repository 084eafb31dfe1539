// The Recalls tab: the quarantine report and possible matches for everyone, loading recall data for the
// owner only (the server refuses staff), and an import's result said in words.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER, callsTo, fakeApi, renderPage, STAFF_USER } from '~/client/test/admin-test-utils';
import RecallsTab from './recalls-tab';

const recall = {
  id: 4,
  source: 'health-canada' as const,
  sourceId: '79123',
  title: 'Brightway electric kettles recalled due to burn hazard',
  titleFr: 'Rappel des bouilloires électriques Brightway',
  recalledOn: '2026-10-02',
  url: 'https://recalls-rappels.canada.ca/en/alert-recall/brightway',
};
const report = {
  quarantined: [
    {
      id: 7,
      lotNumber: 'AC-7-0001',
      name: 'Brightway 1.0 L Kettle',
      upc: '062100987650',
      brand: null,
      quarantinedAt: '2026-11-28T15:00:00.000Z',
      recall,
    },
  ],
  possibleMatches: [],
};

describe('RecallsTab', () => {
  it("lists the lots in quarantine with their recall's titles and link", async () => {
    fakeApi({
      'GET /api/auth/me': { body: STAFF_USER },
      'GET /api/admin/recalls/quarantine': { body: report },
      'GET /api/admin/recalls': { body: [{ ...recall, gtins: 2 }] },
    });
    renderPage(<RecallsTab />, '/admin/recalls');
    const table = (await screen.findByText('Brightway 1.0 L Kettle')).closest('table')!;
    expect(within(table).getByText('AC-7-0001')).toBeTruthy();
    expect(within(table).getByRole('link', { name: recall.title }).getAttribute('href')).toBe(recall.url);
    expect(within(table).getByText(recall.titleFr).getAttribute('lang')).toBe('fr');
    expect(screen.getByText('No possible matches.')).toBeTruthy();
    // Staff read the report; loading data and releasing a lot are the owner's.
    expect(screen.queryByRole('button', { name: 'Load recalls' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Release Brightway 1.0 L Kettle' })).toBeNull();
  });

  it('lets the owner load a recall file and says what it found', async () => {
    const api = fakeApi({
      'GET /api/auth/me': { body: ADMIN_USER },
      'GET /api/admin/recalls/quarantine': { body: { quarantined: [], possibleMatches: [] } },
      'GET /api/admin/recalls': { body: [] },
      'POST /api/admin/recalls': {
        body: {
          source: 'cpsc',
          recalls: 2,
          skipped: 0,
          gtins: 2,
          quarantined: [{ ...report.quarantined[0], wasOnSale: true }],
        },
      },
    });
    renderPage(<RecallsTab />, '/admin/recalls');
    const button = await screen.findByRole('button', { name: 'Load recalls' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.upload(
      screen.getByLabelText('Recall file (JSON)'),
      new File(['[]'], 'recalls.json', { type: 'application/json' }),
    );
    await userEvent.click(button);
    expect(
      await screen.findByText('2 recalls read (2 UPCs). 1 lot put in quarantine, 1 taken off sale.'),
    ).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/admin/recalls')).toHaveLength(1);
  });

  it('lets the owner release a lot with a reason; a refused reason is shown and nothing closes', async () => {
    let released = false;
    const api = fakeApi({
      'GET /api/auth/me': { body: ADMIN_USER },
      'GET /api/admin/recalls/quarantine': () => ({
        body: released ? { quarantined: [], possibleMatches: [] } : report,
      }),
      'GET /api/admin/recalls': { body: [] },
      'POST /api/admin/recalls/quarantine/7/release': ({ init }) => {
        const { reason } = JSON.parse(String(init?.body));
        if (reason.length < 5)
          return {
            status: 400,
            body: { message: 'Please give the reason for the release (at least 5 characters).' },
          };
        released = true;
        return { body: { id: 7, releasedFrom: 4 } };
      },
    });
    renderPage(<RecallsTab />, '/admin/recalls');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Release Brightway 1.0 L Kettle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release from quarantine' });
    await user.type(within(dialog).getByLabelText('Reason'), 'No');
    await user.click(within(dialog).getByRole('button', { name: 'Release Lot' }));
    expect(
      await within(dialog).findByText('Please give the reason for the release (at least 5 characters).'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 't this model: the UPC is the 2 L kettle');
    await user.click(within(dialog).getByRole('button', { name: 'Release Lot' }));
    expect(await screen.findByText('No lot is in quarantine.')).toBeTruthy();
    const posts = callsTo(api, 'POST', '/api/admin/recalls/quarantine/7/release');
    expect(posts).toHaveLength(2);
    expect(JSON.parse(String((posts[1]![1] as RequestInit).body))).toEqual({
      reason: 'Not this model: the UPC is the 2 L kettle',
    });
  });
});
