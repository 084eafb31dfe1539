// Marketing consent (CASL): the proof of every consent, the checkout's unticked box, implied consent
// and its end, the one-click unsubscribe link without signing in, and the headers of a marketing message.
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contactMessages,
  mailOutbox,
  marketingConsents,
  orders,
  rateLimits,
  subscribers,
} from '~/server/db/schema';
import { postCheckout, validBody } from '~/server/features/checkout/test-support';
import {
  createProduct,
  createUser,
  seedStoreSettings,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { insertOrder } from '~/server/test/order-fixtures';
import { startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', STORE_NAME: 'Bargain Barn' } });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
  admin = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(marketingConsents);
  await t.db.delete(subscribers);
  await t.db.delete(mailOutbox);
  await t.db.delete(contactMessages);
  await t.db.delete(orders);
  await t.db.delete(rateLimits);
});

const EN_WORDING =
  'Yes, Bargain Barn may send me deals and news by e-mail. I can unsubscribe at any time with the link in every message.';
const FR_WORDING =
  'Oui, Bargain Barn peut m’envoyer ses aubaines et nouvelles par courriel. Je peux me désabonner en tout temps avec le lien de chaque message.';

const POPUP_WORDING = 'I agree to receive promotional emails. I can unsubscribe at any time.';
const subscribe = (email: string, headers: Record<string, string> = {}, source?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscribers',
    payload: { email, ...(source ? { source } : {}) },
    headers: { 'x-forwarded-for': '203.0.113.7', ...headers },
  });
const campaign = () =>
  admin.post('/api/admin/consents/campaigns', {
    subject: 'This week’s lots',
    subjectFr: 'Les lots de la semaine',
    text: 'Forty new pallets are in.',
    textFr: 'Quarante nouvelles palettes sont arrivées.',
  });
const marketingTo = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'marketing'), sql`lower(${mailOutbox.to}) = lower(${email})`));
const unsubscribePath = (row: { headers: Record<string, string> | null }) =>
  new URL(/^<(.+)>$/.exec(row.headers!['List-Unsubscribe']!)![1]!).pathname;

async function checkout(marketingOptIn: boolean | undefined) {
  const product = await createProduct(t.db, { price: '10.00', stock: 5 });
  const client = new TestClient(t.app);
  const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
  if (marketingOptIn !== undefined) body.orderData.marketingOptIn = marketingOptIn;
  const res = await postCheckout(client, body);
  expect(res.statusCode).toBe(200);
  return res;
}

describe('consent at checkout', () => {
  it('with the box unticked (absent or false) records no consent and a campaign sends jane nothing', async () => {
    await checkout(undefined);
    await checkout(false);
    expect(await t.db.select().from(marketingConsents)).toEqual([]);
    expect(await t.db.select().from(subscribers)).toEqual([]);
    // The checkout itself queued no marketing message, and an unpaid checkout is no purchase: no implied consent.
    expect(await marketingTo('jane@example.com')).toEqual([]);
    expect((await campaign()).json()).toEqual({ queued: 0 });
    expect(await marketingTo('jane@example.com')).toEqual([]);
  });

  it('with the box ticked records the wording shown, language, source, order, time and address', async () => {
    const before = Date.now();
    await checkout(true);
    const [row] = await t.db.select().from(marketingConsents);
    const [order] = await t.db.select().from(orders);
    expect(row).toMatchObject({
      email: 'jane@example.com',
      action: 'granted',
      source: 'checkout',
      wording: EN_WORDING,
      locale: 'en',
      orderId: order!.id,
    });
    expect(row!.ipAddress).toMatch(/^10\./);
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await campaign()).json()).toEqual({ queued: 1 });
  });

  it('refuses a marketingOptIn that is not true or false with 400', async () => {
    const product = await createProduct(t.db, { price: '10.00', stock: 5 });
    const client = new TestClient(t.app);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    const res = await postCheckout(client, {
      ...body,
      orderData: { ...body.orderData, marketingOptIn: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(orders)).toEqual([]);
  });
});

describe('sign-up forms', () => {
  it('store the wording in the page’s language with the form and the address', async () => {
    expect((await subscribe('ann@example.com', {}, 'popup')).statusCode).toBe(200);
    expect((await subscribe('luc@example.com', { 'accept-language': 'fr-CA' })).statusCode).toBe(200);
    const rows = await t.db.select().from(marketingConsents).orderBy(marketingConsents.id);
    expect(rows.map((r) => [r.email, r.source, r.locale, r.wording, r.ipAddress])).toEqual([
      ['ann@example.com', 'popup', 'en', POPUP_WORDING, '203.0.113.7'],
      ['luc@example.com', 'footer', 'fr', FR_WORDING, '203.0.113.7'],
    ]);
  });

  it('refuses an unknown form with 400 and records nothing', async () => {
    expect((await subscribe('ann@example.com', {}, 'sms')).statusCode).toBe(400);
    expect(await t.db.select().from(marketingConsents)).toEqual([]);
  });
});

describe('a marketing message', () => {
  it('names the sender with the postal address and carries the RFC 8058 headers in the outbox', async () => {
    await subscribe('ann@example.com');
    expect((await campaign()).json()).toEqual({ queued: 1 });
    const [row] = await marketingTo('ann@example.com');
    expect(row!.subject).toBe('This week’s lots');
    expect(row!.headers!['List-Unsubscribe']).toMatch(
      /^<http:\/\/store\.test\/api\/unsubscribe\/[\w.-]{40,}>$/,
    );
    expect(row!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The pickup address stands in for the postal address until the setting is filled in.
    expect(row!.text).toContain('This message is sent by Bargain Barn, ');
    expect(row!.text).toContain(
      `Unsubscribe (one click, no sign-in): http://store.test${unsubscribePath(row!)}`,
    );
    expect(row!.html).toContain(unsubscribePath(row!));
  });

  it('uses the mailing address setting and the subscriber’s language', async () => {
    expect(
      (await admin.patch('/api/admin/settings', { mailingAddress: '1 Rue du Port, Montréal QC H2X 1A1' }))
        .statusCode,
    ).toBe(200);
    await subscribe('luc@example.com', { 'accept-language': 'fr' });
    await campaign();
    const [row] = await marketingTo('luc@example.com');
    expect(row!.subject).toBe('Les lots de la semaine');
    expect(row!.text).toContain('Quarante nouvelles palettes sont arrivées.');
    expect(row!.text).toContain(
      'Ce message vous est envoyé par Bargain Barn, 1 Rue du Port, Montréal QC H2X 1A1.',
    );
    await admin.patch('/api/admin/settings', { mailingAddress: '' });
  });

  it('transactional e-mails carry no unsubscribe headers', async () => {
    await checkout(true);
    const rows = await t.db.select().from(mailOutbox).where(sql`${mailOutbox.kind} <> 'marketing'`);
    for (const r of rows) expect(r.headers).toBeNull();
  });
});

describe('the unsubscribe link', () => {
  it('works on GET without signing in, at once, with a confirmation in the message’s language', async () => {
    await subscribe('luc@example.com', { 'accept-language': 'fr' });
    await campaign();
    const [row] = await marketingTo('luc@example.com');
    const res = await t.app.inject({ method: 'GET', url: unsubscribePath(row!) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="fr-CA">');
    expect(res.body).toContain('luc@example.com ne recevra plus de courriels promotionnels de Bargain Barn.');
    const events = await t.db.select().from(marketingConsents).orderBy(marketingConsents.id);
    expect(events.map((e) => [e.action, e.source, e.locale])).toEqual([
      ['granted', 'footer', 'fr'],
      ['withdrawn', 'unsubscribe-link', 'fr'],
    ]);
    expect(events[1]!.wording).toBe('Désabonnement des courriels promotionnels de Bargain Barn.');
    expect(await t.db.select().from(subscribers)).toEqual([]);
    // Honoured at once: the next campaign leaves the address out.
    await t.db.delete(mailOutbox);
    expect((await campaign()).json()).toEqual({ queued: 0 });
  });

  it('works as a mail client’s one-click POST from another origin', async () => {
    await subscribe('ann@example.com');
    await campaign();
    const [row] = await marketingTo('ann@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: unsubscribePath(row!),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('ann@example.com will receive no more marketing e-mail from Bargain Barn.');
    const [last] = await t.db
      .select()
      .from(marketingConsents)
      .where(eq(marketingConsents.action, 'withdrawn'));
    expect(last).toMatchObject({ email: 'ann@example.com', source: 'one-click', locale: 'en' });
    expect(last!.wording).toBe('Unsubscribed from Bargain Barn’s marketing e-mail.');
  });

  it('also ends implied consent: a buyer who unsubscribes gets no more campaigns', async () => {
    await insertOrder(t.db, {
      customerEmail: 'pat@example.com',
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await campaign();
    const [row] = await marketingTo('pat@example.com');
    expect((await t.app.inject(unsubscribePath(row!))).statusCode).toBe(200);
    await t.db.delete(mailOutbox);
    expect((await campaign()).json()).toEqual({ queued: 0 });
  });

  it('answers 400 with a page for a token the store did not make, and records nothing', async () => {
    for (const token of ['nope', 'a.b.c', `${'x'.repeat(20)}.${'y'.repeat(30)}.${'z'.repeat(22)}`]) {
      const res = await t.app.inject(`/api/unsubscribe/${token}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('This unsubscribe link is not valid.');
    }
    expect(await t.db.select().from(marketingConsents)).toEqual([]);
  });
});

describe('implied consent', () => {
  const DAY = 86_400_000;
  it('lasts 2 years after a purchase and 6 months after an inquiry, then ends', async () => {
    const now = Date.now();
    await insertOrder(t.db, { customerEmail: 'recent@example.com', createdAt: new Date(now - 400 * DAY) });
    await insertOrder(t.db, { customerEmail: 'old@example.com', createdAt: new Date(now - 740 * DAY) });
    await insertOrder(t.db, {
      customerEmail: 'unpaid@example.com',
      paymentStatus: 'pending',
      createdAt: new Date(now - DAY),
    });
    const message = { name: 'Q', subject: 'general', message: 'Hello there, a question.' };
    await t.db.insert(contactMessages).values([
      { ...message, email: 'asked@example.com', createdAt: new Date(now - 60 * DAY) },
      { ...message, email: 'longago@example.com', createdAt: new Date(now - 200 * DAY) },
    ]);
    await subscribe('express@example.com');

    const res = await admin.get('/api/admin/consents/subscribers.csv');
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['email', 'basis', 'reason', 'since', 'expiresAt', 'language']);
    const byEmail = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect([...byEmail.keys()].sort()).toEqual([
      'asked@example.com',
      'express@example.com',
      'recent@example.com',
    ]);
    expect(byEmail.get('express@example.com')!.slice(1, 3)).toEqual(['express', 'express']);
    expect(byEmail.get('express@example.com')![4]).toBe('');
    // A purchase 400 days ago: consent until 2 years (24 months) after it.
    const recent = byEmail.get('recent@example.com')!;
    expect(recent.slice(1, 3)).toEqual(['implied', 'implied-purchase']);
    const since = new Date(recent[3]!);
    const until = new Date(recent[4]!);
    expect(until.getUTCFullYear() - since.getUTCFullYear()).toBe(2);
    expect(until.getUTCMonth()).toBe(since.getUTCMonth());
    // An inquiry 60 days ago: consent until 6 months after it.
    const asked = byEmail.get('asked@example.com')!;
    expect(asked.slice(1, 3)).toEqual(['implied', 'implied-inquiry']);
    const months =
      (new Date(asked[4]!).getUTCFullYear() - new Date(asked[3]!).getUTCFullYear()) * 12 +
      new Date(asked[4]!).getUTCMonth() -
      new Date(asked[3]!).getUTCMonth();
    expect(months).toBe(6);
  });
});

describe('the admin history of an address', () => {
  it('lists every consent event with what holds now', async () => {
    await subscribe('ann@example.com', {}, 'popup');
    await t.db.update(marketingConsents).set({ createdAt: new Date('2026-01-05T10:00:00Z') });
    const res = await admin.get('/api/admin/consents?email=Ann%40Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'Ann@Example.com',
      current: { basis: 'express', since: '2026-01-05T10:00:00.000Z', expiresAt: null },
      events: [
        {
          email: 'ann@example.com',
          action: 'granted',
          source: 'popup',
          wording: POPUP_WORDING,
          locale: 'en',
          ipAddress: '203.0.113.7',
          createdAt: '2026-01-05T10:00:00.000Z',
        },
      ],
    });
  });

  it('is for administrators only, and a bad address is 400', async () => {
    expect((await t.app.inject('/api/admin/consents?email=a%40b.co')).statusCode).toBe(401);
    const customer = new TestClient(t.app);
    await signInAs(t.db, customer, (await createUser(t.db)).id);
    expect((await customer.get('/api/admin/consents?email=a%40b.co')).statusCode).toBe(403);
    expect((await customer.get('/api/admin/consents/subscribers.csv')).statusCode).toBe(403);
    expect((await admin.get('/api/admin/consents?email=nope')).statusCode).toBe(400);
    expect((await admin.post('/api/admin/consents/campaigns', { subject: '' })).statusCode).toBe(400);
  });
});

describe('over real SMTP', () => {
  it('hands the List-Unsubscribe headers to the mail server', async () => {
    const inbox = await startSmtpInbox();
    const smtp = await createTestApp({ env: { SMTP_URL: inbox.url, STORE_NAME: 'Bargain Barn' } });
    try {
      const boss = new TestClient(smtp.app);
      await signInAs(smtp.db, boss, (await createUser(smtp.db, { isAdmin: true })).id);
      await smtp.app.inject({
        method: 'POST',
        url: '/api/subscribers',
        payload: { email: 'ann@example.com' },
      });
      expect(
        (await boss.post('/api/admin/consents/campaigns', { subject: 'Deals', text: 'New lots.' })).json(),
      ).toEqual({ queued: 1 });
      // Sent once the campaign's answer has gone.
      await inbox.next();
      const [received] = inbox.messages.filter((m) => m.rcpt.includes('ann@example.com'));
      // The raw message as the mail server received it (folded header lines unfolded).
      const raw = received!.raw.replace(/\r?\n[ \t]+/g, ' ');
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/store\.test\/api\/unsubscribe\/[\w.-]{40,}>\r?$/m);
    } finally {
      await smtp.close();
      await inbox.close();
    }
  });
});

describe('the account’s marketing switch', () => {
  it('records a consent with the wording shown and a withdrawal, and reads implied consent', async () => {
    const user = await createUser(t.db, { email: 'kim@example.com' });
    const client = new TestClient(t.app);
    await signInAs(t.db, client, user.id);
    expect((await client.get('/api/account/marketing')).json()).toEqual({ subscribed: false, current: null });

    const on = await client.put('/api/account/marketing', { subscribed: true }, { 'accept-language': 'fr' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ subscribed: true, current: { basis: 'express', expiresAt: null } });
    const off = await client.put('/api/account/marketing', { subscribed: false });
    expect(off.json()).toEqual({ subscribed: false, current: null });
    const events = await t.db.select().from(marketingConsents).orderBy(marketingConsents.id);
    expect(events.map((e) => [e.action, e.source, e.locale, e.userId, e.wording])).toEqual([
      ['granted', 'account', 'fr', user.id, FR_WORDING],
      ['withdrawn', 'account', 'en', user.id, 'Unsubscribed from Bargain Barn’s marketing e-mail.'],
    ]);

    // A purchase after the withdrawal implies consent again, for 2 years: the switch stays off.
    await insertOrder(t.db, { userId: user.id, customerEmail: 'kim@example.com' });
    const implied = (await client.get('/api/account/marketing')).json();
    expect(implied).toMatchObject({ subscribed: false, current: { basis: 'implied-purchase' } });
  });

  it('needs a session, and a bad body is 400 that records nothing', async () => {
    expect((await t.app.inject('/api/account/marketing')).statusCode).toBe(401);
    const client = new TestClient(t.app);
    await signInAs(t.db, client, (await createUser(t.db)).id);
    expect((await client.put('/api/account/marketing', { subscribed: 'yes' })).statusCode).toBe(400);
    expect((await client.put('/api/account/marketing', {})).statusCode).toBe(400);
    expect(await t.db.select().from(marketingConsents)).toEqual([]);
  });
});
