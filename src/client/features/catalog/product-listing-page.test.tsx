import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Category, MAX_PRICE_FILTER } from '~/shared/schemas/catalog';
import { resetToasts } from '~/client/components/ui/toast-store';
import { getCart, resetCartStoreForTests } from '~/client/features/cart';
import { type FakeAnswer, fakeApi, fetchedPaths, makeProduct, renderRoutes } from '~/client/test/test-utils';
import { storefrontRoutes } from './routes';
// The pages are lazy routes: loaded here, before any test, so a test's first wait is not the module's.
import './categories-page';
import './product-detail-page';

const categories: Category[] = [
  {
    id: 1,
    name: 'Electronics',
    slug: 'electronics',
    imageUrl: null,
    active: true,
    languages: { name: 'en' },
  },
  {
    id: 2,
    name: 'Garden Tools',
    slug: 'garden-tools',
    imageUrl: null,
    active: true,
    languages: { name: 'en' },
  },
];
const products = [
  makeProduct({ id: 1, slug: 'monitor', name: 'Monitor', stock: 2 }),
  makeProduct({ id: 2, slug: 'speaker', name: 'Speaker', stock: 0, new: true }),
  makeProduct({
    id: 3,
    slug: 'tablet',
    name: 'Tablet',
    stock: 20,
    price: '100.00',
    discountPercentage: 15,
    savingPercentage: 15,
    discountedPrice: '85.00',
    originalPrice: '100.00',
  }),
];
const page = (items = products, total = items.length): FakeAnswer => ({
  body: items,
  headers: { 'x-total-count': String(total) },
});

/** An answer held back until released, so the loading state can be seen. */
function gate(answer: FakeAnswer) {
  let release = () => {};
  const ready = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { wait: () => ready.then(() => answer), release: () => release() };
}

function renderListing(path: string, listing: (url: URL) => FakeAnswer | Promise<FakeAnswer> = () => page()) {
  const api = fakeApi({
    '/api/categories': { body: categories },
    '/api/categories/electronics': { body: categories[0] },
    '/api/discounts/today': { body: 15 },
    '/api/products': listing,
  });
  const view = renderRoutes((qc) => storefrontRoutes(qc), path);
  return { api, ...view };
}
const listingCalls = (api: ReturnType<typeof fakeApi>) =>
  fetchedPaths(api).filter((p) => p.startsWith('/api/products?'));

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
});

describe('categories overview', () => {
  it('shows 8 skeleton tiles, then the grid with colour blocks for categories without an image', async () => {
    const answer = gate({ body: categories });
    fakeApi({ '/api/categories': answer.wait });
    renderRoutes((qc) => storefrontRoutes(qc), '/categories');
    expect(await screen.findAllByTestId('category-skeleton')).toHaveLength(8);
    await act(async () => answer.release());
    const tiles = await screen.findAllByTestId('category-tile');
    expect(tiles.map((t) => t.textContent)).toEqual(['Electronics', 'Garden Tools']);
    const blocks = screen.getAllByTestId('category-colour-block') as HTMLElement[];
    expect(blocks[0]!.style.backgroundColor).toBe('rgb(37, 99, 235)');
    // Not one of the eight named categories: grey.
    expect(blocks[1]!.style.backgroundColor).toBe('rgb(156, 163, 175)');
  });

  it("says 'No categories found.' when there are none", async () => {
    fakeApi({ '/api/categories': { body: [] } });
    renderRoutes((qc) => storefrontRoutes(qc), '/categories');
    expect(await screen.findByText('No categories found.')).toBeTruthy();
  });
});

describe('product listing', () => {
  it('titles a category listing, shows 8 skeleton cards while loading, then the cards', async () => {
    const answer = gate(page());
    const { api } = renderListing('/categories/electronics', answer.wait);
    expect(await screen.findAllByTestId('product-skeleton')).toHaveLength(8);
    await act(async () => answer.release());
    expect(await screen.findByRole('heading', { level: 1, name: 'Electronics' })).toBeTruthy();
    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[2]!).getByText('15% OFF')).toBeTruthy();
    expect(within(cards[2]!).getByTestId('original-price').textContent).toBe('$100.00');
    expect(within(cards[1]!).getByText('NEW')).toBeTruthy();
    expect(within(cards[1]!).getByText('Out of Stock')).toBeTruthy();
    // Each card's button says which product it adds; the visible label stays 'Add to Cart'.
    const speakerButton = within(cards[1]!).getByRole('button', { name: 'Add to Cart: Speaker' });
    expect(speakerButton.textContent).toBe('Add to Cart');
    expect((speakerButton as HTMLButtonElement).disabled).toBe(true);
    expect(within(cards[0]!).getByRole('button', { name: 'Add to Cart: Monitor' })).toBeTruthy();
    expect(listingCalls(api)).toEqual([
      '/api/products?page=1&limit=24&sort=newest&minPrice=0&maxPrice=1000&category=electronics',
    ]);
  });

  it('loads the first row of cards at once (two with high priority) and the rest lazily', async () => {
    const many = Array.from({ length: 6 }, (_, i) =>
      makeProduct({ id: i + 1, slug: `item-${i + 1}`, name: `Item ${i + 1}` }),
    );
    renderListing('/products', () => page(many));
    await screen.findAllByTestId('product-card');
    const pictures = many.map((p) => screen.getByAltText(p.name));
    expect(pictures.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', null],
      ['eager', null],
      ['lazy', null],
      ['lazy', null],
    ]);
  });

  it.each([
    ['/products?new=true', 'New Arrivals'],
    ['/categories?daily=true', "Today's Deals"],
    ['/categories?search=lamp', 'Search results for "lamp"'],
    ['/products', 'All Products'],
  ])('titles %s as %s', async (path, title) => {
    renderListing(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it("says 'Failed to fetch today's discount' on the daily listing when the request fails", async () => {
    fakeApi({
      '/api/categories': { body: categories },
      '/api/discounts/today': { status: 503, body: { message: 'Unavailable' } },
      '/api/products': () => page(),
    });
    renderRoutes((qc) => storefrontRoutes(qc), '/products?daily=true');
    expect((await screen.findByTestId('daily-discount-error')).textContent).toBe(
      "Failed to fetch today's discount",
    );
    expect((await screen.findByTestId('toast')).textContent).toContain("Failed to fetch today's discount");
    expect(screen.queryByTestId('daily-discount-badge')).toBeNull();
    expect(await screen.findAllByTestId('product-card')).toHaveLength(3);
  });

  it("shows today's percentage badge on the daily listing", async () => {
    renderListing('/products?daily=true');
    expect((await screen.findByTestId('daily-discount-badge')).textContent).toBe('15% OFF');
  });

  it('keeps sort, stock and price in the URL and asks the API for them', async () => {
    const { api, router } = renderListing('/products');
    const user = userEvent.setup();
    await screen.findAllByTestId('product-card');
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sort.value).toBe('newest');
    expect([...sort.options].map((o) => o.text)).toEqual([
      'Featured',
      'Price: Low to High',
      'Price: High to Low',
      'Newest First',
    ]);
    await user.selectOptions(sort, 'price-low');
    await waitFor(() => expect(router.location().search).toBe('?sort=price-low'));

    const stock = screen.getByLabelText('Show out of stock items') as HTMLInputElement;
    expect(stock.checked).toBe(true);
    await user.click(stock);
    await waitFor(() => expect(router.location().search).toBe('?sort=price-low&inStock=true'));

    const max = screen.getByLabelText('Max price') as HTMLInputElement;
    expect(max.value).toBe('1000');
    await user.clear(max);
    await user.type(max, '150{Enter}');
    await waitFor(() => expect(router.location().search).toBe('?sort=price-low&maxPrice=150&inStock=true'));
    const min = screen.getByLabelText('Min price') as HTMLInputElement;
    await user.clear(min);
    await user.type(min, 'abc');
    await user.tab();
    expect(min.value).toBe('0');

    await waitFor(() =>
      expect(listingCalls(api)).toContain(
        '/api/products?page=1&limit=24&sort=price-low&minPrice=0&maxPrice=150&inStock=true',
      ),
    );
    // Back goes to the previous filters.
    router.navigate(-1);
    await waitFor(() => expect(router.location().search).toBe('?sort=price-low&inStock=true'));
  });

  it('caps a typed price at the largest the API accepts instead of failing to load', async () => {
    const { api, router } = renderListing('/products');
    const user = userEvent.setup();
    await screen.findAllByTestId('product-card');
    const max = screen.getByLabelText('Max price') as HTMLInputElement;
    await user.clear(max);
    await user.type(max, '100000000{Enter}');
    await waitFor(() => expect(router.location().search).toBe(`?maxPrice=${MAX_PRICE_FILTER}`));
    expect(max.value).toBe(String(MAX_PRICE_FILTER));
    await waitFor(() =>
      expect(listingCalls(api)).toContain(
        `/api/products?page=1&limit=24&sort=newest&minPrice=0&maxPrice=${MAX_PRICE_FILTER}`,
      ),
    );
    expect(await screen.findAllByTestId('product-card')).toHaveLength(3);
  });

  it('disables the search button while the text is blank and searches /categories?search=', async () => {
    const { router } = renderListing('/products');
    const user = userEvent.setup();
    await screen.findAllByTestId('product-card');
    const search = within(screen.getByRole('search', { name: 'Search the catalogue' }));
    const button = search.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(search.getByRole('searchbox'), '   ');
    expect(button.disabled).toBe(true);
    await user.type(search.getByRole('searchbox'), 'lamp ');
    expect(button.disabled).toBe(false);
    await user.click(button);
    await waitFor(() =>
      expect(router.location().pathname + router.location().search).toBe('/categories?search=lamp'),
    );
  });

  it("shows 'No Products Found' and 'Clear Filters & Try Again' goes to /categories", async () => {
    const { router } = renderListing('/products?maxPrice=1', () => page([], 0));
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'No Products Found' })).toBeTruthy();
    expect(screen.getByText("We couldn't find any products matching your criteria.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear Filters & Try Again' }));
    await waitFor(() => expect(router.location().pathname + router.location().search).toBe('/categories'));
  });

  it('Clear Filters resets sort, price and stock and goes to /categories', async () => {
    const { router } = renderListing('/categories/electronics?sort=price-high&minPrice=5&inStock=true');
    const user = userEvent.setup();
    await screen.findAllByTestId('product-card');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(router.location().pathname + router.location().search).toBe('/categories'));
  });

  it('links the categories and the featured filters, keeping the other filters', async () => {
    renderListing('/products?sort=featured');
    await screen.findAllByTestId('product-card');
    const panel = within(screen.getByRole('complementary', { name: 'Filters' }));
    expect(panel.getByRole('link', { name: 'All Categories' }).getAttribute('href')).toBe(
      '/products?sort=featured',
    );
    expect(panel.getByRole('link', { name: 'Garden Tools' }).getAttribute('href')).toBe(
      '/categories/garden-tools?sort=featured',
    );
    expect(panel.getByRole('link', { name: 'New Arrivals' }).getAttribute('href')).toBe(
      '/categories?new=true',
    );
    expect(panel.getByRole('link', { name: "Today's Deals" }).getAttribute('href')).toBe(
      '/categories?daily=true',
    );
  });

  it('pages through a large result without loading it whole', async () => {
    const { api, router } = renderListing('/products', (url) =>
      page(products, url.searchParams.get('page') === '3' ? 60 : 60),
    );
    const user = userEvent.setup();
    const nav = within(await screen.findByRole('navigation', { name: 'Pagination' }));
    expect(nav.getAllByRole('link', { name: /Page/ }).map((l) => l.textContent)).toEqual(['1', '2', '3']);
    await user.click(nav.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(router.location().search).toBe('?page=2'));
    await waitFor(() =>
      expect(listingCalls(api)).toContain(
        '/api/products?page=2&limit=24&sort=newest&minPrice=0&maxPrice=1000',
      ),
    );
  });

  it('adds a card to the cart, one at a time', async () => {
    renderListing('/products');
    const user = userEvent.setup();
    const cards = await screen.findAllByTestId('product-card');
    await user.click(within(cards[0]!).getByRole('button', { name: 'Add to Cart: Monitor' }));
    expect(getCart().items.map((i) => [i.productId, i.quantity, i.stock])).toEqual([[1, 1, 2]]);
    expect(screen.getByTestId('toast').textContent).toContain('Added to cart');
  });

  it("answers an unknown category with 'Category not found'", async () => {
    renderListing('/categories/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeTruthy();
  });
});
