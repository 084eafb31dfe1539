// The liability report (docs/decisions/0532-liability-report.md) worked by hand: store credit issued and
// taken by staff through the API, its movements dated around midnight in the store's time zone
// (America/Toronto, UTC-5 in November), and what the store owes at the end of each day.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCreditMovements } from '~/server/db/schema';
import { createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { isAdmin: true });
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, admin.id);
});
afterAll(async () => {
  await t?.close();
});

/** A staff movement through the API, then dated `at` (UTC). */
async function move(userId: number, amount: string, at: string) {
  const res = await staff.post(`/api/admin/users/${userId}/store-credit`, { amount, reason: 'Test' });
  expect(res.statusCode, res.body).toBe(200);
  const [last] = await t.db
    .select({ id: storeCreditMovements.id })
    .from(storeCreditMovements)
    .orderBy(desc(storeCreditMovements.id))
    .limit(1);
  await t.db
    .update(storeCreditMovements)
    .set({ createdAt: new Date(at) })
    .where(eq(storeCreditMovements.id, last!.id));
}

const report = (date: string) => staff.get(`/api/admin/reports/liability?date=${date}`);

describe('GET /api/admin/reports/liability', () => {
  it("owes the credit customers held at each day's end in the store's time zone", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await move(a.id, '50.00', '2026-11-10T15:00:00Z'); // Nov 10, 10:00 in Toronto
    await move(a.id, '-20.00', '2026-11-11T04:30:00Z'); // Nov 10, 23:30 in Toronto: still Nov 10
    await move(b.id, '30.00', '2026-11-11T05:30:00Z'); // Nov 11, 00:30 in Toronto
    await move(b.id, '-30.00', '2026-11-12T15:00:00Z'); // Nov 12

    const expected: Record<string, { owed: string; customers: number }> = {
      '2026-11-09': { owed: '0.00', customers: 0 }, // nothing yet
      '2026-11-10': { owed: '30.00', customers: 1 }, // A: 50.00 - 20.00 = 30.00
      '2026-11-11': { owed: '60.00', customers: 2 }, // A 30.00 + B 30.00
      '2026-11-12': { owed: '30.00', customers: 1 }, // A 30.00, B 30.00 - 30.00 = 0
    };
    for (const [date, storeCredit] of Object.entries(expected)) {
      const res = await report(date);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), date).toEqual({
        date,
        timeZone: 'America/Toronto',
        storeCredit,
        // No gift card is issued in this file (their liability: gift-cards.test.ts).
        giftCards: { owed: '0.00', cards: 0 },
      });
    }
  });

  it('refuses a missing or impossible date and customers', async () => {
    expect((await staff.get('/api/admin/reports/liability')).statusCode).toBe(400);
    const bad = await report('2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('The date must be a real date written YYYY-MM-DD.');
    const customer = new TestClient(t.app);
    await signInAs(t.db, customer, (await createUser(t.db)).id);
    expect((await customer.get('/api/admin/reports/liability?date=2026-11-10')).statusCode).toBe(403);
  });
});
