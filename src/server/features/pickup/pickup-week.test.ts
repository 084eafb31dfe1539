// A weekly pickup schedule (docs/decisions/0620-pickup-slots.md) through the HTTP layer: opening hours on
// chosen weekdays for some weeks become slots in the store's time zone (worked out by hand below, across
// the change to daylight time); run twice it adds nothing; slots overlapping the store's own or already
// past are left out; bad schedules are refused with nothing written; staff only.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupSlots } from '~/server/db/schema';
import { createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  t = await createTestApp({ env: { STORE_TIMEZONE: 'America/Toronto' } });
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, (await createUser(t.db, { isStaff: true })).id);
});
afterAll(() => t?.close());

const slotCount = async () => (await t.db.select({ n: count() }).from(pickupSlots))[0]!.n;
const week = (overrides: Record<string, unknown> = {}) => ({
  from: '2027-03-08',
  weeks: 2,
  days: [1, 6],
  opens: '10:00',
  closes: '12:30',
  slotMinutes: 60,
  capacity: 4,
  ...overrides,
});

describe('a weekly pickup schedule', () => {
  it('makes the slots of the opening hours in the store time zone, across daylight time', async () => {
    // A slot of the store's own on Saturday 13 March, 10:30-11:30 Toronto (EST, UTC-5): 15:30-16:30Z.
    const own = await staff.post('/api/admin/pickup-slots', {
      startsAt: '2027-03-13T10:30:00-05:00',
      endsAt: '2027-03-13T11:30:00-05:00',
      capacity: 2,
    });
    expect(own.statusCode, own.body).toBe(200);

    // Mondays and Saturdays of two weeks from Monday 8 March 2027: the 8th, 13th, 15th and 20th; each
    // 10:00-12:30 in 60-minute slots: 10-11 and 11-12 (12-13 does not fit). 8 slots, of which the two
    // of the 13th overlap the store's own: 6 made. Daylight time starts on Sunday 14 March: 10:00 is
    // 15:00Z before it and 14:00Z after.
    const res = await staff.post('/api/admin/pickup-slots/week', week());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 6, skipped: 2 });
    const slots = (await staff.get('/api/admin/pickup-slots')).json().slots as {
      startsAt: string;
      endsAt: string;
      capacity: number;
    }[];
    const made = slots.filter((s) => s.capacity === 4).map((s) => [s.startsAt, s.endsAt]);
    expect(made).toEqual([
      ['2027-03-08T15:00:00.000Z', '2027-03-08T16:00:00.000Z'],
      ['2027-03-08T16:00:00.000Z', '2027-03-08T17:00:00.000Z'],
      ['2027-03-15T14:00:00.000Z', '2027-03-15T15:00:00.000Z'],
      ['2027-03-15T15:00:00.000Z', '2027-03-15T16:00:00.000Z'],
      ['2027-03-20T14:00:00.000Z', '2027-03-20T15:00:00.000Z'],
      ['2027-03-20T15:00:00.000Z', '2027-03-20T16:00:00.000Z'],
    ]);

    // The same schedule again: all 8 overlap what is there.
    const again = await staff.post('/api/admin/pickup-slots/week', week());
    expect(again.json()).toEqual({ created: 0, skipped: 8 });
    // Weeks already past make nothing.
    const past = await staff.post(
      '/api/admin/pickup-slots/week',
      week({ from: '2020-01-06', weeks: 1, days: [1] }),
    );
    expect(past.json()).toEqual({ created: 0, skipped: 2 });
  });

  it('refuses bad schedules with nothing written, and anyone but staff', async () => {
    const before = await slotCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ closes: '09:00' }, 'The store must be open for at least one whole slot'],
      [{ opens: '25:00' }, 'Enter a time like 10:00'],
      [{ days: [] }, 'Choose at least one day of the week'],
      [{ days: [1, 1] }, 'Choose each day once'],
      [{ days: [8] }, ''],
      [{ weeks: 9 }, 'Weeks must be a whole number from 1 to 8'],
      [{ slotMinutes: 5 }, 'A slot lasts 15 to 480 minutes'],
      [{ capacity: 0 }, 'Capacity must be a whole number from 1 to 1000'],
      [{ from: '2027-02-30' }, 'Choose the first day, as YYYY-MM-DD'],
      // 8 weeks x 7 days x 95 quarter hours is 5,320 slots.
      [
        { weeks: 8, days: [1, 2, 3, 4, 5, 6, 7], opens: '00:00', closes: '23:45', slotMinutes: 15 },
        'At most 500 slots at once: choose fewer weeks or longer slots',
      ],
      [{ extra: true }, ''],
    ];
    for (const [change, message] of bad) {
      const res = await staff.post('/api/admin/pickup-slots/week', week(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      if (message) expect(res.json().message, JSON.stringify(change)).toContain(message);
    }
    expect((await new TestClient(t.app).post('/api/admin/pickup-slots/week', week())).statusCode).toBe(401);
    const customer = new TestClient(t.app);
    await signInAs(t.db, customer, (await createUser(t.db)).id);
    expect((await customer.post('/api/admin/pickup-slots/week', week())).statusCode).toBe(403);
    expect(await slotCount()).toBe(before);
  });
});
