import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, discountCodes } from '~/server/db/schema';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { signedInClients } from '~/server/features/admin-products/test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
});
afterAll(() => t.close());

const URL = '/api/admin/discount-codes';

describe('discount codes (admin)', () => {
  it('only administrators may see or change codes', async () => {
    expect((await clients.guest.get(URL)).statusCode).toBe(401);
    expect((await clients.customer.get(URL)).statusCode).toBe(403);
    expect(
      (await clients.customer.post(URL, { code: 'NOPE', kind: 'percent', percentage: 10 })).statusCode,
    ).toBe(403);
    expect(await t.db.select().from(discountCodes)).toEqual([]);
  });

  it('creates a code, upper-cased, with its times read in the store zone and its rule in plain words', async () => {
    const res = await clients.admin.post(URL, {
      code: 'weekend10',
      kind: 'percent',
      percentage: 10,
      minSubtotal: '50',
      // The test app's store zone is America/Toronto (EST, UTC-5 in December).
      startsAt: '2026-12-05T09:00',
      endsAt: '2026-12-06 23:59',
      maxUses: 5,
      perCustomerLimit: 1,
      conditions: ['new-open-box'],
      combinesWithDaily: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      code: 'WEEKEND10',
      kind: 'percent',
      percentage: 10,
      amount: '0.00',
      minSubtotal: '50.00',
      startsAt: '2026-12-05T09:00',
      endsAt: '2026-12-06T23:59',
      maxUses: 5,
      perCustomerLimit: 1,
      usedCount: 0,
      conditions: ['new-open-box'],
      combinesWithDaily: true,
      combinesWithCategory: false,
      combiningRule:
        "Applies on top of the day's discount; on a lot with a category discount, the shopper gets whichever saves more.",
    });
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, body.id));
    // 9:00 EST = 14:00 UTC; 23:59 EST = 04:59 UTC the next day.
    expect(row!.startsAt!.toISOString()).toBe('2026-12-05T14:00:00.000Z');
    expect(row!.endsAt!.toISOString()).toBe('2026-12-07T04:59:00.000Z');
    const audits = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.entity, 'discount-code'));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses a taken code (any case) with 409 and nothing added', async () => {
    const res = await clients.admin.post(URL, { code: 'Weekend10', kind: 'fixed', amount: '5' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This code already exists.');
    expect(await t.db.select().from(discountCodes)).toHaveLength(1);
  });

  it.each([
    [
      { code: 'ab', kind: 'percent', percentage: 10 },
      'Code must be 3 to 32 letters, digits, hyphens or underscores',
    ],
    [
      { code: 'BAD CODE', kind: 'percent', percentage: 10 },
      'Code must be 3 to 32 letters, digits, hyphens or underscores',
    ],
    [{ code: 'ZERO', kind: 'percent', percentage: 0 }, 'A percentage code needs 1 to 100%'],
    [{ code: 'FIVE', kind: 'fixed' }, 'A fixed code needs an amount above $0.00'],
    [{ code: 'FIVE', kind: 'fixed', amount: '5.001' }, 'Amount can have at most 2 decimal places'],
    [
      { code: 'WHEN', kind: 'percent', percentage: 5, startsAt: 'tomorrow' },
      'Use a date and time like 2026-12-05T09:00 (store time)',
    ],
    [
      {
        code: 'BACK',
        kind: 'percent',
        percentage: 5,
        startsAt: '2026-12-06T09:00',
        endsAt: '2026-12-05T09:00',
      },
      'The end must be after the start',
    ],
    [{ code: 'LIMIT', kind: 'percent', percentage: 5, maxUses: 0 }, 'A use limit must be at least 1'],
    [{ code: 'KIND', kind: 'bogo' }, 'Kind must be percent or fixed'],
  ])('refuses %j with 400 and nothing added', async (body, message) => {
    const res = await clients.admin.post(URL, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await t.db.select().from(discountCodes)).toHaveLength(1);
  });

  it('refuses an impossible calendar date with 400', async () => {
    const res = await clients.admin.post(URL, {
      code: 'FEB30',
      kind: 'percent',
      percentage: 5,
      startsAt: '2026-02-30T09:00',
    });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(discountCodes)).toHaveLength(1);
  });

  it('updates a code, but never below the uses already counted', async () => {
    const [row] = await t.db.select().from(discountCodes);
    await t.db.update(discountCodes).set({ usedCount: 3 }).where(eq(discountCodes.id, row!.id));
    const lower = await clients.admin.put(`${URL}/${row!.id}`, {
      code: 'WEEKEND10',
      kind: 'fixed',
      amount: '7.50',
      maxUses: 2,
    });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toBe('This code has already been used 3 times; the limit cannot be lower.');
    const res = await clients.admin.put(`${URL}/${row!.id}`, {
      code: 'WEEKEND10',
      kind: 'fixed',
      amount: '7.50',
      maxUses: 3,
      combinesWithDaily: true,
      combinesWithCategory: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'fixed',
      amount: '7.50',
      percentage: 0,
      usedCount: 3,
      startsAt: null,
      combiningRule: "Applies on top of the day's discount and the category discount.",
    });
    expect(
      (await clients.admin.put(`${URL}/999999`, { code: 'X123', kind: 'fixed', amount: '1' })).statusCode,
    ).toBe(404);
  });

  it('lists and deletes', async () => {
    const list = await clients.admin.get(URL);
    expect(list.json().map((c: { code: string }) => c.code)).toEqual(['WEEKEND10']);
    const id = list.json()[0].id;
    expect((await clients.admin.delete(`${URL}/${id}`)).statusCode).toBe(204);
    expect((await clients.admin.delete(`${URL}/${id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(discountCodes)).toEqual([]);
  });
});
