// Price claims with evidence (docs/decisions/0567-price-claims-with-evidence.md), through the real HTTP
// layer: a manifest lot's compare-at price is an estimated retail price naming its load and day; a
// markdown's previous price is a 'was' price dated the day it was lowered; the % OFF badge compares with
// an estimated retail price only when the store's setting allows it; the admin lists the lots whose
// compare-at price has no evidence.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loads, productPriceChanges } from '~/server/db/schema';
import { createProduct, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { signedInClients } from '~/server/features/admin-products/test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
const DAY = 24 * 3600_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const ymd = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
  await setWeekdayDiscounts(t.db);
});
afterAll(() => t.close());

const shopper = () => new TestClient(t.app);
const product = async (slug: string) => (await shopper().get(`/api/products/${slug}`)).json();

/** A lot drafted from a manifest line of a load received on 2026-11-07. */
async function manifestLot(reference = 'BRC-1107') {
  const [load] = await t.db
    .insert(loads)
    .values({
      supplier: 'Bulk Returns Co.',
      receivedOn: '2026-11-07',
      reference,
      totalCost: '500.00',
    })
    .returning();
  return createProduct(t.db, {
    price: '89.99',
    compareAtPrice: '199.99',
    loadId: load!.id,
    manifestLine: 1,
    compareAtSource: `manifest:${reference}`,
  });
}

/** A lot listed at 120.00 40 days ago and marked down to 100.00 `markdownDaysAgo` days ago. */
async function markedDownLot(markdownDaysAgo: number) {
  const lot = await createProduct(t.db, { price: '100.00', createdAt: daysAgo(40) });
  await t.db.delete(productPriceChanges).where(eq(productPriceChanges.productId, lot.id));
  await t.db.insert(productPriceChanges).values([
    { productId: lot.id, fromPrice: null, toPrice: '120.00', reason: 'listed', createdAt: daysAgo(40) },
    {
      productId: lot.id,
      fromPrice: '120.00',
      toPrice: '100.00',
      reason: 'markdown',
      markdownStep: 1,
      createdAt: daysAgo(markdownDaysAgo),
    },
  ]);
  return lot;
}

describe('reference prices', () => {
  it('labels a manifest lot as estimated retail with its load and day', async () => {
    const lot = await manifestLot();
    const p = await product(lot.slug);
    expect(p.originalPrice).toBe('199.99');
    expect(p.referencePrice).toEqual({
      kind: 'estimated-retail',
      amount: '199.99',
      source: 'Bulk Returns Co. — BRC-1107',
      date: '2026-11-07',
    });
  });

  it("labels a markdown's previous price as the shop's 'was' price, dated the day it was lowered", async () => {
    const lot = await markedDownLot(10);
    const p = await product(lot.slug);
    expect(p.priceDroppedFrom).toBe('120.00');
    expect(p.referencePrice).toEqual({ kind: 'was', amount: '120.00', source: null, date: ymd(daysAgo(10)) });
  });

  it('a compare-at price typed by staff is an estimate without evidence, listed for the admin', async () => {
    const typed = await createProduct(t.db, {
      price: '40.00',
      compareAtPrice: '70.00',
      name: 'Typed Claim Kettle',
    });
    const manifest = await manifestLot('BRC-1108');
    const p = await product(typed.slug);
    expect(p.referencePrice).toEqual({ kind: 'estimated-retail', amount: '70.00', source: null, date: null });
    const res = await clients.admin.get('/api/products/admin?noEvidence=true&limit=100');
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: number }[]).map((r) => r.id);
    expect(ids).toContain(typed.id);
    expect(ids).not.toContain(manifest.id);
    expect((await clients.admin.get('/api/products/admin?noEvidence=maybe')).statusCode).toBe(400);
  });
});

describe('the % OFF rule (a setting)', () => {
  it('by default compares only with the shop’s own price; an estimate drives it once the store allows', async () => {
    await setWeekdayDiscounts(t.db, [10, 10, 10, 10, 10, 10, 10]);
    try {
      const lot = await manifestLot('BRC-1109');
      // 10% off 89.99 = 8.999 -> 9.00; sells for 80.99. Against its own price: 10% OFF.
      let p = await product(lot.slug);
      expect(p.discountedPrice).toBe('80.99');
      expect(p.savingPercentage).toBe(10);
      const allowed = await clients.admin.patch('/api/admin/settings', { estimatedRetailPercentOff: true });
      expect(allowed.statusCode).toBe(200);
      // Against the estimated retail 199.99: (199.99 - 80.99) / 199.99 = 59.5% -> 59 (whole percent, down).
      p = await product(lot.slug);
      expect(p.savingPercentage).toBe(59);
    } finally {
      await clients.admin.patch('/api/admin/settings', { estimatedRetailPercentOff: false });
      await setWeekdayDiscounts(t.db);
    }
  });

  it("shows a 'was' price only while the markdown is within the store's period", async () => {
    const old = await markedDownLot(20);
    // Default: markdowns of the last 30 days.
    expect((await product(old.slug)).referencePrice?.kind).toBe('was');
    const shorter = await clients.admin.patch('/api/admin/settings', { wasPriceWithinDays: 15 });
    expect(shorter.statusCode).toBe(200);
    expect((await product(old.slug)).referencePrice).toBeNull();
    expect((await product(old.slug)).priceDroppedFrom).toBeNull();
    const bad = await clients.admin.patch('/api/admin/settings', { wasPriceMinDays: 0 });
    expect(bad.statusCode).toBe(400);
    await clients.admin.patch('/api/admin/settings', { wasPriceWithinDays: 30 });
  });
});
