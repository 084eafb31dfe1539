import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProduct, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, sourceRenderer, type TestApp } from '~/server/test/test-app';

let standard: TestApp;
let westCoast: TestApp;
let pacific: TestApp;
beforeAll(async () => {
  [standard, westCoast, pacific] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { STORE_PROVINCE: 'BC', STORE_NAME: 'Coast Liquidation' } }),
    createTestApp({ env: { STORE_TIMEZONE: 'Pacific/Kiritimati' }, renderer: await sourceRenderer() }),
  ]);
  // Only Thursdays have a discount.
  await setWeekdayDiscounts(pacific.db, [0, 0, 0, 0, 35, 0, 0]);
  await createProduct(pacific.db, { name: 'Desk Lamp', slug: 'desk-lamp', price: '20.00' });
});
afterAll(() => Promise.all([standard.close(), westCoast.close(), pacific.close()]));
afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/site-config', () => {
  it("tells the browser the store's name, address and pickup province from the configuration", async () => {
    const res = await westCoast.app.inject('/api/site-config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ storeName: 'Coast Liquidation', storeProvince: 'BC' });
  });

  it('answers Ontario when STORE_PROVINCE is not set', async () => {
    expect((await standard.app.inject('/api/site-config')).json()).toMatchObject({ storeProvince: 'ON' });
  });

  it("gives the store's time zone and its date there, from STORE_TIMEZONE", async () => {
    // 23:30 UTC on New Year's Eve: still 2025 in Toronto, already 2026 on Kiritimati (UTC+14).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-31T23:30:00Z'));
    expect((await standard.app.inject('/api/site-config')).json()).toMatchObject({
      timeZone: 'America/Toronto',
      today: '2025-12-31',
    });
    expect((await pacific.app.inject('/api/site-config')).json()).toMatchObject({
      timeZone: 'Pacific/Kiritimati',
      today: '2026-01-01',
    });
  });
});

describe('test payments in the site configuration (docs/decisions/0115-test-payments-only-on-purpose.md)', () => {
  it('says so while the local test payment page takes the payments, and every page shows the banner', async () => {
    expect((await pacific.app.inject('/api/site-config')).json()).toMatchObject({ testPayments: true });
    for (const url of ['/', '/cart', '/products/desk-lamp', '/no/such/page']) {
      const res = await pacific.app.inject(url);
      expect(res.body).toContain(
        '<aside aria-label="Test store" class="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950" data-testid="test-store-banner"><p>Test store: no payment is taken.</p></aside>',
      );
    }
  });

  it('says no with Square, and pages carry no banner', async () => {
    const square = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'square',
        SQUARE_ACCESS_TOKEN: 'token',
        SQUARE_LOCATION_ID: 'LOC',
        SQUARE_WEBHOOK_SIGNATURE_KEY: 'key',
      },
      renderer: await sourceRenderer(),
    });
    try {
      expect((await square.app.inject('/api/site-config')).json()).toMatchObject({ testPayments: false });
      const page = await square.app.inject('/');
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('Test store');
    } finally {
      await square.close();
    }
  });
});

describe("server-rendered pages and the store's date", () => {
  it("take the footer year and the deals weekday from the store's time zone, and hand both to the browser", async () => {
    // 23:30 UTC on Wednesday 31 December 2025 is Thursday 1 January 2026 on Kiritimati.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-31T23:30:00Z'));
    const res = await pacific.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="deal-badge">Thursday: 35% OFF<');
    expect(res.body).toContain('© 2026 ');
    // The browser hydrates from the same site configuration rather than its own clock or a new request.
    const state = JSON.parse(
      /<script id="__STATE__" type="application\/json">(.*?)<\/script>/s.exec(res.body)![1]!,
    );
    const siteConfig = state.dehydrated.queries.find(
      (q: { queryKey: unknown[] }) => q.queryKey[0] === '/api/site-config',
    );
    expect(siteConfig.state.data).toMatchObject({ timeZone: 'Pacific/Kiritimati', today: '2026-01-01' });
  });

  it("says a daily price is valid until the end of the store's day", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-31T23:30:00Z'));
    const res = await pacific.app.inject('/products/desk-lamp');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"price":"13.00"');
    expect(res.body).toContain('"priceValidUntil":"2026-01-01"');
  });
});
