import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '~/shared/schemas/admin-products';
import { SLUG_ONLY_DIGITS_MESSAGE } from '~/shared/slug';
import { resetToasts } from '~/client/components/ui/toast-store';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { ProductFormDialog } from './product-form-dialog';

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const pictures = (n: number) =>
  Array.from({ length: n }, (_, i) => `/uploads/products/sofa-${i + 1}-640.webp`);

const product = (images: string[]): AdminProduct => ({
  id: 1,
  lotNumber: 'SOFA-1',
  name: 'Imported Sofa',
  nameFr: '',
  slug: 'imported-sofa',
  description: '',
  descriptionFr: '',
  price: '199.00',
  compareAtPrice: null,
  imageUrl: images[0] ?? null,
  stock: 2,
  version: 1,
  categoryId: null,
  categoryName: null,
  featured: false,
  new: false,
  active: true,
  applyDailyDiscount: true,
  condition: 'new',
  conditionNotes: '',
  conditionNotesFr: '',
  finalSale: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  images,
  additionalImages: images.slice(1).map((imageUrl) => ({ imageUrl })),
});

const bodyOf = (call: [string, RequestInit | undefined] | undefined) => JSON.parse(String(call?.[1]?.body));
const shownImages = (dialog: HTMLElement) =>
  within(within(dialog).getByTestId('image-slots'))
    .getAllByRole('img')
    .map((img) => img.getAttribute('src') ?? '');

async function openEditDialog(images: string[]) {
  const api = fakeApi({
    'GET /api/categories': { body: [] },
    'GET /api/products/admin/1': { body: product(images) },
    'PUT /api/products/1': ({ init }) => ({
      body: { ...product(images), ...JSON.parse(String(init?.body)) },
    }),
    'POST /api/upload/image': () => ({
      body: { url: `/uploads/products/new${Math.random().toString(16).slice(2)}-640.webp` },
    }),
  });
  const onClose = vi.fn();
  renderPage(<ProductFormDialog productId={1} onClose={onClose} />, '/admin/products');
  const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
  await waitFor(() =>
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Imported Sofa'),
  );
  return { api, dialog, onClose };
}

describe('product dialog with pictures from an import', () => {
  it('keeps, reorders and removes more than 5 imported pictures, offers no add, and saves a price change', async () => {
    const seven = pictures(7);
    const { api, dialog, onClose } = await openEditDialog(seven);
    const user = userEvent.setup();
    expect(within(dialog).getByText('Images (7)')).toBeTruthy();
    expect(within(dialog).getByText(/more than 5 images from an import/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Add product images')).toBeNull();
    expect(shownImages(dialog)).toHaveLength(7);

    await user.click(within(dialog).getByRole('button', { name: 'Move image 7 left' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove image 1' }));
    const price = within(dialog).getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '149');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(callsTo(api, 'PUT', '/api/products/1')).toHaveLength(1));
    const expected = [seven[1], seven[2], seven[3], seven[4], seven[6], seven[5]];
    expect(bodyOf(callsTo(api, 'PUT', '/api/products/1')[0])).toMatchObject({
      price: '149.00',
      images: expected,
      imageUrl: expected[0],
    });
    expect(within(dialog).queryByText('Too many images')).toBeNull();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers Add image again below 5, and adds only up to 5 with Too many images', async () => {
    const { api, dialog } = await openEditDialog(pictures(6));
    const user = userEvent.setup();
    expect(within(dialog).queryByLabelText('Add product images')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Remove image 6' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove image 5' }));
    expect(within(dialog).getByText('Images (4/5)')).toBeTruthy();
    const files = ['a.png', 'b.png', 'c.png'].map((name) => new File(['x'], name, { type: 'image/png' }));
    await user.upload(within(dialog).getByLabelText('Add product images'), files);
    await waitFor(() => expect(shownImages(dialog)).toHaveLength(5));
    expect(callsTo(api, 'POST', '/api/upload/image')).toHaveLength(1);
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' | ')).toContain(
      'Too many images',
    );
    expect(within(dialog).queryByLabelText('Add product images')).toBeNull();
  });

  it('shows the digits-only slug message on the Slug field and sends nothing', async () => {
    const { api, dialog } = await openEditDialog(pictures(1));
    const user = userEvent.setup();
    const slug = within(dialog).getByLabelText('Slug');
    await user.clear(slug);
    await user.type(slug, '1984');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(SLUG_ONLY_DIGITS_MESSAGE)).toBeTruthy();
    expect(callsTo(api, 'PUT', '/api/products/1')).toHaveLength(0);
  });

  it('gives a new product named with digits only a slug with a letter', async () => {
    fakeApi({ 'GET /api/categories': { body: [] } });
    renderPage(<ProductFormDialog productId={null} onClose={() => {}} />, '/admin/products');
    const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
    await userEvent.setup().type(within(dialog).getByLabelText('Name'), '1984');
    expect((within(dialog).getByLabelText('Slug') as HTMLInputElement).value).toBe('product-1984');
  });
});

describe('product dialog in two languages', () => {
  it('shows the French name and description beside the English and saves them', async () => {
    const { api, dialog } = await openEditDialog([]);
    const user = userEvent.setup();
    const nameFr = within(dialog).getByLabelText('Name (French)') as HTMLInputElement;
    expect(nameFr.value).toBe('');
    expect(nameFr.getAttribute('lang')).toBe('fr-CA');
    await user.type(nameFr, 'Canapé importé');
    await user.type(within(dialog).getByLabelText('Description (French)'), 'Tissu gris, trois places.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/products/1')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PUT', '/api/products/1')[0])).toMatchObject({
      name: 'Imported Sofa',
      nameFr: 'Canapé importé',
      descriptionFr: 'Tissu gris, trois places.',
    });
  });

  it("refuses a one-letter French name with the schema's message and sends nothing", async () => {
    const { api, dialog } = await openEditDialog([]);
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Name (French)'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('French name must be at least 2 characters.')).toBeTruthy();
    expect(callsTo(api, 'PUT', '/api/products/1')).toHaveLength(0);
  });
});
