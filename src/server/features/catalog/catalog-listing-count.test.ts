// Totals of listings that keep every visible product come from counts kept by triggers
// (docs/decisions/0140-listing-totals-from-maintained-counts.md): they must stay exact through every kind
// of write to products and categories, and a listing with a real filter is still counted.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '~/server/db/schema';
import { createCategory, createProduct, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
  await setWeekdayDiscounts(t.db);
});
afterAll(() => t.close());

/** The listing page's own default call (src/client/features/catalog/listing-params.ts). */
const DEFAULT_LISTING = '/api/products?page=1&limit=24&sort=newest&minPrice=0&maxPrice=1000';

async function total(url: string): Promise<number> {
  const res = await client.get(url);
  expect(res.statusCode).toBe(200);
  return Number(res.headers['x-total-count']);
}

/** The exact count, the slow way, to compare the maintained counts with after all the writes. */
async function recount(): Promise<number> {
  const result = await t.db.execute(sql`select count(*)::int as n from products p
    left join categories c on c.id = p.category_id
    where p.active and p.archived_at is null and (p.category_id is null or c.active)`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

describe('totals of unfiltered listings', () => {
  let tools: Awaited<ReturnType<typeof createCategory>>;
  let garden: Awaited<ReturnType<typeof createCategory>>;

  it('counts what is added, in one statement or one by one, with or without a category', async () => {
    expect(await total(DEFAULT_LISTING)).toBe(0);
    tools = await createCategory(t.db, { slug: 'tools' });
    garden = await createCategory(t.db, { slug: 'garden' });
    // One multi-row insert: 3 tools, 2 garden, 1 hidden tool (not counted).
    await t.db
      .insert(products)
      .values(
        [
          { categoryId: tools.id },
          { categoryId: tools.id },
          { categoryId: tools.id },
          { categoryId: garden.id },
          { categoryId: garden.id },
          { categoryId: tools.id, active: false },
        ].map((v, i) => ({ ...v, name: `Item ${i}`, slug: `item-${i}`, price: '10.00', stock: 1 })),
      );
    await createProduct(t.db, { categoryId: null }); // uncategorised products are listed too
    // 3 tools + 2 garden + 1 uncategorised = 6 visible
    expect(await total(DEFAULT_LISTING)).toBe(6);
    expect(await total('/api/products')).toBe(6);
    expect(await total('/api/products?category=tools')).toBe(3);
    expect(await total('/api/categories/garden/products?minPrice=0&maxPrice=1000')).toBe(2);
  });

  it('follows hiding, archiving, moving, showing again and deleting products', async () => {
    const [first, second, third] = await t.db
      .select()
      .from(products)
      .where(eq(products.categoryId, tools.id))
      .orderBy(products.id);
    await t.db.update(products).set({ active: false }).where(eq(products.id, first!.id));
    await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, second!.id));
    // tools: 3 - 1 hidden - 1 archived = 1; total 6 - 2 = 4
    expect(await total('/api/products?category=tools')).toBe(1);
    expect(await total(DEFAULT_LISTING)).toBe(4);

    await t.db.update(products).set({ categoryId: garden.id }).where(eq(products.id, third!.id));
    // the last visible tool moves to garden: tools 0, garden 2 + 1 = 3, total unchanged 4
    expect(await total('/api/products?category=tools')).toBe(0);
    expect(await total('/api/products?category=garden')).toBe(3);
    expect(await total(DEFAULT_LISTING)).toBe(4);

    // Showing the hidden one again, and an update that changes no visibility (stock, price) for all.
    await t.db.update(products).set({ active: true }).where(eq(products.id, first!.id));
    await t.db.update(products).set({ stock: 7, price: '12.00' });
    // tools 0 + 1 = 1; total 4 + 1 = 5
    expect(await total('/api/products?category=tools')).toBe(1);
    expect(await total(DEFAULT_LISTING)).toBe(5);

    await t.db.delete(products).where(eq(products.id, first!.id));
    await t.db.delete(products).where(eq(products.id, second!.id)); // archived: was not counted
    // 5 - 1 = 4
    expect(await total(DEFAULT_LISTING)).toBe(4);
    expect(await recount()).toBe(4);
  });

  it('leaves out the products of an inactive category, and keeps those of a deleted one', async () => {
    await t.db.update(categories).set({ active: false }).where(eq(categories.id, garden.id));
    // garden's 3 leave: 4 - 3 = 1 (the uncategorised product)
    expect(await total(DEFAULT_LISTING)).toBe(1);
    await t.db.update(categories).set({ active: true }).where(eq(categories.id, garden.id));
    expect(await total(DEFAULT_LISTING)).toBe(4);

    // Deleting a category leaves its products without one (on delete set null): still listed.
    await t.db.delete(categories).where(eq(categories.id, garden.id));
    expect(await total(DEFAULT_LISTING)).toBe(4);
    expect(await recount()).toBe(4);
  });

  it('counts, rather than assumes, when a product costs more than the maximum price', async () => {
    await createProduct(t.db, { categoryId: tools.id, price: '1500.00' });
    // The default maximum of 1000 leaves the 1500.00 product out: 4 listed of 5 visible.
    expect(await total(DEFAULT_LISTING)).toBe(4);
    expect(await total('/api/products')).toBe(5);
    expect(await total('/api/products?maxPrice=2000')).toBe(5);
    // In tools only the 1500.00 product is visible now (the others were deleted, moved or are hidden).
    expect(await total('/api/products?category=tools&maxPrice=1000')).toBe(0);
    expect(await total('/api/products?category=tools')).toBe(1);
  });

  it('still counts listings with real filters', async () => {
    await createProduct(t.db, { categoryId: null, price: '3.00', stock: 0, new: true });
    // visible: 4 at 12.00 (stock 7), the 1500.00 tool (stock 10), the new 3.00 product (stock 0) = 6
    expect(await total('/api/products')).toBe(6);
    expect(await total('/api/products?inStock=true')).toBe(5);
    expect(await total('/api/products?new=true')).toBe(1);
    expect(await total('/api/products?minPrice=5&maxPrice=1000')).toBe(4);
    expect(await recount()).toBe(6);
    // The triggers' own figures: every category is active, so they add up to the same 6.
    const kept = await t.db.execute(sql`select sum(visible)::int as n from product_counts`);
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(6);
  });
});
