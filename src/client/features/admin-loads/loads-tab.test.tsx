// The Loads tab's column mapping: the saved or guessed mapping filled in, a required field left
// unmapped named and blocking, and the chosen columns sent as they were picked.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import LoadsTab from './loads-tab';
import { MappingForm } from './manifest-mapping';

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
  grades: [],
  drafts: [],
  total: 1,
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
    expect(onApply).toHaveBeenCalledWith(
      {
        title: 'Item Title',
        description: 'Desc',
        upc: '',
        brand: '',
        quantity: 'Qty',
        unitRetail: 'Unit Retail',
        condition: '',
      },
      { grades: {}, remap: false },
    );
  });

  it('shows the first rows and drafts, asks for unknown grades, and previews each change', async () => {
    const onPreview = vi.fn();
    render(
      <MappingForm
        preview={{
          ...preview,
          grades: [{ word: 'Grade B', lines: 2, condition: null }],
          drafts: [
            {
              row: 2,
              title: 'Blender',
              upc: null,
              brand: null,
              quantity: 2,
              unitRetail: '49.99',
              condition: 'new',
              problem: null,
            },
            {
              row: 3,
              title: null,
              upc: null,
              brand: null,
              quantity: null,
              unitRetail: null,
              condition: null,
              problem: 'Title is missing',
            },
          ],
        }}
        pending={false}
        onApply={vi.fn()}
        onPreview={onPreview}
      />,
    );
    const drafts = within(screen.getByRole('region', { name: 'First drafts' }));
    expect(drafts.getByText('Blender')).toBeTruthy();
    expect(drafts.getByText(/49\.99/)).toBeTruthy();
    expect(drafts.getByText('Not drafted: Title is missing')).toBeTruthy();
    expect(screen.getByText('Choose the condition for this grade.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText(/"Grade B" \(2 lines\)/), 'used-good');
    expect(onPreview).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Item Title' }), {
      'Grade B': 'used-good',
    });
    await userEvent.selectOptions(screen.getByLabelText('Title'), 'Desc');
    expect(onPreview).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Desc' }), {
      'Grade B': 'used-good',
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

const load = {
  id: 1,
  supplier: 'Acme Liquidators',
  receivedOn: '2026-01-10',
  reference: 'AC-7',
  totalCost: '1000.00',
  createdAt: '2026-01-10T12:00:00.000Z',
  figures,
};
const heater = {
  id: 41,
  lotNumber: 'AC-7-2',
  name: 'Heater',
  imageUrl: '/uploads/products/heater-640.webp',
  condition: 'new',
  price: '15.99',
  compareAtPrice: '40.00',
  compareAtSource: 'manifest:AC-7',
  unitCost: '10.00',
  stock: 3,
  active: false,
  manifestLine: 2,
  version: 4,
  description: '',
  upc: null as string | null,
  brand: null as string | null,
};

/** The Loads tab with load AC-7 opened; `lot` answers the load's report each time it is asked. */
async function openLoad(routes: Parameters<typeof fakeApi>[0], lot: () => typeof heater) {
  const api = fakeApi({
    'GET /api/admin/loads': { body: [load] },
    'GET /api/admin/loads/report-by-supplier': { body: [] },
    'GET /api/admin/loads/1': () => ({ body: { ...load, days: [], lots: [lot()] } }),
    ...routes,
  });
  renderPage(<LoadsTab />);
  const row = (await screen.findByText('AC-7')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Open' }));
  await screen.findByText(lot().name);
  return api;
}

describe('LoadsTab drafts', () => {
  it("edits a draft's condition, price and stock in its row, on the version the table showed", async () => {
    let current = heater;
    let sent: unknown;
    const api = await openLoad(
      {
        'PATCH /api/admin/loads/1/lots/41': ({ init }) => {
          sent = JSON.parse(String(init?.body));
          current = { ...heater, condition: 'used-good', price: '12.99', stock: 2, version: 5 };
          return { body: current };
        },
      },
      () => current,
    );
    const row = screen.getByText('Heater').closest('tr')!;
    expect(within(row).getByText('$15.99')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Edit AC-7-2' }));
    await userEvent.selectOptions(within(row).getByLabelText('Condition of AC-7-2'), 'used-good');
    await userEvent.clear(within(row).getByLabelText('Price of AC-7-2'));
    await userEvent.type(within(row).getByLabelText('Price of AC-7-2'), '12.99');
    await userEvent.clear(within(row).getByLabelText('Stock of AC-7-2'));
    await userEvent.type(within(row).getByLabelText('Stock of AC-7-2'), '2');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText('$12.99')).toBeTruthy();
    expect(sent).toEqual({ version: 4, condition: 'used-good', price: '12.99', stock: 2 });
    expect(within(row).getByText('Used - good')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(callsTo(api, 'PATCH', '/api/admin/loads/1/lots/41')).toHaveLength(1);
  });

  it('shows why a save was refused and the lot as it now is', async () => {
    let current = heater;
    await openLoad(
      {
        'PATCH /api/admin/loads/1/lots/41': () => {
          current = { ...heater, price: '31.00', version: 6 };
          return {
            status: 409,
            body: {
              message:
                'Someone changed this lot meanwhile. Its current details are shown; make your changes again.',
              lot: current,
            },
          };
        },
      },
      () => current,
    );
    const row = screen.getByText('Heater').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit AC-7-2' }));
    await userEvent.clear(within(row).getByLabelText('Price of AC-7-2'));
    await userEvent.type(within(row).getByLabelText('Price of AC-7-2'), '1.00');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(
      await within(row).findByText(
        'Someone changed this lot meanwhile. Its current details are shown; make your changes again.',
      ),
    ).toBeTruthy();
    expect((within(row).getByLabelText('Price of AC-7-2') as HTMLInputElement).value).toBe('31.00');
  });

  it('offers no editing for a lot on sale', async () => {
    await openLoad({}, () => ({ ...heater, active: true }));
    const row = screen.getByText('Heater').closest('tr')!;
    expect(within(row).getByText('Published')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Edit AC-7-2' })).toBeNull();
  });

  it("corrects a draft's title, description and UPC in its row; only what changed is sent", async () => {
    let current = { ...heater, name: 'WM100002', description: 'Oak Side Table' };
    let sent: unknown;
    await openLoad(
      {
        'PATCH /api/admin/loads/1/lots/41': ({ init }) => {
          sent = JSON.parse(String(init?.body));
          current = {
            ...current,
            name: 'Oak Side Table',
            description: 'Solid oak.',
            upc: '036000291452',
            version: 5,
          };
          return { body: current };
        },
      },
      () => current,
    );
    const row = screen.getByText('WM100002').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit AC-7-2' }));
    await userEvent.clear(within(row).getByLabelText('Title of AC-7-2'));
    await userEvent.type(within(row).getByLabelText('Title of AC-7-2'), 'Oak Side Table');
    await userEvent.clear(within(row).getByLabelText('Description of AC-7-2'));
    await userEvent.type(within(row).getByLabelText('Description of AC-7-2'), 'Solid oak.');
    await userEvent.type(within(row).getByLabelText('UPC of AC-7-2'), '036000291452');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText('Oak Side Table')).toBeTruthy();
    expect(sent).toEqual({
      version: 4,
      condition: 'new',
      price: '15.99',
      stock: 3,
      name: 'Oak Side Table',
      description: 'Solid oak.',
      upc: '036000291452',
    });
  });

  it('selects every draft at once (not the lots on sale) and publishes them', async () => {
    const lots = [
      heater,
      { ...heater, id: 42, lotNumber: 'AC-7-3', name: 'Fan', manifestLine: 3 },
      { ...heater, id: 43, lotNumber: 'AC-7-4', name: 'Kettle', manifestLine: 4, active: true },
    ];
    let published: unknown;
    fakeApi({
      'GET /api/admin/loads': { body: [load] },
      'GET /api/admin/loads/report-by-supplier': { body: [] },
      'GET /api/admin/loads/1': { body: { ...load, days: [], lots } },
      'POST /api/admin/loads/1/publish': ({ init }) => {
        published = JSON.parse(String(init?.body));
        return { body: { published: 2, messages: [] } };
      },
    });
    renderPage(<LoadsTab />);
    const loadRow = (await screen.findByText('AC-7')).closest('tr')!;
    await userEvent.click(within(loadRow).getByRole('button', { name: 'Open' }));
    await screen.findByText('Kettle');
    const all = screen.getByRole('checkbox', { name: 'Select all drafts' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    await userEvent.click(all);
    const box = (name: string) =>
      screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;
    expect([box('AC-7-2').checked, box('AC-7-3').checked, box('AC-7-4').checked]).toEqual([
      true,
      true,
      false,
    ]);
    expect(all.checked).toBe(true);
    // One draft off: the header box is off; on again: on.
    await userEvent.click(box('AC-7-3'));
    expect(all.checked).toBe(false);
    await userEvent.click(all);
    expect(all.checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Publish selected' }));
    await vi.waitFor(() => expect(published).toEqual({ productIds: [41, 42] }));
    // Published: the selection is cleared.
    await vi.waitFor(() => expect(all.checked).toBe(false));
    expect([box('AC-7-2').checked, box('AC-7-3').checked]).toEqual([false, false]);
  });
});
