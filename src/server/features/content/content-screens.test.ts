// The public content screens as the server renders them: data in the HTML, 404 for a missing page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages, faqItems } from '~/server/db/schema';
import { createTestApp, sourceRenderer, type TestApp } from '~/server/test/test-app';
import { createPage } from './service';
import { createUser } from '~/server/test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ renderer: await sourceRenderer(), env: { STORE_EMAIL: 'care@store.example' } });
  const admin = await createUser(t.db, { isAdmin: true });
  await createPage(
    t.app.ctx,
    {
      title: 'Shipping Information',
      slug: 'shipping',
      content:
        '<h2>Where we ship</h2><ul><li>Canada</li><li>US</li></ul><p><img src=x onerror="alert(1)"><script>alert(2)</script>Fast.</p>',
      isStructured: false,
      published: true,
    },
    admin.id,
  );
  await t.db
    .insert(contentPages)
    .values({ slug: 'terms', title: 'Terms of Service', content: '<p>Be nice.</p>' });
  await t.db.insert(contentPages).values([
    {
      slug: 'holiday-hours',
      title: 'Holiday Hours',
      content: '<p>Closed on December 25 &amp; January 1. Open every other day.</p>',
    },
    { slug: 'secret-sale', title: 'Secret Sale', content: '<p>Not yet.</p>', published: false },
  ]);
  await t.db.insert(faqItems).values([
    { question: 'Second question?', answer: '<p>Second answer.</p>', sortOrder: 2 },
    { question: 'First question?', answer: '<p>First <strong>answer</strong>.</p>', sortOrder: 1 },
    { question: 'Hidden draft?', answer: '<p>Draft.</p>', sortOrder: 0, active: false },
  ]);
});
afterAll(() => t.close());

describe('static content pages', () => {
  it('renders the page title and its sanitised HTML on the server', async () => {
    const res = await t.app.inject('/shipping');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<h1 class="mb-6 text-3xl font-bold tracking-tight">Shipping Information</h1>',
    );
    expect(res.body).toContain(
      '<div class="rich-text"><h2>Where we ship</h2><ul><li>Canada</li><li>US</li></ul><p>Fast.</p></div>',
    );
    expect(res.body).toMatch(/<title>Shipping Information \| [^<]+<\/title>/);
    expect(res.body).not.toContain('onerror');
    expect(res.body).not.toContain('alert(2)');
  });

  it('serves each of the five slugs from its own page', async () => {
    expect((await t.app.inject('/terms')).body).toContain('Be nice.');
  });

  it('answers the not-found screen with status 404 when the page does not exist', async () => {
    for (const path of ['/returns', '/privacy', '/sitemap']) {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('404 Page Not Found');
    }
  });
});

describe('/pages/{slug}', () => {
  it('serves any published page on the server with its title, description and canonical address', async () => {
    const res = await t.app.inject('/pages/holiday-hours');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 class="mb-6 text-3xl font-bold tracking-tight">Holiday Hours</h1>');
    expect(res.body).toMatch(/<title>Holiday Hours \| [^<]+<\/title>/);
    expect(res.body).toMatch(
      /<meta name="description" content="Closed on December 25 &amp; January 1\. Open every other day\."/,
    );
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/pages\/holiday-hours"/);
  });

  it('gives a fixed page the canonical address of its own', async () => {
    const res = await t.app.inject('/pages/terms');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/terms"/);
  });

  it('answers 404 for an unknown or unpublished slug', async () => {
    for (const path of ['/pages/no-such-page', '/pages/secret-sale']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('404 Page Not Found');
      expect(res.body).not.toContain('Not yet.');
    }
    expect((await t.app.inject('/api/content-pages/slug/secret-sale')).statusCode).toBe(404);
  });

  it('lists the published pages in the sitemap, fixed ones at their own addresses', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<loc>http:\/\/[^<]+\/pages\/holiday-hours<\/loc>/);
    expect(res.body).toMatch(/<loc>http:\/\/[^<]+\/shipping<\/loc>/);
    expect(res.body).not.toContain('/pages/shipping');
    expect(res.body).not.toContain('secret-sale');
  });
});

describe('/faq', () => {
  it('renders the title, the search box and only active questions by sortOrder', async () => {
    const res = await t.app.inject('/faq');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Frequently Asked Questions');
    expect(res.body).toContain('placeholder="Search FAQ..."');
    const first = res.body.indexOf('First question?');
    const second = res.body.indexOf('Second question?');
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(res.body).not.toContain('Hidden draft?');
    // Structured data for search engines carries the answers as text.
    expect(res.body).toContain('"@type":"FAQPage"');
  });
});

describe('/contact', () => {
  it('renders the form with the five subjects and the store e-mail address', async () => {
    const res = await t.app.inject('/contact');
    expect(res.statusCode).toBe(200);
    for (const label of [
      'Order Inquiry',
      'Shipping &amp; Delivery',
      'Returns &amp; Refunds',
      'Product Information',
      'Other',
    ]) {
      expect(res.body).toContain(label);
    }
    expect(res.body).toContain('mailto:care@store.example');
    expect(res.body).toContain('Store Location');
    // No third-party request until the visitor asks for the map.
    expect(res.body).not.toContain('<iframe');
  });
});
