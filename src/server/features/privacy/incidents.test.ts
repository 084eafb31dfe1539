// The incident register through HTTP: create, read, list, update, and removal refused during the 24
// months it must be kept; bad input is a 400 that changes nothing; administrators only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { privacyIncidents } from '~/server/db/schema';
import { createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(privacyIncidents);
});

const incident = {
  occurredOn: '2026-10-01',
  discoveredOn: '2026-10-03',
  description: 'A packing slip with a customer’s address was sent to another customer.',
  affectedPeople: 'One customer (order LD-123)',
  affectedCount: 1,
  riskOfSeriousInjury: false,
  measures: 'The slip was recovered; packing checks were changed.',
  commissionNotifiedOn: null,
  peopleNotifiedOn: '2026-10-04',
};

describe('/api/admin/privacy-incidents', () => {
  it('creates, reads, lists and updates an entry, with the date it must be kept to', async () => {
    const created = await admin.post('/api/admin/privacy-incidents', incident);
    expect(created.statusCode).toBe(201);
    const body = created.json();
    // Discovered 2026-10-03: kept 24 months, to 2028-10-03.
    expect(body).toMatchObject({ ...incident, keepUntil: '2028-10-03' });
    expect((await admin.get(`/api/admin/privacy-incidents/${body.id}`)).json()).toEqual(body);
    expect((await admin.get('/api/admin/privacy-incidents')).json()).toEqual([body]);

    const updated = await admin.put(`/api/admin/privacy-incidents/${body.id}`, {
      ...incident,
      commissionNotifiedOn: '2026-10-05',
      affectedCount: 2,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ commissionNotifiedOn: '2026-10-05', affectedCount: 2 });
  });

  it('keeps an entry for 24 months: removal before is 409, after is 204', async () => {
    const recent = (await admin.post('/api/admin/privacy-incidents', incident)).json();
    const res = await admin.delete(`/api/admin/privacy-incidents/${recent.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'An incident stays in the register for 24 months after it was discovered.',
    );
    const old = (
      await admin.post('/api/admin/privacy-incidents', {
        ...incident,
        occurredOn: '2023-01-01',
        discoveredOn: '2023-01-02',
        peopleNotifiedOn: null,
      })
    ).json();
    expect((await admin.delete(`/api/admin/privacy-incidents/${old.id}`)).statusCode).toBe(204);
    expect((await admin.get('/api/admin/privacy-incidents')).json().map((i: { id: number }) => i.id)).toEqual(
      [recent.id],
    );
    expect((await admin.delete(`/api/admin/privacy-incidents/${old.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['no date discovered', { ...incident, discoveredOn: undefined }],
    ['a date that is not one', { ...incident, discoveredOn: '2026-13-45' }],
    ['a discovery in the future', { ...incident, discoveredOn: '2999-01-01' }],
    ['an incident after its discovery', { ...incident, occurredOn: '2026-10-09' }],
    ['a notification before the incident', { ...incident, peopleNotifiedOn: '2026-09-01' }],
    ['no description', { ...incident, description: '  ' }],
    ['no one affected', { ...incident, affectedPeople: '' }],
    ['a negative count', { ...incident, affectedCount: -1 }],
    ['a fractional count', { ...incident, affectedCount: 1.5 }],
    ['an unknown field', { ...incident, severity: 'high' }],
    ['not an object', ['not', 'an', 'object']],
  ])('refuses %s with 400 and stores nothing', async (_label, payload) => {
    const res = await admin.post('/api/admin/privacy-incidents', payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect(await t.db.select().from(privacyIncidents)).toEqual([]);
  });

  it('refuses a bad update with 400 and keeps the entry as it was; an unknown id is 404', async () => {
    const created = (await admin.post('/api/admin/privacy-incidents', incident)).json();
    const res = await admin.put(`/api/admin/privacy-incidents/${created.id}`, {
      ...incident,
      description: '',
    });
    expect(res.statusCode).toBe(400);
    expect((await admin.get(`/api/admin/privacy-incidents/${created.id}`)).json()).toEqual(created);
    expect((await admin.get('/api/admin/privacy-incidents/abc')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/privacy-incidents/999999')).statusCode).toBe(404);
    expect((await admin.put('/api/admin/privacy-incidents/999999', incident)).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject('/api/admin/privacy-incidents')).statusCode).toBe(401);
    const staff = new TestClient(t.app);
    await signInAs(t.db, staff, (await createUser(t.db, { isStaff: true })).id);
    expect((await staff.get('/api/admin/privacy-incidents')).statusCode).toBe(403);
    expect((await staff.post('/api/admin/privacy-incidents', incident)).statusCode).toBe(403);
    expect(await t.db.select().from(privacyIncidents)).toEqual([]);
  });
});
