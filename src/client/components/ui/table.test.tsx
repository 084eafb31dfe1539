// The kit's DataTable as a card list on a phone (docs/decisions/0252-admin-tables-on-a-phone.md): every
// body cell is named after its column so the card can say 'Status  Paid', the Actions cell is marked for
// the card's foot, and rows keep their table roles when laid out as blocks. The layout itself (below
// 768 px) is checked in a real browser: tests/e2e/admin-layout.test.ts.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './table';

const COLUMNS = ['Order #', 'Status', 'Total', 'Actions'];

function Row({ id, status }: { id: number; status: string }) {
  const [extra, setExtra] = useState(false);
  return (
    <tr data-testid="row">
      <td>{id}</td>
      <td>{status}</td>
      <td>$10.00</td>
      <td>
        <button type="button" onClick={() => setExtra(true)}>
          Open {id}
        </button>
      </td>
      {extra && <td>late cell</td>}
    </tr>
  );
}

function Table({ rows, pending = false }: { rows: { id: number; status: string }[]; pending?: boolean }) {
  return (
    <DataTable
      columns={COLUMNS}
      minWidthClassName="min-w-[760px]"
      pending={pending}
      empty={rows.length === 0}
      emptyText="No orders yet."
    >
      {rows.map((r) => (
        <Row key={r.id} {...r} />
      ))}
    </DataTable>
  );
}

const cells = (row: HTMLElement) =>
  [...row.querySelectorAll('td')].map((td) => [
    td.getAttribute('data-label'),
    td.hasAttribute('data-actions'),
  ]);

describe('DataTable on a phone', () => {
  it("names each cell after its column, marks the Actions cell, and keeps the table's roles", () => {
    render(
      <Table
        rows={[
          { id: 1, status: 'Pending' },
          { id: 2, status: 'Shipped' },
        ]}
      />,
    );
    const [first] = screen.getAllByTestId('row');
    expect(cells(first!)).toEqual([
      ['Order #', false],
      ['Status', false],
      ['Total', false],
      [null, true],
    ]);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(COLUMNS);
    expect(within(first!).getAllByRole('cell')).toHaveLength(4);
    // The phone layout's classes are there (applied below 768 px); the wide table keeps its min-width.
    expect(table.className).toContain('max-md:block');
    expect(table.className).toContain('min-w-[760px]');
  });

  it('labels rows that arrive later and cells a row adds on its own', async () => {
    const { rerender } = render(<Table rows={[]} />);
    // The empty row spans every column: no label.
    expect(screen.getByText('No orders yet.').getAttribute('data-label')).toBeNull();
    rerender(<Table rows={[{ id: 3, status: 'Processing' }]} />);
    expect(cells(screen.getByTestId('row'))[1]).toEqual(['Status', false]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open 3' }));
    // A cell past the last column gets no label; the observer saw it without a render of the table.
    await act(async () => {});
    expect(screen.getByText('late cell').getAttribute('role')).toBe('cell');
    expect(screen.getByText('late cell').getAttribute('data-label')).toBeNull();
  });

  it('gives skeleton rows no labels', () => {
    render(<Table rows={[]} pending />);
    const table = screen.getByRole('table');
    expect(table.querySelectorAll('td[data-label]')).toHaveLength(0);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(5);
  });
});
