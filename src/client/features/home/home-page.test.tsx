import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '~/shared/schemas/catalog';
import { prefetch } from '~/client/lib/prefetch';
import { resetCartStoreForTests } from '~/client/features/cart';
import {
  type FakeRoutes,
  fakeApi,
  makeProduct,
  makeSiteConfig,
  renderRoutes,
} from '~/client/test/test-utils';
import { HomePage } from './home-page';
import { homeQueries } from './routes';

const category = (id: number, name: string): Category => ({
  id,
  name,
  slug: name.toLowerCase().replaceAll(' ', '-'),
  imageUrl: null,
  active: true,
  languages: { name: 'en' },
});
const categories = [
  category(1, 'Electronics'),
  category(2, 'Clothing'),
  category(3, 'Books'),
  category(4, 'Automotive'),
  category(5, 'Toys'),
  category(6, 'Garden'),
];

function renderHome(overrides: FakeRoutes = {}) {
  fakeApi({
    '/api/site-config': { body: makeSiteConfig() },
    '/api/categories': { body: categories },
    '/api/discounts/today': { body: 35 },
    '/api/products/featured': { body: [makeProduct({ id: 1, slug: 'tablet', name: 'Tablet' })] },
    '/api/products/new': { body: [makeProduct({ id: 2, slug: 'speaker', name: 'Speaker' })] },
    ...overrides,
  });
  return renderRoutes(
    (qc) => [{ index: true, element: <HomePage />, loader: prefetch(qc, homeQueries) }],
    '/',
  );
}

const section = (heading: string) => {
  const h = screen.getByRole('heading', { level: 2, name: heading });
  return within(h.closest('section')!);
};

beforeEach(() => {
  resetCartStoreForTests();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('home page', () => {
  it("has a 'Shop Now' button to /categories", async () => {
    renderHome();
    const shopNow = await screen.findByRole('link', { name: 'Shop Now' });
    expect(shopNow.getAttribute('href')).toBe('/categories');
  });

  it('shows 4 skeleton tiles while the categories load, then the first 4 categories only', async () => {
    let release = () => {};
    const ready = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderHome({ '/api/categories': () => ready.then(() => ({ body: categories })) });
    expect(await screen.findAllByTestId('category-skeleton')).toHaveLength(4);
    await act(async () => release());
    const tiles = await screen.findAllByTestId('category-tile');
    expect(tiles.map((t) => t.textContent)).toEqual(['Electronics', 'Clothing', 'Books', 'Automotive']);
    expect(screen.queryAllByTestId('category-skeleton')).toHaveLength(0);
    expect(section('Shop by Category').getByRole('link', { name: 'View All' }).getAttribute('href')).toBe(
      '/categories',
    );
  });

  it('loads the first category pictures at once, the first two with high priority, and the products lazily', async () => {
    renderHome({
      '/api/categories': {
        body: categories.map((c) => ({ ...c, imageUrl: `/uploads/categories/${c.slug}-640.webp` })),
      },
    });
    const tiles = await screen.findAllByTestId('category-tile');
    const pictures = tiles.map((t) => t.querySelector('img')!);
    expect(pictures.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', null],
      ['eager', null],
    ]);
    // Today's Deals and New Arrivals are below the first screen.
    const tablet = await screen.findByAltText('Tablet');
    expect([tablet.getAttribute('loading'), tablet.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
  });

  it("names the store's weekday from the site configuration in the Today's Deals badge", async () => {
    // The visitor's clock says Monday; the store's date (site configuration) is Thursday 1 January 2026.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-29T12:00:00Z'));
    renderHome();
    expect((await screen.findByTestId('deal-badge')).textContent).toBe('Thursday: 35% OFF');
    expect(
      (await section("Today's Deals").findAllByTestId('product-card')).map((c) => c.textContent),
    ).toEqual([expect.stringContaining('Tablet')]);
  });

  it("says 'No Discount Today' when today's discount is 0", async () => {
    renderHome({ '/api/discounts/today': { body: 0 } });
    expect((await screen.findByTestId('deal-badge')).textContent).toBe('No Discount Today');
  });

  it("says 'Failed to fetch today's discount' in the badge's place and in a toast when the request fails", async () => {
    renderHome({ '/api/discounts/today': { status: 500, body: { message: 'Internal Server Error' } } });
    expect((await screen.findByTestId('deal-badge')).textContent).toBe("Failed to fetch today's discount");
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain("Failed to fetch today's discount");
    // The deals themselves still show.
    expect(await section("Today's Deals").findAllByTestId('product-card')).toHaveLength(1);
  });

  it("lists New Arrivals with 'View All' to /products?new=true", async () => {
    renderHome();
    expect(await screen.findByText('Speaker')).toBeTruthy();
    const arrivals = section('New Arrivals');
    expect(arrivals.getAllByTestId('product-card')).toHaveLength(1);
    expect(arrivals.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/products?new=true');
  });

  it('gives three reasons to choose the store', async () => {
    renderHome();
    const why = within((await screen.findByRole('heading', { name: 'Why Choose Us' })).closest('section')!);
    expect(why.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Unbeatable Prices',
      'New Inventory Daily',
      'Fast Shipping',
    ]);
  });
});
