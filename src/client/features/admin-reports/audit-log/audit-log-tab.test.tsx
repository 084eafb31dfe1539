// The Audit Log tab: rows with who, what and the change field by field, the filters and the search sent
// to the server, a bad range named without asking, paging; and how a change is read.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogEntry } from '~/shared/schemas/admin-reports-audit-log';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { changeLines } from './audit-change';
import AuditLogTab from './audit-log-tab';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number, extra: Partial<AuditLogEntry>): AuditLogEntry => ({
  id,
  createdAt: '2026-01-06T15:00:00.000Z',
  userId: 1,
  username: 'boss',
  action: 'update',
  entity: 'product',
  entityId: '11',
  before: null,
  after: null,
  ...extra,
});

const ENTRIES = [
  entry(3, {
    action: 'update',
    before: { price: '20.00', name: 'Kettle' },
    after: { price: '15.00', name: 'Kettle' },
  }),
  entry(2, { action: 'create', entityId: '12', after: { name: 'Blue Kettle' } }),
  entry(1, {
    action: 'export',
    entity: 'orders',
    entityId: null,
    userId: null,
    username: null,
    after: { filters: {} },
  }),
];

function api() {
  return fakeApi({
    'GET /api/admin/audit-log/filters': {
      body: {
        actions: ['create', 'export', 'update'],
        entities: ['orders', 'product'],
        users: [{ id: 1, username: 'boss' }],
      },
    },
    'GET /api/admin/audit-log': ({ url }) => ({
      body: url.searchParams.get('action') === 'create' ? [ENTRIES[1]] : ENTRIES,
      headers: { 'x-total-count': url.searchParams.get('action') === 'create' ? '1' : '60' },
    }),
  });
}

const listQueries = (mock: ReturnType<typeof fakeApi>) =>
  callsTo(mock, 'GET', '/api/admin/audit-log').map(([input]) => new URL(String(input), 'http://x').search);

describe('Audit Log tab', () => {
  it('lists each change with who made it, the record and the fields before and after', async () => {
    api();
    renderPage(<AuditLogTab />, '/admin/audit');
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(3);
    const update = within(rows[0]!);
    expect(update.getByText('boss')).toBeTruthy();
    expect(update.getByText('#11')).toBeTruthy();
    // Only the field that changed, old struck through, new inserted.
    expect(update.getByText('20.00').tagName).toBe('DEL');
    expect(update.getByText('15.00').tagName).toBe('INS');
    expect(update.queryByText('Kettle')).toBeNull();
    expect(within(rows[1]!).getByText('Blue Kettle')).toBeTruthy();
    expect(within(rows[2]!).getByText('System')).toBeTruthy();
    expect(screen.getByText('Showing 1–25 of 60 changes')).toBeTruthy();
  });

  it('sends the filters and the search, back to page 1, and pages on', async () => {
    const mock = api();
    const user = userEvent.setup();
    renderPage(<AuditLogTab />, '/admin/audit');
    await screen.findAllByTestId('audit-row');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries(mock)).toContain('?page=2&limit=25'));
    await screen.findByRole('option', { name: 'create' });
    await user.selectOptions(screen.getByLabelText('Action'), 'create');
    await waitFor(() => expect(listQueries(mock)).toContain('?page=1&limit=25&action=create'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    await user.type(screen.getByLabelText('Search the audit log'), 'kettle');
    await waitFor(() => expect(listQueries(mock)).toContain('?page=1&limit=25&q=kettle&action=create'));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3));
  });

  it('names a start after the end and asks nothing for it', async () => {
    const mock = api();
    const user = userEvent.setup();
    renderPage(<AuditLogTab />, '/admin/audit');
    await screen.findAllByTestId('audit-row');
    await user.type(screen.getByLabelText('From'), '2026-01-07');
    await user.type(screen.getByLabelText('To'), '2026-01-06');
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeTruthy();
    expect(listQueries(mock).filter((q) => q.includes('to=2026-01-06'))).toEqual([]);
  });
});

describe('changeLines', () => {
  it('reads an edit as its changed fields, a creation or deletion as its fields, anything else whole', () => {
    expect(changeLines({ a: 1, b: 'x', c: { d: 1 } }, { a: 2, b: 'x', c: { d: 2 } })).toEqual([
      { field: 'a', before: '1', after: '2' },
      { field: 'c', before: '{"d":1}', after: '{"d":2}' },
    ]);
    expect(changeLines(null, { name: 'New', price: null })).toEqual([
      { field: 'name', after: 'New' },
      { field: 'price', after: '—' },
    ]);
    expect(changeLines({ question: 'Q?' }, null)).toEqual([{ field: 'question', before: 'Q?' }]);
    expect(changeLines([1, 2], [1])).toEqual([{ field: 'value', before: '[1,2]', after: '[1]' }]);
    expect(changeLines(null, null)).toEqual([]);
  });
});
