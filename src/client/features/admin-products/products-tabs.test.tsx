import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import ImportTab from './import/import-tab';
import ProductsTab from './products-tab';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const bodyOf = (call: [string, RequestInit | undefined] | undefined) => JSON.parse(String(call?.[1]?.body));
const toastText = async () => (await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' | ');

/** A stand-in for XMLHttpRequest whose progress and answer the test drives. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  url = '';
  body: FormData | null = null;
  requestHeaders: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseHeaders = { 'content-type': 'application/json; charset=utf-8' };
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    act(() => this.onload?.());
  }
  /** More of a streamed (application/x-ndjson) answer arrives; a line may come in pieces. */
  stream(text: string) {
    this.status = 200;
    this.responseHeaders = { 'content-type': 'application/x-ndjson' };
    this.responseText += text;
    act(() => this.onprogress?.());
  }
  end() {
    act(() => this.onload?.());
  }
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const serverProgress = (bytes: number, images = 0, imagesTotal = 0) => ({
  progress: { bytes, totalBytes: 1000, rows: bytes, images, imagesTotal },
});
const IMPORT_RESULT = {
  total: 3,
  success: 2,
  errors: 1,
  messages: ['Row 4: Lot number is required'],
  created: 2,
  updated: 0,
  images: { total: 1, matched: 1, unmatched: 0 },
};

const progress = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
const file = (name: string, type: string) => new File(['x'], name, { type });

describe('import page', () => {
  it('has every card, and the progress bar follows the import: 10, the upload a little, the server, then 100', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fakeApi({});
    renderPage(<ImportTab />, '/admin/import');
    for (const name of [
      'CSV Import',
      'Upload Images Only',
      'Manual Product Entry',
      'CSV Format Instructions',
    ]) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Go to Product Management' }).getAttribute('href')).toBe(
      '/admin/products',
    );
    // The instructions name every column the template has, the condition words among them.
    const columns = screen.getByTestId('import-columns').textContent!;
    for (const column of [
      'condition',
      'conditionNotes',
      'finalSale',
      'nameFr',
      'descriptionFr',
      'conditionNotesFr',
    ])
      expect(columns).toContain(column);
    expect(screen.getByTestId('import-conditions').textContent).toContain(
      'new, new-open-box, used-like-new, used-good, used-acceptable, for-parts',
    );
    // The encodings and separators the import reads (docs/decisions/0460-csv-encodings-and-streamed-parsing.md).
    expect(screen.getByTestId('import-encodings').textContent).toContain(
      "Save the file as CSV UTF-8, or as Excel's plain CSV (Windows-1252, accents kept); commas, semicolons or tabs may separate the columns.",
    );
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('CSV file'), file('products.csv', 'text/csv'));
    await user.upload(screen.getByLabelText('Product images (optional)'), [
      file('LOT-1_1.jpg', 'image/jpeg'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Import Products' }));
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/products/import');
    expect(xhr.requestHeaders.accept).toContain('application/x-ndjson');
    expect((xhr.body!.get('file') as File).name).toBe('products.csv');
    expect((xhr.body!.getAll('images') as File[]).map((f) => f.name)).toEqual(['LOT-1_1.jpg']);
    expect(progress()).toBe(10);
    // What the browser has sent runs ahead of the import: it moves the bar to 40 at most.
    xhr.progress(50, 100);
    expect(progress()).toBe(25);
    xhr.progress(100, 100);
    expect(progress()).toBe(40);
    // The server's own figures: its first one arrives where the upload left the bar (here 21% done),
    // and the rest of the import fills the rest of the bar: bytes handled (70% of it with pictures)...
    xhr.stream(line(serverProgress(300)));
    expect(progress()).toBe(40);
    const half = line(serverProgress(500));
    xhr.stream(half.slice(0, 20));
    expect(progress()).toBe(40);
    xhr.stream(half.slice(20));
    expect(progress()).toBe(50);
    xhr.stream(line(serverProgress(800)));
    expect(progress()).toBe(64);
    xhr.stream(line(serverProgress(1000)) + line(serverProgress(1000, 0, 2)));
    expect(progress()).toBe(74);
    // ...then the pictures processed, up to 95, and 100 with the result.
    xhr.stream(line(serverProgress(1000, 1, 2)));
    expect(progress()).toBe(85);
    xhr.stream(line(serverProgress(1000, 2, 2)) + line({ result: IMPORT_RESULT }));
    expect(progress()).toBe(95);
    expect(screen.queryByRole('heading', { name: 'Import Results' })).toBeNull();
    xhr.end();
    expect(await screen.findByRole('heading', { name: 'Import Results' })).toBeTruthy();
    expect(progress()).toBe(100);
    expect(screen.getByText('Row 4: Lot number is required')).toBeTruthy();
    // Errors above 0: the toast is destructive.
    const toast = (await screen.findAllByTestId('toast'))[0]!;
    expect(toast.textContent).toContain('2 of 3 products imported, 1 errors.');
    expect(toast.className).toContain('bg-red-700');
  });

  it('reads a plain JSON answer too, and an error that ends a streamed answer as a failure', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fakeApi({});
    renderPage(<ImportTab />, '/admin/import');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('CSV file'), file('products.csv', 'text/csv'));
    await user.click(screen.getByRole('button', { name: 'Import Products' }));
    FakeXhr.last!.respond(200, IMPORT_RESULT);
    expect(await screen.findByRole('heading', { name: 'Import Results' })).toBeTruthy();
    expect(progress()).toBe(100);

    await user.upload(screen.getByLabelText('CSV file'), file('again.csv', 'text/csv'));
    await user.click(screen.getByRole('button', { name: 'Import Products' }));
    const xhr = FakeXhr.last!;
    // Without pictures the bytes alone fill the bar: 40% done at the first figure, then 55%.
    xhr.stream(line(serverProgress(400)));
    expect(progress()).toBe(10);
    xhr.stream(line(serverProgress(550)));
    expect(progress()).toBe(31);
    xhr.stream(line({ error: { statusCode: 413, message: 'The CSV file is too large (at most 200 MB).' } }));
    xhr.end();
    await waitFor(async () =>
      expect(await toastText()).toContain('CSV Import FailedThe CSV file is too large (at most 200 MB).'),
    );
    expect(screen.queryByRole('progressbar')?.getAttribute('aria-valuenow') ?? '0').toBe('0');
  });

  it('goes back to 0 on failure and shows the server message under CSV Import Failed', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fakeApi({});
    renderPage(<ImportTab />, '/admin/import');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('CSV file'), file('products.csv', 'text/csv'));
    await user.click(screen.getByRole('button', { name: 'Import Products' }));
    FakeXhr.last!.respond(400, { message: 'The CSV file must have a header row.' });
    expect(await toastText()).toContain('CSV Import FailedThe CSV file must have a header row.');
    // Back to 0: the bar is gone until the next import starts.
    expect(screen.queryByRole('progressbar')?.getAttribute('aria-valuenow') ?? '0').toBe('0');
  });

  it('asks for a file, refuses other files, and reports a failed template download', async () => {
    fakeApi({ 'GET /api/products/template': { status: 500, body: { message: 'x' } } });
    renderPage(<ImportTab />, '/admin/import');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole('button', { name: 'Import Products' }));
    expect(await toastText()).toContain('No File Selected');
    await user.upload(screen.getByLabelText('CSV file'), file('products.xlsx', 'application/vnd.ms-excel'));
    expect(await toastText()).toContain('Please select a CSV file.');
    await user.upload(screen.getByLabelText('Product images'), [file('notes.txt', 'text/plain')]);
    expect(await toastText()).toContain('Please select only image files');
    await user.click(screen.getByRole('button', { name: 'Upload Images Only' }));
    expect(await toastText()).toContain('No Images Selected');
    await user.click(screen.getByRole('button', { name: 'Download CSV Template' }));
    await waitFor(async () =>
      expect(await toastText()).toContain('Download FailedFailed to download template'),
    );
  });

  it('uploads pictures only and shows matched and unmatched', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fakeApi({});
    renderPage(<ImportTab />, '/admin/import');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Product images'), [
      file('LOT-1_1.png', 'image/png'),
      file('NOPE_1.png', 'image/png'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload Images Only' }));
    expect(FakeXhr.last!.url).toBe('/api/products/images-only');
    FakeXhr.last!.respond(200, {
      total: 2,
      matched: 1,
      unmatched: 1,
      errors: 0,
      messages: ['Image NOPE_1.png: no product'],
    });
    const results = await screen.findByTestId('import-results');
    expect(within(results).getByText('Unmatched').nextSibling?.textContent).toBe('1');
  });
});

const CATEGORIES = [{ id: 3, name: 'Electronics', slug: 'electronics', imageUrl: null, active: true }];

const adminProduct = (id: number, name: string, active = true) => ({
  id,
  lotNumber: `LOT-${id}`,
  name,
  slug: name.toLowerCase().replaceAll(' ', '-'),
  description: '',
  price: '10.00',
  compareAtPrice: '15.00',
  imageUrl: null,
  stock: 4,
  categoryId: null,
  categoryName: null,
  featured: false,
  new: false,
  active,
  applyDailyDiscount: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  images: [],
  additionalImages: [],
});

describe('product table', () => {
  it('pages and searches on the server, toggles the status, and deletes after confirmation', async () => {
    const api = fakeApi({
      'GET /api/products/admin': ({ url }) => ({
        body:
          url.searchParams.get('page') === '2'
            ? [adminProduct(21, 'Page Two Lamp')]
            : [adminProduct(1, 'Desk Fan'), adminProduct(2, 'Old Kettle', false)],
        headers: { 'x-total-count': url.searchParams.get('search') ? '1' : '21' },
      }),
      'PATCH /api/products/2/status': { body: adminProduct(2, 'Old Kettle', true) },
      'DELETE /api/products/1': {
        body: { outcome: 'archived', message: 'The product appears in orders, so it was archived.' },
      },
    });
    renderPage(<ProductsTab />, '/admin/products');
    const user = userEvent.setup();
    expect(await screen.findByText('Desk Fan')).toBeTruthy();
    for (const column of ['Image', 'Name', 'Category', 'Price', 'Stock', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeTruthy();
    }
    expect(screen.getByText('Showing 1–20 of 21 products')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page Two Lamp')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Desk Fan')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Active: Old Kettle' }));
    await waitFor(() => expect(callsTo(api, 'PATCH', '/api/products/2/status')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PATCH', '/api/products/2/status')[0])).toEqual({ active: true });

    await user.click(screen.getByRole('button', { name: 'Delete Desk Fan' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/Are you sure you want to delete "Desk Fan"\?/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(api, 'DELETE', '/api/products/1')).toHaveLength(1));
    expect(await toastText()).toContain('Product archived');

    await user.type(screen.getByLabelText('Search products by name or lot number'), 'kettle');
    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([input]) => String(input).includes('search=kettle') && String(input).includes('page=1'),
        ),
      ).toBe(true),
    );
  });

  it('opens the edit dialog filled from the product, or says it could not load it', async () => {
    let fail = false;
    fakeApi({
      'GET /api/products/admin': { body: [adminProduct(1, 'Desk Fan')], headers: { 'x-total-count': '1' } },
      'GET /api/categories': { body: [] },
      'GET /api/products/admin/1': () =>
        fail ? { status: 500, body: { message: 'Down.' } } : { body: adminProduct(1, 'Desk Fan') },
    });
    renderPage(<ProductsTab />, '/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Desk Fan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Desk Fan'),
    );
    expect((within(dialog).getByLabelText('Compare-at Price') as HTMLInputElement).value).toBe('15.00');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Edit Desk Fan' }));
    expect(await toastText()).toContain(
      'Error loading productFailed to load product details. Please try again.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says Failed to update product status when the toggle fails', async () => {
    fakeApi({
      'GET /api/products/admin': { body: [adminProduct(1, 'Desk Fan')], headers: { 'x-total-count': '1' } },
      'PATCH /api/products/1/status': { status: 500, body: { message: 'Down.' } },
    });
    renderPage(<ProductsTab />, '/admin/products');
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'Active: Desk Fan' }));
    expect(await toastText()).toContain('Failed to update product status');
  });
});

describe('product dialog', () => {
  it('generates the slug from the name until it is edited, validates, and sends the product', async () => {
    const api = fakeApi({
      'GET /api/products/admin': { body: [], headers: { 'x-total-count': '0' } },
      'GET /api/categories': { body: CATEGORIES },
      'POST /api/products': ({ init }) => ({
        status: 201,
        body: { ...JSON.parse(String(init?.body)), id: 9 },
      }),
    });
    renderPage(<ProductsTab />, '/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
    const name = within(dialog).getByLabelText('Name');
    const slug = within(dialog).getByLabelText('Slug') as HTMLInputElement;
    await user.type(name, 'Café Table, Oak_Wood!');
    expect(slug.value).toBe('cafe-table-oak-wood');

    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByText('Price is required')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'C');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByText('Product name must be at least 2 characters.')).toBeTruthy();

    await user.clear(slug);
    await user.type(slug, 'my-own-slug');
    await user.type(name, 'hair');
    expect(slug.value).toBe('my-own-slug');
    await user.type(within(dialog).getByLabelText('Price'), '49.5');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Electronics');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(callsTo(api, 'POST', '/api/products')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'POST', '/api/products')[0])).toMatchObject({
      name: 'Chair',
      slug: 'my-own-slug',
      price: '49.50',
      categoryId: 3,
      stock: 0,
      active: true,
      applyDailyDiscount: true,
      images: [],
    });
  });

  it('shows a 409 from the server on the field and in the Error toast', async () => {
    fakeApi({
      'GET /api/products/admin': { body: [], headers: { 'x-total-count': '0' } },
      'GET /api/categories': { body: [] },
      'POST /api/products': {
        status: 409,
        body: {
          message: 'A product with this lot number already exists.',
          errors: { lotNumber: 'A product with this lot number already exists.' },
        },
      },
    });
    renderPage(<ProductsTab />, '/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
    await user.type(within(dialog).getByLabelText('Name'), 'Lamp');
    await user.type(within(dialog).getByLabelText('Lot Number'), 'LOT-1');
    await user.type(within(dialog).getByLabelText('Price'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByText('A product with this lot number already exists.')).toBeTruthy();
    expect(await toastText()).toContain('ErrorA product with this lot number already exists.');
  });

  it('refuses a sixth image with Too many images', async () => {
    const api = fakeApi({
      'GET /api/products/admin': { body: [], headers: { 'x-total-count': '0' } },
      'GET /api/categories': { body: [] },
      'POST /api/upload/image': () => ({
        body: { url: `/uploads/products/p${Math.random().toString(16).slice(2)}-640.webp` },
      }),
    });
    renderPage(<ProductsTab />, '/admin/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
    const pictures = Array.from({ length: 6 }, (_, i) => file(`p${i}.png`, 'image/png'));
    await user.upload(within(dialog).getByLabelText('Add product images'), pictures);
    await waitFor(() => expect(within(dialog).getAllByRole('img')).toHaveLength(5));
    expect(callsTo(api, 'POST', '/api/upload/image')).toHaveLength(5);
    expect(await toastText()).toContain('Too many images');
    expect(within(dialog).queryByLabelText('Add product images')).toBeNull();
  });
});
