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

const product = (id: number, name: string, stock: number) => ({
  id,
  lotNumber: `LOT-${id}`,
  name,
  slug: `p-${id}`,
  description: '',
  price: '10.00',
  compareAtPrice: null,
  imageUrl: null,
  stock,
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

function productsApi() {
  return fakeApi({
    'GET /api/products/admin': ({ url }) =>
      url.searchParams.get('lowStock') === 'true'
        ? { body: [product(2, 'Last Lamp', 1)], headers: { 'x-total-count': '1' } }
        : {
            body: [product(1, 'Plenty Fan', 40), product(2, 'Last Lamp', 1)],
            headers: { 'x-total-count': '2' },
          },
    'GET /api/categories': { body: [] },
  });
}

const lowStockCalls = (api: ReturnType<typeof fakeApi>) =>
  api.mock.calls.filter(([input]) => String(input).includes('lowStock=true'));

describe("the products tab's 'Low stock' filter", () => {
  it("opens filtered from the Overview's link (?stock=low) and asks the server for lowStock=true", async () => {
    const api = productsApi();
    renderPage(<ProductsTab />, '/admin/products?stock=low');
    expect(await screen.findByText('Last Lamp')).toBeTruthy();
    expect(screen.queryByText('Plenty Fan')).toBeNull();
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('low');
    expect(lowStockCalls(api).length).toBeGreaterThan(0);
  });

  it('is chosen in the Show box, kept in the address, and cleared the same way', async () => {
    productsApi();
    const { router } = renderPage(<ProductsTab />, '/admin/products');
    expect(await screen.findByText('Plenty Fan')).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Show'), 'Low stock');
    await waitFor(() => expect(screen.queryByText('Plenty Fan')).toBeNull());
    expect(router.location().search).toBe('?stock=low');
    await user.selectOptions(screen.getByLabelText('Show'), 'All products');
    expect(await screen.findByText('Plenty Fan')).toBeTruthy();
    expect(router.location().search).toBe('');
  });
});
