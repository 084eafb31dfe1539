// The till sessions report (docs/decisions/0600-till.md) through real HTTP: each session opened in the
// range with its paid sales and, once closed, the cash expected, counted and the variance, worked out
// by hand; an open session shows no count yet; the variances add up; only administrators; bad ranges
// refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posRegisters } from '~/server/db/schema';
import { MANY_ORDER_EMAILS } from '~/server/features/checkout/test-support';
import { createProduct, createUser, seedStoreSettings, signInAs } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let admin: TestClient;
let cashier: TestClient;

beforeAll(async () => {
  // Alberta: GST 5% alone, so a 10.00 lot is 10.50.
  t = await createTestApp({
    env: { STORE_PROVINCE: 'AB', STORE_TIMEZONE: 'America/Edmonton', ...MANY_ORDER_EMAILS },
  });
  await seedStoreSettings(t.db);
  admin = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
  cashier = new TestClient(t.app);
  await signInAs(
    t.db,
    cashier,
    (await createUser(t.db, { isStaff: true, mayUseTill: true, username: 'sam' })).id,
  );
});
afterAll(() => t?.close());

async function openSession(name: string, openingFloat: string): Promise<number> {
  const [register] = await t.db.insert(posRegisters).values({ name }).returning({ id: posRegisters.id });
  const res = await cashier.post('/api/pos/sessions', { registerId: register!.id, openingFloat });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
async function sellForCash(sessionId: number, price: string, tendered: string) {
  const lot = await createProduct(t.db, { price, stock: 1, applyDailyDiscount: false });
  const res = await cashier.post('/api/pos/sales', {
    sessionId,
    clientSaleId: randomUUID(),
    lines: [{ productId: lot.id, quantity: 1 }],
    tenders: [{ kind: 'cash', tendered }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Edmonton' }).format(new Date());

describe('till sessions report', () => {
  it('lists each session with its sales and the variance of its close, and adds the variances up', async () => {
    // Front: float 100.00; two sales of 10.00 + GST 0.50 = 10.50 each, paid in cash (no rounding:
    // 10.50 is a multiple of 5 cents): the drawer should hold 100.00 + 21.00 = 121.00. Counted
    // 1 x 100 + 1 x 20 + 3 x 0.25 = 120.75: short by 0.25.
    const front = await openSession('Front', '100.00');
    await sellForCash(front, '10.00', '20.00');
    await sellForCash(front, '10.00', '10.50');
    const closed = await cashier.post(`/api/pos/sessions/${front}/close`, {
      counts: { '10000': 1, '2000': 1, '25': 3 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // Back: float 50.00 and one sale of 10.50 should hold 60.50; counted 1 x 50 + 1 x 10 + 2 x 0.25
    // + 1 x 0.05 = 60.55: over by 0.05.
    const back = await openSession('Back', '50.00');
    await sellForCash(back, '10.00', '10.50');
    expect(
      (
        await cashier.post(`/api/pos/sessions/${back}/close`, {
          counts: { '5000': 1, '1000': 1, '25': 2, '5': 1 },
        })
      ).statusCode,
    ).toBe(200);
    // Side: still open, one sale; no count yet.
    const side = await openSession('Side', '20.00');
    await sellForCash(side, '10.00', '10.50');

    const res = await admin.get(`/api/admin/reports/till-sessions?from=${today()}&to=${today()}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    const byId = (id: number) => report.sessions.find((s: { id: number }) => s.id === id);
    expect(byId(front)).toMatchObject({
      registerName: 'Front',
      openedBy: 'sam',
      salesCount: 2,
      sales: '21.00',
      expectedCash: '121.00',
      countedCash: '120.75',
      variance: '-0.25',
    });
    expect(byId(back)).toMatchObject({
      salesCount: 1,
      sales: '10.50',
      expectedCash: '60.50',
      countedCash: '60.55',
      variance: '0.05',
    });
    expect(byId(side)).toMatchObject({
      salesCount: 1,
      sales: '10.50',
      closedAt: null,
      variance: null,
      countedCash: null,
    });
    // Newest first; -0.25 + 0.05 = -0.20 over the closed sessions.
    expect(report.sessions.map((s: { id: number }) => s.id)).toEqual([side, back, front]);
    expect(report.totalVariance).toBe('-0.20');

    // A range before today finds none of them.
    const earlier = await admin.get('/api/admin/reports/till-sessions?from=2020-01-01&to=2020-01-31');
    expect(earlier.json()).toMatchObject({ sessions: [], totalVariance: '0.00' });
  });

  it('answers administrators only and refuses bad ranges', async () => {
    expect(
      (await cashier.get(`/api/admin/reports/till-sessions?from=${today()}&to=${today()}`)).statusCode,
    ).toBe(403);
    expect(
      (await new TestClient(t.app).get('/api/admin/reports/till-sessions?from=2026-01-01&to=2026-01-02'))
        .statusCode,
    ).toBe(401);
    const inverted = await admin.get('/api/admin/reports/till-sessions?from=2026-02-01&to=2026-01-01');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().message).toContain('The start date must be on or before the end date.');
    expect(
      (await admin.get('/api/admin/reports/till-sessions?from=yesterday&to=2026-01-01')).statusCode,
    ).toBe(400);
  });
});
