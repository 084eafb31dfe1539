// Content pages and FAQ items in French (docs/decisions/0350-french-catalogue-fields.md): readers get
// the request's language with the English where there is no French; the editors get both.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages, faqItems } from '~/server/db/schema';
import { createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let guest: TestClient;
let admin: TestClient;
let customer: TestClient;
const FR = { 'accept-language': 'fr-CA' };

beforeAll(async () => {
  t = await createTestApp();
  guest = new TestClient(t.app);
  admin = new TestClient(t.app);
  customer = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
  await signInAs(t.db, customer, (await createUser(t.db)).id);
});
afterAll(() => t.close());

describe('content pages', () => {
  it('are written in both languages, the French HTML sanitised, and read in the request language', async () => {
    const created = await admin.post('/api/content-pages', {
      title: 'Shipping',
      titleFr: 'Livraison',
      slug: 'fr-shipping',
      content: '<p>We ship across Canada.</p>',
      contentFr: '<p>Nous livrons partout au Canada.</p><script>alert(1)</script>',
    });
    expect(created.statusCode).toBe(201);
    const page = created.json();
    expect(page).toMatchObject({ title: 'Shipping', titleFr: 'Livraison' });
    expect(page.contentFr).toBe('<p>Nous livrons partout au Canada.</p>');

    const fr = await guest.get('/api/content-pages/slug/fr-shipping', FR);
    expect(fr.json()).toMatchObject({
      title: 'Livraison',
      content: '<p>Nous livrons partout au Canada.</p>',
      languages: { title: 'fr', content: 'fr' },
    });
    expect(fr.json()).not.toHaveProperty('titleFr');
    expect(String(fr.headers.vary)).toMatch(/accept-language/i);
    expect((await guest.get('/api/content-pages/slug/fr-shipping')).json()).toMatchObject({
      title: 'Shipping',
      content: '<p>We ship across Canada.</p>',
      languages: { title: 'en', content: 'en' },
    });
    const list = (await guest.get('/api/content-pages', FR)).json() as { slug: string }[];
    expect(list.find((p) => p.slug === 'fr-shipping')).toMatchObject({
      title: 'Livraison',
      languages: { title: 'fr' },
    });
  });

  it('show the English of a page without French, marked as English', async () => {
    await admin.post('/api/content-pages', {
      title: 'Warranty',
      slug: 'fr-warranty',
      content: '<p>90 days.</p>',
    });
    expect((await guest.get('/api/content-pages/slug/fr-warranty', FR)).json()).toMatchObject({
      title: 'Warranty',
      content: '<p>90 days.</p>',
      languages: { title: 'en', content: 'en' },
    });
  });

  it('are read as stored, both languages, by the page editor only', async () => {
    const [row] = await t.db.select().from(contentPages).where(eq(contentPages.slug, 'fr-shipping'));
    const res = await admin.get(`/api/content-pages/${row!.id}`, FR);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Shipping',
      titleFr: 'Livraison',
      content: '<p>We ship across Canada.</p>',
      contentFr: '<p>Nous livrons partout au Canada.</p>',
    });
    expect((await guest.get(`/api/content-pages/${row!.id}`)).statusCode).toBe(401);
    expect((await customer.get(`/api/content-pages/${row!.id}`)).statusCode).toBe(403);
    expect((await admin.get('/api/content-pages/999999')).statusCode).toBe(404);
  });

  it('refuse a bad French title with 400 and change nothing', async () => {
    const [before] = await t.db.select().from(contentPages).where(eq(contentPages.slug, 'fr-shipping'));
    for (const titleFr of ['x'.repeat(201), 12]) {
      const res = await admin.put(`/api/content-pages/${before!.id}`, {
        title: 'Shipping',
        titleFr,
        slug: 'fr-shipping',
        content: '<p>Changed</p>',
      });
      expect(res.statusCode).toBe(400);
    }
    const [after] = await t.db.select().from(contentPages).where(eq(contentPages.id, before!.id));
    expect(after).toEqual(before);
  });
});

describe('FAQ items', () => {
  it('are written in both languages and read in the request language, English where there is no French', async () => {
    await t.db.delete(faqItems);
    const first = await admin.post('/api/faq-items', {
      question: 'Do you ship to Quebec?',
      questionFr: 'Livrez-vous au Québec?',
      answer: '<p>Yes.</p>',
      answerFr: '<p>Oui.</p><img src=x onerror=alert(1)>',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ questionFr: 'Livrez-vous au Québec?' });
    expect(first.json().answerFr).not.toContain('onerror');
    await admin.post('/api/faq-items', { question: 'Can I pick up?', answer: '<p>In Montreal.</p>' });

    const fr = await guest.get('/api/faq-items', FR);
    expect(fr.json()).toMatchObject([
      { question: 'Livrez-vous au Québec?', languages: { question: 'fr', answer: 'fr' } },
      {
        question: 'Can I pick up?',
        answer: '<p>In Montreal.</p>',
        languages: { question: 'en', answer: 'en' },
      },
    ]);
    expect(fr.json()[0]).not.toHaveProperty('questionFr');
    expect(String(fr.headers.vary)).toMatch(/accept-language/i);
    expect((await guest.get('/api/faq-items')).json()[0].question).toBe('Do you ship to Quebec?');

    // The editor's list: both languages as stored, whatever the request's language.
    const all = (await admin.get('/api/faq-items?all=true', FR)).json();
    expect(all).toMatchObject([
      { question: 'Do you ship to Quebec?', questionFr: 'Livrez-vous au Québec?' },
      { question: 'Can I pick up?', questionFr: '', answerFr: '' },
    ]);
    expect(all[0]).not.toHaveProperty('languages');
  });

  it('refuse a bad French question with 400 and change nothing', async () => {
    const before = await t.db.select().from(faqItems);
    const res = await admin.post('/api/faq-items', {
      question: 'Gift cards?',
      questionFr: 'x'.repeat(501),
      answer: '<p>Not yet.</p>',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('French question must be at most 500 characters');
    expect(await t.db.select().from(faqItems)).toEqual(before);
  });
});
