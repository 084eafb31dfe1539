import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, faqItems } from '~/server/db/schema';
import { createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';

let t: TestApp;
let admin: TestClient;
let customer: TestClient;
let guest: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  customer = new TestClient(t.app);
  guest = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
  await signInAs(t.db, customer, (await createUser(t.db)).id);
});
afterAll(() => t.close());

/** A fresh list A(1) B(2) C(3) D(4) plus an inactive item H(5). */
async function seedFaq() {
  await t.db.delete(faqItems);
  const rows = await t.db
    .insert(faqItems)
    .values(
      ['A', 'B', 'C', 'D', 'H'].map((q, i) => ({
        question: q,
        answer: `<p>Answer ${q}</p>`,
        sortOrder: i + 1,
        active: q !== 'H',
      })),
    )
    .returning();
  return Object.fromEntries(rows.map((r) => [r.question, r]));
}

const questions = (items: { question: string }[]) => items.map((i) => i.question).join('');
const publicOrder = async () => questions((await guest.get('/api/faq-items')).json());
const allOrder = async () => questions((await admin.get('/api/faq-items?all=true')).json());

describe('reading FAQ items', () => {
  beforeEach(seedFaq);

  it('shows the public only active items, by sortOrder', async () => {
    const res = await guest.get('/api/faq-items');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { question: string }) => i.question)).toEqual(['A', 'B', 'C', 'D']);
    expect(res.json()[0]).toEqual({
      id: expect.any(Number),
      question: 'A',
      answer: '<p>Answer A</p>',
      sortOrder: 1,
      active: true,
      updatedAt: expect.any(String),
      languages: { question: 'en', answer: 'en' },
    });
  });

  it('shows inactive items to administrators who ask for all', async () => {
    expect(await allOrder()).toBe('ABCDH');
    // An admin reading the public list (the /faq page) still sees only active items.
    expect(questions((await admin.get('/api/faq-items')).json())).toBe('ABCD');
  });

  it('refuses ?all=true to visitors (401) and customers (403)', async () => {
    expect((await guest.get('/api/faq-items?all=true')).statusCode).toBe(401);
    expect((await customer.get('/api/faq-items?all=true')).statusCode).toBe(403);
  });

  it('breaks sortOrder ties by creation', async () => {
    await t.db.update(faqItems).set({ sortOrder: 0 });
    expect(await publicOrder()).toBe('ABCD');
  });
});

describe('writes are for administrators only', () => {
  it('refuses visitors with 401 and customers with 403 on every write, changing nothing', async () => {
    const items = await seedFaq();
    const id = items.A!.id;
    const before = await t.db.select().from(faqItems).orderBy(asc(faqItems.id));
    const body = { question: 'Q', answer: '<p>A</p>', active: true };
    for (const [client, status] of [
      [guest, 401],
      [customer, 403],
    ] as const) {
      expect((await client.post('/api/faq-items', body)).statusCode).toBe(status);
      expect((await client.put(`/api/faq-items/${id}`, body)).statusCode).toBe(status);
      expect((await client.put(`/api/faq-items/${id}/order`, { sortOrder: 9 })).statusCode).toBe(status);
      expect((await client.delete(`/api/faq-items/${id}`)).statusCode).toBe(status);
    }
    expect(await t.db.select().from(faqItems).orderBy(asc(faqItems.id))).toEqual(before);
  });
});

describe('creating, editing and deleting (admin)', () => {
  beforeEach(seedFaq);

  it('creates an active item that goes last (after the inactive H, sortOrder 5) and audits it', async () => {
    const res = await admin.post('/api/faq-items', { question: '  New?  ', answer: '<p>Yes.</p>' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ question: 'New?', answer: '<p>Yes.</p>', sortOrder: 6, active: true });
    expect(await publicOrder()).toBe('ABCDNew?');
    // A place given by the client is kept: 0 puts it first.
    const first = await admin.post('/api/faq-items', {
      question: 'First?',
      answer: '<p>Yes.</p>',
      sortOrder: 0,
    });
    expect(first.json().sortOrder).toBe(0);
    expect(await publicOrder()).toBe('First?ABCDNew?');
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, String(res.json().id)));
    expect(audit.map((a) => [a.entity, a.action])).toContainEqual(['faq_item', 'create']);
  });

  it('sanitises the answer', async () => {
    const res = await admin.post('/api/faq-items', {
      question: 'XSS?',
      answer: '<p onclick="alert(1)">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
      active: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().answer).toBe('<p>Hi<a>x</a></p>');
  });

  it.each([
    [{ question: '   ', answer: '<p>x</p>' }, 'Question is required'],
    [{ answer: '<p>x</p>' }, 'Question is required'],
    [{ question: 'Q', answer: '<p><br></p>' }, 'Answer is required'],
    [{ question: 'Q', answer: '  ' }, 'Answer is required'],
    [{ question: 'Q' }, 'Answer is required'],
    [{ question: 'Q', answer: '<p>x</p>', sortOrder: 1.5 }, 'sortOrder must be a whole number'],
  ])('refuses %j with 400 %j', async (body, message) => {
    const res = await admin.post('/api/faq-items', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await allOrder()).toBe('ABCDH');
  });

  it('updates an item and can deactivate it, which hides it from the public', async () => {
    const items = await seedFaq();
    const res = await admin.put(`/api/faq-items/${items.B!.id}`, {
      question: 'B2',
      answer: '<p>New</p>',
      active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ question: 'B2', answer: '<p>New</p>', active: false, sortOrder: 2 });
    expect(await publicOrder()).toBe('ACD');
    expect(await allOrder()).toBe('AB2CDH');
  });

  it('answers 404 for a missing item', async () => {
    expect((await admin.put('/api/faq-items/999999', { question: 'Q', answer: '<p>x</p>' })).statusCode).toBe(
      404,
    );
    expect((await admin.put('/api/faq-items/999999/order', { sortOrder: 1 })).statusCode).toBe(404);
    expect((await admin.delete('/api/faq-items/999999')).statusCode).toBe(404);
  });

  it('deletes an item (204)', async () => {
    const items = await seedFaq();
    expect((await admin.delete(`/api/faq-items/${items.C!.id}`)).statusCode).toBe(204);
    expect(await allOrder()).toBe('ABDH');
  });
});

describe('reordering (spec section 4: up = sortOrder of the item above - 1, down = item below + 1)', () => {
  const moveUp = async (list: { id: number; sortOrder: number }[], index: number) =>
    admin.put(`/api/faq-items/${list[index]!.id}/order`, { sortOrder: list[index - 1]!.sortOrder - 1 });
  const moveDown = async (list: { id: number; sortOrder: number }[], index: number) =>
    admin.put(`/api/faq-items/${list[index]!.id}/order`, { sortOrder: list[index + 1]!.sortOrder + 1 });
  const adminList = async () => (await admin.get('/api/faq-items?all=true')).json();

  beforeEach(seedFaq);

  it('moves an item up one place', async () => {
    const res = await moveUp(await adminList(), 2); // C above B
    expect(res.statusCode).toBe(200);
    expect(await allOrder()).toBe('ACBDH');
    expect(await publicOrder()).toBe('ACBD');
  });

  it('moves an item down one place', async () => {
    await moveDown(await adminList(), 0); // A below B
    expect(await allOrder()).toBe('BACDH');
  });

  it('moves exactly one place even when the neighbour above shares sortOrders with others', async () => {
    // Consecutive sortOrders make "above - 1" equal the sortOrder of the item two places up.
    const indexOf = (list: { question: string }[], q: string) => list.findIndex((i) => i.question === q);
    const expected = ['ABDCH', 'ADBCH', 'DABCH'];
    for (const order of expected) {
      const list = await adminList();
      await moveUp(list, indexOf(list, 'D'));
      expect(await allOrder()).toBe(order);
    }
    for (const order of ['ADBCH', 'ABDCH', 'ABCDH', 'ABCHD']) {
      const list = await adminList();
      await moveDown(list, indexOf(list, 'D'));
      expect(await allOrder()).toBe(order);
    }
  });

  it('works when every item starts at the default sortOrder 0', async () => {
    await t.db.update(faqItems).set({ sortOrder: 0 });
    await moveUp(await adminList(), 4); // H above D
    expect(await allOrder()).toBe('ABCHD');
    await moveDown(await adminList(), 0); // A below B
    expect(await allOrder()).toBe('BACHD');
  });

  it('keeps sortOrders distinct and ascending after a move, and audits it', async () => {
    const list = await adminList();
    await moveUp(list, 1);
    const after = await adminList();
    expect(after.map((i: { sortOrder: number }) => i.sortOrder)).toEqual([1, 2, 3, 4, 5]);
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'reorder'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('places an item at any other sortOrder among the others', async () => {
    const list = await adminList();
    // sortOrders are 1..5: 3.5 is not allowed, but 3 (C's) from below lands after C, from above before it.
    await admin.put(`/api/faq-items/${list[4].id}/order`, { sortOrder: 3 }); // H up to 3
    expect(await allOrder()).toBe('ABCHD');
    const again = await adminList();
    await admin.put(`/api/faq-items/${again[0].id}/order`, { sortOrder: 4 }); // A down to 4 (H's)
    expect(await allOrder()).toBe('BCAHD');
    await admin.put(`/api/faq-items/${again[4].id}/order`, { sortOrder: -10 }); // D to the top
    expect(await allOrder()).toBe('DBCAH');
  });

  it('changes nothing when the sortOrder is unchanged, and refuses a non-integer', async () => {
    const list = await adminList();
    expect(
      (await admin.put(`/api/faq-items/${list[1].id}/order`, { sortOrder: list[1].sortOrder })).statusCode,
    ).toBe(200);
    expect(await allOrder()).toBe('ABCDH');
    expect((await admin.put(`/api/faq-items/${list[1].id}/order`, { sortOrder: 'first' })).statusCode).toBe(
      400,
    );
    expect((await admin.put(`/api/faq-items/${list[1].id}/order`, {})).statusCode).toBe(400);
  });
});
