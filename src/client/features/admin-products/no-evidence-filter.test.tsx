// The products tab's 'Compare-at price without evidence' choice (docs/decisions/0567-price-claims-with-evidence.md):
// it asks the server for noEvidence=true and keeps the choice in the address.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { fakeApi, renderPage } from '~/client/test/admin-test-utils';
import ProductsTab from './products-tab';

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const product = (id: number, name: string, compareAtPrice: string | null) => ({
  id,
  lotNumber: `LOT-${id}`,
  name,
  slug: `p-${id}`,
  description: '',
  price: '10.00',
  compareAtPrice,
  imageUrl: null,
  stock: 5,
  categoryId: null,
  categoryName: null,
  featured: false,
  new: false,
  active: true,
  applyDailyDiscount: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  images: [],
  additionalImages: [],
});

describe("the products tab's 'Compare-at price without evidence' filter", () => {
  it('asks the server for noEvidence=true, keeps it in the address, and clears it', async () => {
    const api = fakeApi({
      'GET /api/products/admin': ({ url }) =>
        url.searchParams.get('noEvidence') === 'true'
          ? { body: [product(2, 'Typed Claim Kettle', '70.00')], headers: { 'x-total-count': '1' } }
          : {
              body: [product(1, 'Manifest Fan', '40.00'), product(2, 'Typed Claim Kettle', '70.00')],
              headers: { 'x-total-count': '2' },
            },
      'GET /api/categories': { body: [] },
    });
    const { router } = renderPage(<ProductsTab />, '/admin/products');
    expect(await screen.findByText('Manifest Fan')).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Show'), 'Compare-at price without evidence');
    await waitFor(() => expect(screen.queryByText('Manifest Fan')).toBeNull());
    expect(screen.getByText('Typed Claim Kettle')).toBeTruthy();
    expect(router.location().search).toBe('?show=no-evidence');
    expect(api.mock.calls.some(([input]) => String(input).includes('noEvidence=true'))).toBe(true);
    await user.selectOptions(screen.getByLabelText('Show'), 'All products');
    expect(await screen.findByText('Manifest Fan')).toBeTruthy();
    expect(router.location().search).toBe('');
  });
});
