// The audit log screen's API over the real HTTP layer: newest first, paged, filtered and searched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAuditLog, users } from '~/server/db/schema';
import { signedInClients } from '~/server/features/admin-products/test-support';
import { createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let other: { id: number; username: string };

beforeAll(async () => {
  t = await createTestApp({ env: { STORE_TIMEZONE: 'America/Toronto' } });
  clients = await signedInClients(t);
  other = await createUser(t.db, { isAdmin: true, username: 'robin_admin' });
  const me = clients.adminUser.id;
  // A fixed name: the signed-in administrator's made-up name has random hex digits, and the search
  // below looks for a record number in the user names too.
  await t.db.update(users).set({ username: 'casey_admin' }).where(eq(users.id, me));
  await t.db.insert(adminAuditLog).values([
    {
      userId: me,
      action: 'create',
      entity: 'product',
      entityId: '11',
      after: { name: 'Blue Kettle', price: '20.00' },
      createdAt: new Date('2026-01-05T15:00:00Z'),
    },
    {
      userId: me,
      action: 'update',
      entity: 'product',
      entityId: '11',
      before: { price: '20.00' },
      after: { price: '15.00' },
      createdAt: new Date('2026-01-06T15:00:00Z'),
    },
    {
      userId: other.id,
      action: 'update-status',
      entity: 'order',
      entityId: '42',
      before: { status: 'pending' },
      after: { status: 'processing' },
      // 23:30 on Jan 6 in Toronto.
      createdAt: new Date('2026-01-07T04:30:00Z'),
    },
    {
      userId: other.id,
      action: 'delete',
      entity: 'faq-item',
      entityId: '7',
      before: { question: 'Do you ship 100% of orders?' },
      createdAt: new Date('2026-01-08T15:00:00Z'),
    },
    {
      userId: null,
      action: 'export',
      entity: 'orders',
      after: { filters: {} },
      createdAt: new Date('2026-01-09T15:00:00Z'),
    },
  ]);
});
afterAll(() => t.close());

type Entry = { id: number; action: string; entity: string; entityId: string | null; username: string | null };
const list = async (query: string) => {
  const res = await clients.admin.get(`/api/admin/audit-log${query}`);
  expect(res.statusCode).toBe(200);
  return { total: Number(res.headers['x-total-count']), items: res.json() as Entry[] };
};
const actions = (items: Entry[]) => items.map((e) => e.action);

describe('GET /api/admin/audit-log', () => {
  it('lists every change newest first with who made it and the records before and after', async () => {
    const { total, items } = await list('');
    expect(total).toBe(5);
    expect(actions(items)).toEqual(['export', 'delete', 'update-status', 'update', 'create']);
    expect(items[0]).toMatchObject({ username: null, entity: 'orders', entityId: null });
    expect(items[3]).toEqual({
      id: expect.any(Number),
      createdAt: '2026-01-06T15:00:00.000Z',
      userId: clients.adminUser.id,
      username: 'casey_admin',
      action: 'update',
      entity: 'product',
      entityId: '11',
      before: { price: '20.00' },
      after: { price: '15.00' },
    });
  });

  it('pages with the total in X-Total-Count', async () => {
    const second = await list('?limit=2&page=2');
    expect(second.total).toBe(5);
    expect(actions(second.items)).toEqual(['update-status', 'update']);
    expect((await list('?limit=2&page=4')).items).toEqual([]);
  });

  it('filters by action, kind of record and user', async () => {
    expect(actions((await list('?action=update')).items)).toEqual(['update']);
    expect(actions((await list('?entity=product')).items)).toEqual(['update', 'create']);
    const byOther = await list(`?userId=${other.id}`);
    expect(byOther.total).toBe(2);
    expect(byOther.items.every((e) => e.username === 'robin_admin')).toBe(true);
    expect((await list(`?entity=product&userId=${other.id}`)).total).toBe(0);
  });

  it('filters by days of the store time zone, both included', async () => {
    // Jan 6 in Toronto: the update at 10:00 and the status change at 23:30 (04:30 UTC on the 7th).
    expect(actions((await list('?from=2026-01-06&to=2026-01-06')).items)).toEqual([
      'update-status',
      'update',
    ]);
    expect((await list('?from=2026-01-07')).total).toBe(2);
    expect((await list('?to=2026-01-05')).total).toBe(1);
  });

  it('searches the record number, the user, the action and the values, any case, % literally', async () => {
    expect(actions((await list('?q=blue%20KETTLE')).items)).toEqual(['create']);
    expect(actions((await list('?q=processing')).items)).toEqual(['update-status']);
    expect((await list('?q=robin')).total).toBe(2);
    expect(actions((await list('?q=42')).items)).toEqual(['update-status']);
    expect(actions((await list('?q=100%25')).items)).toEqual(['delete']);
    expect((await list('?q=%25%25%25')).total).toBe(0);
  });

  it.each([
    ['?from=2026-01-07&to=2026-01-06', 'The start date must be on or before the end date.'],
    ['?from=2026-13-01', 'from must be a real date written YYYY-MM-DD.'],
    ['?userId=robin', 'userId must be a user number.'],
    ['?limit=500', 'limit must be a whole number from 1 to 100.'],
    ['?page=0', 'page must be a whole number from 1.'],
  ])('%s answers 400: %s', async (query, message) => {
    const res = await clients.admin.get(`/api/admin/audit-log${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('GET /api/admin/audit-log/filters', () => {
  it('offers the actions, kinds of record and users found in the log', async () => {
    const res = await clients.admin.get('/api/admin/audit-log/filters');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      actions: ['create', 'delete', 'export', 'update', 'update-status'],
      entities: ['faq-item', 'order', 'orders', 'product'],
      // By name: casey_admin before robin_admin.
      users: [
        { id: clients.adminUser.id, username: 'casey_admin' },
        { id: other.id, username: 'robin_admin' },
      ],
    });
  });
});
