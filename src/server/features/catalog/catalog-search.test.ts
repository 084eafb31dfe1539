// Search: relevance order, prefixes, typos, lot numbers, and no empty searches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let client: TestClient;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
  await setWeekdayDiscounts(t.db);
  const office = await createCategory(t.db, { slug: 'office' });
  const other = await createCategory(t.db, { slug: 'other' });
  const p = (
    name: string,
    description: string,
    lotNumber: string,
    extra: Parameters<typeof createProduct>[1] = {},
  ) => createProduct(t.db, { name, description, lotNumber, categoryId: office.id, ...extra });
  // Created oldest first; the order of creation must not be what the relevance tests see.
  await p('Ergonomic Monitor Arm', 'Holds one screen up to 32 inches.', 'LOT-24017', {
    createdAt: minutesAgo(90),
    price: '40.00',
  });
  await p('Desk Lamp', 'Bright enough to read beside your monitor.', 'LOT-24018', {
    createdAt: minutesAgo(80),
    price: '25.00',
    featured: true,
  });
  await p('Lampshade, Linen', 'Fits most table lamps.', 'LOT-55001', { createdAt: minutesAgo(70) });
  await p('27" 4K Monitor', 'A 27-inch monitor for monitor enthusiasts.', 'LOT-99001', {
    createdAt: minutesAgo(60),
    price: '300.00',
  });
  await p('Wireless Headphones', 'Over-ear, noise cancelling.', 'LOT-77001', { createdAt: minutesAgo(50) });
  await p('Fluffy Bath Towel', 'Extra fluffy cotton.', 'LOT-88001', {
    createdAt: minutesAgo(40),
    categoryId: other.id,
  });
  await p('Hidden Monitor', 'Not for sale any more.', 'LOT-24019', {
    createdAt: minutesAgo(30),
    active: false,
  });
  await p('Mechanical Keyboard', 'Tactile switches.', 'AB-2024-0042', { createdAt: minutesAgo(20) });
});
afterAll(() => t.close());

const search = async (q: string, extra = '') => {
  const res = await client.get(`/api/products/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, q).toBe(200);
  return {
    names: (res.json() as { name: string }[]).map((p) => p.name),
    total: Number(res.headers['x-total-count']),
  };
};

describe('search', () => {
  it('ranks name matches above description-only matches, and repeated words higher', async () => {
    const { names, total } = await search('monitor');
    expect(names).toEqual(['27" 4K Monitor', 'Ergonomic Monitor Arm', 'Desk Lamp']);
    expect(total).toBe(3);
  });

  it('ranks a whole word above a longer word it prefixes', async () => {
    expect((await search('lamp')).names).toEqual(['Desk Lamp', 'Lampshade, Linen']);
  });

  it('matches prefixes of words while typing', async () => {
    expect((await search('headph')).names).toEqual(['Wireless Headphones']);
    expect((await search('wire head')).names).toEqual(['Wireless Headphones']);
  });

  it('tolerates a typo', async () => {
    expect((await search('moniter')).names).toEqual(
      expect.arrayContaining(['27" 4K Monitor', 'Ergonomic Monitor Arm']),
    );
    expect((await search('hedphones')).names).toEqual(['Wireless Headphones']);
    expect((await search('wireles headphnes')).names).toEqual(['Wireless Headphones']);
    expect((await search('keybaord')).names).toEqual(['Mechanical Keyboard']);
  });

  it('finds descriptions', async () => {
    expect((await search('fluffy')).names).toEqual(['Fluffy Bath Towel']);
    expect((await search('noise cancelling')).names).toEqual(['Wireless Headphones']);
  });

  it('matches whole and partial lot numbers, the exact lot first', async () => {
    expect((await search('LOT-24018')).names[0]).toBe('Desk Lamp');
    const partial = await search('LOT-24');
    expect(partial.names).toEqual(['Desk Lamp', 'Ergonomic Monitor Arm']);
    expect((await search('lot-2401')).names).toHaveLength(2);
    expect((await search('2024-0042')).names).toEqual(['Mechanical Keyboard']);
    expect((await search('LOT-24017')).names[0]).toBe('Ergonomic Monitor Arm');
  });

  it('never shows hidden products', async () => {
    expect((await search('hidden monitor')).names).toEqual([]);
    expect((await search('LOT-24019')).names).toEqual([]);
  });

  it('answers 400 for an empty or blank query, not the catalogue', async () => {
    for (const url of [
      '/api/products/search',
      '/api/products/search?q=',
      '/api/products/search?q=%20%20%09',
    ]) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Please enter a search term.');
    }
  });

  it('answers nothing for nonsense', async () => {
    const none = await search('zzqxv');
    expect(none).toEqual({ names: [], total: 0 });
  });

  it('pages and filters search results, keeping the total', async () => {
    const first = await search('monitor', '&limit=2');
    expect(first).toEqual({ names: ['27" 4K Monitor', 'Ergonomic Monitor Arm'], total: 3 });
    expect(await search('monitor', '&limit=2&page=2')).toEqual({ names: ['Desk Lamp'], total: 3 });
    expect((await search('monitor', '&category=other')).names).toEqual([]);
    expect((await search('towel', '&category=other')).names).toEqual(['Fluffy Bath Towel']);
    // An explicit sort replaces relevance.
    expect((await search('monitor', '&sort=newest')).names).toEqual([
      '27" 4K Monitor',
      'Desk Lamp',
      'Ergonomic Monitor Arm',
    ]);
  });

  it('orders search results by price or featured first when asked, relevance next', async () => {
    const relevance = ['27" 4K Monitor', 'Ergonomic Monitor Arm', 'Desk Lamp'];
    expect((await search('monitor')).names).toEqual(relevance);
    expect((await search('monitor', '&sort=price-low')).names).toEqual([
      'Desk Lamp',
      'Ergonomic Monitor Arm',
      '27" 4K Monitor',
    ]);
    expect((await search('monitor', '&sort=price-high')).names).toEqual([
      '27" 4K Monitor',
      'Ergonomic Monitor Arm',
      'Desk Lamp',
    ]);
    expect((await search('monitor', '&sort=featured')).names).toEqual([
      'Desk Lamp',
      '27" 4K Monitor',
      'Ergonomic Monitor Arm',
    ]);
    // Sorted and paged together: page 2 of the cheapest first is the next price up.
    expect(await search('monitor', '&sort=price-low&limit=1&page=2')).toEqual({
      names: ['Ergonomic Monitor Arm'],
      total: 3,
    });
  });

  it('gives /api/products?search= the same ranking', async () => {
    for (const q of ['monitor', 'lamp', 'moniter', 'LOT-24']) {
      const viaSearch = await client.get(`/api/products/search?q=${encodeURIComponent(q)}`);
      const viaListing = await client.get(`/api/products?search=${encodeURIComponent(q)}`);
      expect(viaListing.json(), q).toEqual(viaSearch.json());
      expect(viaListing.headers['x-total-count'], q).toBe(viaSearch.headers['x-total-count']);
    }
  });
});
