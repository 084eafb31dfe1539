// The Loads tab's column mapping: the saved or guessed mapping filled in, a required field left
// unmapped named and blocking, and the chosen columns sent as they were picked.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../test-utils';
import LoadsTab, { MappingForm } from './loads-tab';

afterEach(() => vi.unstubAllGlobals());

const preview = {
  columns: ['Item Title', 'Desc', 'Qty', 'Unit Retail'],
  rows: [['Blender', 'Kitchen', '2', '$49.99']],
  mapping: {
    title: 'Item Title',
    description: 'Desc',
    upc: null,
    quantity: 'Qty',
    unitRetail: null,
    condition: null,
  },
  saved: false,
};

describe('MappingForm', () => {
  it('starts from the mapping given, names a missing required field and sends the columns chosen', async () => {
    const onApply = vi.fn();
    render(<MappingForm preview={preview} pending={false} onApply={onApply} />);
    expect((screen.getByLabelText('Title') as HTMLSelectElement).value).toBe('Item Title');
    expect(screen.getByText('Choose the column for Unit retail.')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Create drafts' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Unit retail'), 'Unit Retail');
    expect(screen.queryByText('Choose the column for Unit retail.')).toBeNull();
    await userEvent.click(submit);
    expect(onApply).toHaveBeenCalledWith({
      title: 'Item Title',
      description: 'Desc',
      upc: '',
      quantity: 'Qty',
      unitRetail: 'Unit Retail',
      condition: '',
    });
  });
});

const figures = {
  cost: '1000.00',
  lots: 3,
  drafts: 1,
  unitsListed: 3,
  unitsSold: 3,
  revenue: '556.97',
  recoveryPercent: 55.7,
  medianDaysToSell: 4,
};

describe('LoadsTab', () => {
  it('lists the loads and the suppliers with their recovery figures', async () => {
    fakeApi({
      'GET /api/admin/loads': {
        body: [
          {
            id: 1,
            supplier: 'Acme Liquidators',
            receivedOn: '2026-01-10',
            reference: 'AC-7',
            totalCost: '1000.00',
            createdAt: '2026-01-10T12:00:00.000Z',
            figures,
          },
        ],
      },
      'GET /api/admin/loads/report-by-supplier': {
        body: [{ supplier: 'Acme Liquidators', loads: 1, figures: { ...figures, medianDaysToSell: null } }],
      },
    });
    renderPage(<LoadsTab />);
    const row = (await screen.findByText('AC-7')).closest('tr')!;
    expect(within(row).getByText('$556.97')).toBeTruthy();
    expect(within(row).getByText('55.7%')).toBeTruthy();
    expect(within(row).getByText('4')).toBeTruthy();
    const supplierRow = (await screen.findByText('Acme Liquidators', { selector: 'td:first-child' })).closest(
      'tr',
    )!;
    expect(within(supplierRow).getByText('—')).toBeTruthy();
  });
});
