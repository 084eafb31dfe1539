// Markdowns by age over simulated days: the job run with an injected "today", through the
// real HTTP layer for the rules, the price history and what shoppers are charged.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, categoryDiscounts, products } from '~/server/db/schema';
import { maintenanceTasks } from '~/server/maintenance';
import { createCategory, createProduct, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { signedInClients } from '~/server/features/admin-products/test-support';
import { applyMarkdowns } from './service';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;

const DAY = 24 * 3600_000;
const listed = new Date('2026-10-01T12:00:00Z');
const day = (n: number) => new Date(listed.getTime() + n * DAY);

const rules = {
  enabled: true,
  steps: [
    { days: 14, percent: 10 },
    { days: 30, percent: 25 },
  ],
  floor: { kind: 'original', percent: 80 },
};

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
});
afterAll(() => t.close());

const priceOf = async (id: number) =>
  (await t.db.select({ price: products.price }).from(products).where(eq(products.id, id)))[0]!.price;
const history = async (id: number) =>
  (await clients.admin.get(`/api/products/${id}/price-history`)).json().items as {
    fromPrice: string | null;
    toPrice: string;
    reason: string;
    markdownStep: number | null;
  }[];

describe('markdown rules settings', () => {
  it('are off until set; an administrator saves them, audited; staff and customers cannot', async () => {
    expect((await clients.admin.get('/api/markdown-rules')).json()).toMatchObject({
      enabled: false,
      steps: [],
    });
    expect((await clients.customer.put('/api/markdown-rules', rules)).statusCode).toBe(403);
    expect((await clients.guest.get('/api/markdown-rules')).statusCode).toBe(401);
    const res = await clients.admin.put('/api/markdown-rules', rules);
    expect(res.statusCode).toBe(200);
    expect((await clients.admin.get('/api/markdown-rules')).json()).toEqual(rules);
    const [audit] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.entity, 'markdown-rules'));
    expect(audit!.after).toEqual(rules);
  });

  it('refuses bad rules with a clear message and keeps the saved ones', async () => {
    const bad = await clients.admin.put('/api/markdown-rules', {
      ...rules,
      steps: [
        { days: 30, percent: 10 },
        { days: 14, percent: 25 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Each step must come after more days in stock than the one before');
    const tooMuch = await clients.admin.put('/api/markdown-rules', {
      ...rules,
      steps: [{ days: 7, percent: 95 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('Markdown percentage must be between 1 and 90');
    expect((await clients.admin.get('/api/markdown-rules')).json()).toEqual(rules);
  });
});

describe('the markdown job over simulated days', () => {
  it('counts the age from when the lot went on sale, not from when its draft was made', async () => {
    await clients.admin.put('/api/markdown-rules', { ...rules, floor: { kind: 'original', percent: 80 } });
    // A draft made from a manifest on 2026-10-01, hidden until staff put it on sale.
    const draft = await createProduct(t.db, { price: '100.00', active: false, createdAt: listed });
    const publishedAt = async () =>
      (await t.db.select({ at: products.publishedAt }).from(products).where(eq(products.id, draft.id)))[0]!
        .at;
    expect(await publishedAt()).toBeNull();
    const before = Date.now();
    expect((await clients.admin.patch(`/api/products/${draft.id}/status`, { active: true })).statusCode).toBe(
      200,
    );
    const shownAt = (await publishedAt())!;
    expect(shownAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Hidden and shown again: still the first time it went on sale.
    await clients.admin.patch(`/api/products/${draft.id}/status`, { active: false });
    await clients.admin.patch(`/api/products/${draft.id}/status`, { active: true });
    expect((await publishedAt())!.getTime()).toBe(shownAt.getTime());
    // Hand-worked dates: on sale from 2026-11-01 12:00 UTC; the first step (10%) is due 14 days later,
    // 2026-11-15 12:00 UTC. Counted from the draft (2026-10-01) it would have been due on 2026-10-15.
    await t.db
      .update(products)
      .set({ publishedAt: new Date('2026-11-01T12:00:00Z') })
      .where(eq(products.id, draft.id));
    await applyMarkdowns(t.app.ctx, new Date('2026-11-15T11:59:00Z'));
    expect(await priceOf(draft.id)).toBe('100.00');
    await applyMarkdowns(t.app.ctx, new Date('2026-11-15T12:00:00Z'));
    // 100.00 less 10% = 90.00
    expect(await priceOf(draft.id)).toBe('90.00');
  });

  it('day 13 nothing, day 14 10% off, day 30 25% off down to the floor; twice a day changes nothing', async () => {
    // 49.99: day 14 -> 49.99 x 0.9 = 44.991 -> 44.99; day 30 -> 49.99 x 0.75 = 37.4925 -> 37.49, below
    // the floor 80% of 49.99 = 39.992 -> 40.00 (never below it), so 40.00.
    const p = await createProduct(t.db, { price: '49.99', createdAt: listed });
    // 100.00: day 14 -> 90.00; day 30 -> 75.00 is below the floor 80% of 100.00, so 80.00.
    const q = await createProduct(t.db, { price: '100.00', createdAt: listed });
    await clients.admin.put('/api/markdown-rules', { ...rules, floor: { kind: 'original', percent: 80 } });

    await applyMarkdowns(t.app.ctx, day(13));
    expect(await priceOf(p.id)).toBe('49.99');

    await applyMarkdowns(t.app.ctx, day(14));
    expect(await priceOf(p.id)).toBe('44.99');
    expect(await priceOf(q.id)).toBe('90.00');
    await applyMarkdowns(t.app.ctx, new Date(day(14).getTime() + 6 * 3600_000));
    expect(await priceOf(p.id)).toBe('44.99');

    await applyMarkdowns(t.app.ctx, day(29));
    expect(await priceOf(p.id)).toBe('44.99');
    await applyMarkdowns(t.app.ctx, day(30));
    expect(await priceOf(p.id)).toBe('40.00');
    expect(await priceOf(q.id)).toBe('80.00');
    await applyMarkdowns(t.app.ctx, day(30));
    await applyMarkdowns(t.app.ctx, day(90));
    expect(await priceOf(p.id)).toBe('40.00');
    expect(await priceOf(q.id)).toBe('80.00');

    expect(await history(p.id)).toMatchObject([
      { fromPrice: '44.99', toPrice: '40.00', reason: 'markdown', markdownStep: 2 },
      { fromPrice: '49.99', toPrice: '44.99', reason: 'markdown', markdownStep: 1 },
      { fromPrice: null, toPrice: '49.99', reason: 'listed', markdownStep: null },
    ]);
    const audits = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'markdown'), eq(adminAuditLog.entityId, String(p.id))));
    expect(audits.map((a) => a.after)).toEqual([
      { price: '44.99', markdownStep: 1, originalPrice: '49.99', floor: '40.00' },
      { price: '40.00', markdownStep: 2, originalPrice: '49.99', floor: '40.00' },
    ]);
  });

  it('floors by cost, and leaves a product without a cost at its price', async () => {
    await clients.admin.put('/api/markdown-rules', { ...rules, floor: { kind: 'cost', percent: 120 } });
    // cost 35.00 x 120% = 42.00 floor: day 14 -> 49.99 x 0.9 = 44.99; day 30 -> 37.49 held at 42.00
    const costed = await createProduct(t.db, { price: '49.99', unitCost: '35.00', createdAt: listed });
    const noCost = await createProduct(t.db, { price: '49.99', createdAt: listed });
    await applyMarkdowns(t.app.ctx, day(14));
    expect(await priceOf(costed.id)).toBe('44.99');
    await applyMarkdowns(t.app.ctx, day(30));
    expect(await priceOf(costed.id)).toBe('42.00');
    expect(await priceOf(noCost.id)).toBe('49.99');
  });

  it('leaves hidden and archived products alone, and does nothing when switched off', async () => {
    await clients.admin.put('/api/markdown-rules', rules);
    const hidden = await createProduct(t.db, { price: '10.00', active: false, createdAt: listed });
    const archived = await createProduct(t.db, { price: '10.00', archivedAt: listed, createdAt: listed });
    await applyMarkdowns(t.app.ctx, day(20));
    expect(await priceOf(hidden.id)).toBe('10.00');
    expect(await priceOf(archived.id)).toBe('10.00');
    await clients.admin.put('/api/markdown-rules', { ...rules, enabled: false });
    const p = await createProduct(t.db, { price: '10.00', createdAt: listed });
    await applyMarkdowns(t.app.ctx, day(20));
    expect(await priceOf(p.id)).toBe('10.00');
  });

  it('takes later steps off a price staff set, which becomes the new original', async () => {
    await clients.admin.put('/api/markdown-rules', { ...rules, floor: { kind: 'original', percent: 0 } });
    const p = await createProduct(t.db, { price: '100.00', createdAt: listed });
    await applyMarkdowns(t.app.ctx, day(14));
    expect(await priceOf(p.id)).toBe('90.00');
    const loaded = (await clients.admin.get(`/api/products/admin/${p.id}`)).json();
    expect((await clients.admin.put(`/api/products/${p.id}`, { ...loaded, price: '80.00' })).statusCode).toBe(
      200,
    );
    // 80.00 less 25% = 60.00 (not 100.00 less 25%)
    await applyMarkdowns(t.app.ctx, day(30));
    expect(await priceOf(p.id)).toBe('60.00');
    expect((await history(p.id)).map((h) => [h.reason, h.toPrice])).toEqual([
      ['markdown', '60.00'],
      ['staff', '80.00'],
      ['markdown', '90.00'],
      ['listed', '100.00'],
    ]);
  });

  it("combines with today's weekday discount: it is taken off the marked-down price", async () => {
    await clients.admin.put('/api/markdown-rules', rules);
    await setWeekdayDiscounts(t.db, [20, 20, 20, 20, 20, 20, 20]);
    try {
      const p = await createProduct(t.db, { price: '100.00', createdAt: listed });
      await applyMarkdowns(t.app.ctx, day(14));
      // 100.00 marked down 10% = 90.00; less the day's 20% = 72.00
      const shown = (await clients.guest.get(`/api/products/${p.slug}`)).json();
      expect(shown).toMatchObject({ price: '90.00', discountedPrice: '72.00', discountPercentage: 20 });
    } finally {
      await setWeekdayDiscounts(t.db);
    }
  });

  it("combines with a category's discount the same way: the day's larger percentage, off the marked-down price", async () => {
    await clients.admin.put('/api/markdown-rules', rules);
    await setWeekdayDiscounts(t.db, [20, 20, 20, 20, 20, 20, 20]);
    const category = await createCategory(t.db);
    await t.db.insert(categoryDiscounts).values({ categoryId: category.id, percentage: 30 });
    try {
      const p = await createProduct(t.db, { price: '100.00', createdAt: listed, categoryId: category.id });
      await applyMarkdowns(t.app.ctx, day(30));
      // Day 30: 25% off 100.00 would be 75.00, under the floor (80% of the original) = 80.00. The
      // category's 30% beats the weekday's 20% and is taken off that: 80.00 x 0.70 = 56.00.
      const shown = (await clients.guest.get(`/api/products/${p.slug}`)).json();
      expect(shown).toMatchObject({ price: '80.00', discountedPrice: '56.00', discountPercentage: 30 });
    } finally {
      await setWeekdayDiscounts(t.db);
    }
  });

  it("shows 'Price dropped' only when the previous price was charged for at least 14 days", async () => {
    await clients.admin.put('/api/markdown-rules', {
      ...rules,
      steps: [
        { days: 5, percent: 10 },
        { days: 14, percent: 20 },
      ],
      floor: { kind: 'original', percent: 0 },
    });
    await setWeekdayDiscounts(t.db);
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    // Listed 20 days ago at 100.00; marked down today straight to step 2: 100.00 less 20% = 80.00.
    const honest = await createProduct(t.db, { price: '100.00', createdAt: ago(20) });
    // Listed 10 days ago: 100.00 was charged for 10 days only, not enough to be struck through.
    const recent = await createProduct(t.db, { price: '100.00', createdAt: ago(10) });
    // A compare-at price keeps its own display.
    const compared = await createProduct(t.db, {
      price: '100.00',
      compareAtPrice: '150.00',
      createdAt: ago(20),
    });
    await applyMarkdowns(t.app.ctx, now);
    const shown = async (slug: string) => (await clients.guest.get(`/api/products/${slug}`)).json();
    expect(await shown(honest.slug)).toMatchObject({
      discountedPrice: '80.00',
      originalPrice: null,
      priceDroppedFrom: '100.00',
    });
    expect(await shown(recent.slug)).toMatchObject({ discountedPrice: '90.00', priceDroppedFrom: null });
    expect(await shown(compared.slug)).toMatchObject({
      discountedPrice: '80.00',
      originalPrice: '150.00',
      priceDroppedFrom: null,
    });
    const listing = (
      await clients.guest.get(`/api/products?search=${encodeURIComponent(honest.name)}`)
    ).json();
    expect(listing.find((p: { id: number }) => p.id === honest.id)).toMatchObject({
      priceDroppedFrom: '100.00',
    });
  });

  it('runs with the maintenance tasks', () => {
    expect(maintenanceTasks.map((task) => task.name)).toContain('markdowns by age');
  });

  it('answers 404 for the price history of an unknown product', async () => {
    expect((await clients.admin.get('/api/products/999999/price-history')).statusCode).toBe(404);
  });
});
