import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, contentPages } from '~/server/db/schema';
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
  const adminUser = await createUser(t.db, { isAdmin: true });
  const customerUser = await createUser(t.db);
  await signInAs(t.db, admin, adminUser.id);
  await signInAs(t.db, customer, customerUser.id);
  await t.db
    .insert(contentPages)
    .values({ slug: 'returns', title: 'Returns & Refunds', content: '<p>Old policy</p>' });
});
afterAll(() => t.close());

const page = (overrides: Record<string, unknown> = {}) => ({
  title: 'Holiday Hours',
  slug: 'holiday-hours',
  content: '<h2>Open</h2><ul><li>Mon</li></ul>',
  isStructured: false,
  ...overrides,
});

describe('reading pages (public)', () => {
  it('lists pages without their content, for anyone', async () => {
    const res = await guest.get('/api/content-pages');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toEqual([
      expect.objectContaining({
        slug: 'returns',
        title: 'Returns & Refunds',
        isStructured: false,
        updatedAt: null,
      }),
    ]);
    expect(list[0]).not.toHaveProperty('content');
  });

  it('answers one page by slug with its title and content', async () => {
    const res = await guest.get('/api/content-pages/slug/returns');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      slug: 'returns',
      title: 'Returns & Refunds',
      content: '<p>Old policy</p>',
    });
  });

  it('answers 404 with a message for a missing slug', async () => {
    const res = await guest.get('/api/content-pages/slug/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Page not found.');
  });
});

describe('writes are for administrators only', () => {
  const attempts = (client: TestClient) => [
    () => client.post('/api/content-pages', page({ slug: 'sneaky' })),
    () => client.put('/api/content-pages/1', page({ slug: 'sneaky' })),
    () => client.delete('/api/content-pages/1'),
  ];

  it('refuses a signed-out visitor with 401 and a customer with 403, changing nothing', async () => {
    const before = await t.db.select().from(contentPages);
    for (const attempt of attempts(guest)) expect((await attempt()).statusCode).toBe(401);
    for (const attempt of attempts(customer)) expect((await attempt()).statusCode).toBe(403);
    expect(await t.db.select().from(contentPages)).toEqual(before);
  });

  it('checks the role before reading the body (a customer with a bad body still gets 403)', async () => {
    const res = await customer.post('/api/content-pages', { nonsense: true });
    expect(res.statusCode).toBe(403);
  });
});

describe('creating, editing and deleting (admin)', () => {
  it('creates a page, answers 201 with it, and records the change in the audit log', async () => {
    const res = await admin.post('/api/content-pages', page());
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ title: 'Holiday Hours', slug: 'holiday-hours', isStructured: false });
    expect(created.content).toBe('<h2>Open</h2><ul><li>Mon</li></ul>');
    expect(Date.parse(created.updatedAt)).not.toBeNaN();
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, String(created.id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'create', entity: 'content_page' })]);
  });

  it('sanitises the HTML before storing it', async () => {
    const res = await admin.post(
      '/api/content-pages',
      page({
        slug: 'xss-attempt',
        content:
          '<h2 onclick="alert(1)">Hi</h2><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>',
      }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(contentPages).where(eq(contentPages.slug, 'xss-attempt'));
    expect(row!.content).toBe('<h2>Hi</h2><a>x</a>');
  });

  it('refuses a slug that is already taken with 409', async () => {
    const res = await admin.post('/api/content-pages', page({ title: 'Another' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'A page with this slug already exists.', field: 'slug' });
    const rows = await t.db.select().from(contentPages).where(eq(contentPages.slug, 'holiday-hours'));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ title: '   ' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ slug: '' }, 'Slug is required'],
    [{ slug: undefined }, 'Slug is required'],
    [{ slug: 'Has Spaces' }, 'Use only lowercase letters, numbers, and hyphens.'],
    [{ slug: 'double--hyphen' }, 'Use only lowercase letters, numbers, and hyphens.'],
    [{ slug: '-edge-' }, 'Use only lowercase letters, numbers, and hyphens.'],
    [{ slug: 'UPPER' }, 'Use only lowercase letters, numbers, and hyphens.'],
    [{ slug: 'a/b' }, 'Use only lowercase letters, numbers, and hyphens.'],
  ])('refuses %j with 400 %j', async (overrides, message) => {
    const body = page({ slug: 'valid-slug-for-rules', ...overrides });
    const res = await admin.post('/api/content-pages', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(
      await t.db.select().from(contentPages).where(eq(contentPages.slug, 'valid-slug-for-rules')),
    ).toEqual([]);
  });

  it('updates a whole page, keeping its own slug, and sets updatedAt', async () => {
    const [returns] = await t.db.select().from(contentPages).where(eq(contentPages.slug, 'returns'));
    const res = await admin.put(`/api/content-pages/${returns!.id}`, {
      title: 'Returns',
      slug: 'returns',
      content: '<p>New <strong>policy</strong></p>',
      isStructured: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: returns!.id,
      title: 'Returns',
      content: '<p>New <strong>policy</strong></p>',
      isStructured: true,
    });
    expect(res.json().updatedAt).not.toBeNull();
    const publicRes = await guest.get('/api/content-pages/slug/returns');
    expect(publicRes.json().content).toBe('<p>New <strong>policy</strong></p>');
  });

  it("refuses to move a page onto another page's slug with 409", async () => {
    const [returns] = await t.db.select().from(contentPages).where(eq(contentPages.slug, 'returns'));
    const res = await admin.put(`/api/content-pages/${returns!.id}`, page({ slug: 'holiday-hours' }));
    expect(res.statusCode).toBe(409);
    const [after] = await t.db.select().from(contentPages).where(eq(contentPages.id, returns!.id));
    expect(after!.slug).toBe('returns');
  });

  it('answers 404 for a page that does not exist and 400 for a bad id', async () => {
    expect((await admin.put('/api/content-pages/999999', page({ slug: 'ghost' }))).statusCode).toBe(404);
    expect((await admin.delete('/api/content-pages/999999')).statusCode).toBe(404);
    expect((await admin.put('/api/content-pages/abc', page({ slug: 'ghost' }))).statusCode).toBe(400);
  });

  it('deletes a page (204), after which its slug answers 404 and can be reused', async () => {
    const created = (await admin.post('/api/content-pages', page({ slug: 'temporary' }))).json();
    const res = await admin.delete(`/api/content-pages/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await guest.get('/api/content-pages/slug/temporary')).statusCode).toBe(404);
    expect((await admin.post('/api/content-pages', page({ slug: 'temporary' }))).statusCode).toBe(201);
  });

  it('accepts a page with an embedded image larger than the default 1 MiB body limit', async () => {
    const base64 = Buffer.alloc(1_200_000, 7).toString('base64');
    const res = await admin.post(
      '/api/content-pages',
      page({ slug: 'big-picture', content: `<p><img src="data:image/png;base64,${base64}"></p>` }),
    );
    expect(res.statusCode).toBe(201);
    // Compared as a boolean: a failure must not print megabytes.
    expect(res.json().content === `<p><img src="data:image/png;base64,${base64}" /></p>`).toBe(true);
  });
});

describe('unpublished pages', () => {
  it('are drafts: administrators read and list them, shoppers get 404 and do not see them listed', async () => {
    const created = await admin.post('/api/content-pages', page({ slug: 'draft-page', published: false }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'draft-page', published: false });
    expect((await admin.get('/api/content-pages/slug/draft-page')).statusCode).toBe(200);
    for (const client of [guest, customer]) {
      expect((await client.get('/api/content-pages/slug/draft-page')).statusCode).toBe(404);
      const slugs = (await client.get('/api/content-pages')).json().map((p: { slug: string }) => p.slug);
      expect(slugs).not.toContain('draft-page');
    }
    const listed = (await admin.get('/api/content-pages')).json().map((p: { slug: string }) => p.slug);
    expect(listed).toContain('draft-page');
    const published = await admin.put(
      `/api/content-pages/${created.json().id}`,
      page({ slug: 'draft-page' }),
    );
    expect(published.json().published).toBe(true);
    expect((await guest.get('/api/content-pages/slug/draft-page')).statusCode).toBe(200);
  });
});
