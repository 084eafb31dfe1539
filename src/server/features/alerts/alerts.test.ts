// New-arrival alerts and price watches over the real HTTP layer, read from a real SMTP server on loopback
// (docs/decisions/0572-new-arrival-alerts-and-price-watches.md): a saved search, two matching lots and
// one that is not, exactly one digest with the two, nothing on a second run; a price drop on a watched lot
// sends one e-mail, a watched lot that sells says so; the one-click stop works without signing in; bad
// input changes nothing.
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productWatches, products, savedSearches } from '~/server/db/schema';
import { PICKUP_DEFAULTS } from '~/shared/pickup';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { sendAlertDigests, sendWatchAlerts } from './job';
import { alertStopToken } from './service';

let t: TestApp;
let inbox: SmtpInbox;
let customer: TestClient;
let email: string;
let userId: number;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.url } });
  const user = await createUser(t.db);
  email = user.email;
  userId = user.id;
  customer = new TestClient(t.app);
  await signInAs(t.db, customer, user.id);
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const mailsToCustomer = () => inbox.mailsTo(email);
/** A received message's List-Unsubscribe headers, from the raw text the server got (folded lines unfolded). */
function listHeaders(mail: ParsedMail) {
  const raw = inbox.messages.find((m) => m.mail === mail)!.raw.replace(/\r?\n[ \t]+/g, ' ');
  return {
    post: /^List-Unsubscribe-Post: (.*?)\r?$/m.exec(raw)?.[1],
    url: /^List-Unsubscribe: <(.*?)>\r?$/m.exec(raw)?.[1],
  };
}

describe('saved searches and the daily digest', () => {
  it('e-mails the two matching lots once, then nothing', async () => {
    const saved = await customer.post('/api/account/saved-searches', {
      query: '?q=dyson&condition=used-good&page=3&sort=price-low',
    });
    expect(saved.statusCode).toBe(201);
    // Page and sort are not part of a search; the filters are kept in one order.
    expect(saved.json()).toMatchObject({ name: 'dyson', query: 'q=dyson&condition=used-good' });
    const again = await customer.post('/api/account/saved-searches', {
      query: 'condition=used-good&q=dyson',
    });
    expect(again.json().id).toBe(saved.json().id);

    await createProduct(t.db, {
      name: 'Dyson V8 Vacuum',
      slug: 'alert-dyson-v8',
      condition: 'used-good',
      price: '149.99',
    });
    await createProduct(t.db, {
      name: 'Dyson V11 Torque',
      slug: 'alert-dyson-v11',
      condition: 'used-good',
      price: '299.00',
    });
    // A Dyson in another grade, and a lot that is not a Dyson: neither matches.
    await createProduct(t.db, { name: 'Dyson Airwrap', slug: 'alert-dyson-new', condition: 'new' });
    await createProduct(t.db, { name: 'Shark Navigator', slug: 'alert-shark', condition: 'used-good' });

    expect(await sendAlertDigests(t.app.ctx)).toBe(1);
    await inbox.next();
    const [digest, ...more] = mailsToCustomer();
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('2 new lots for your saved searches');
    expect(digest!.text).toContain('For "dyson"');
    expect(digest!.text).toContain('Dyson V8 Vacuum: $149.99 http://store.test/products/alert-dyson-v8');
    expect(digest!.text).toContain('Dyson V11 Torque: $299.00 http://store.test/products/alert-dyson-v11');
    expect(digest!.text).not.toContain('Airwrap');
    expect(digest!.text).not.toContain('Shark');
    // The sender named with the store's postal address (no mailing address set: the pickup place).
    const { STORE_NAME, STORE_EMAIL } = t.app.ctx.config;
    const address = PICKUP_DEFAULTS.address.replaceAll('\n', ', ');
    expect(digest!.text).toContain(
      `This message is sent by ${STORE_NAME}, ${address}. Contact: ${STORE_EMAIL}.`,
    );
    // The consent feature's one-click unsubscribe, in the text and in the headers (RFC 2369, RFC 8058).
    const link =
      /Unsubscribe in one click \(stops every alert and newsletter from this store\): (http:\/\/store\.test\/api\/unsubscribe\/[\w.-]+)/.exec(
        digest!.text!,
      )![1]!;
    expect(listHeaders(digest!)).toEqual({ post: 'List-Unsubscribe=One-Click', url: link });
    expect(digest!.html).toContain(`href="${link}"`);

    // Run again (the same day, or a later one with nothing new): no second e-mail.
    expect(await sendAlertDigests(t.app.ctx)).toBe(0);
    expect(await sendAlertDigests(t.app.ctx, new Date(Date.now() + 86_400_000))).toBe(0);
    expect(mailsToCustomer()).toHaveLength(1);
  });

  it('refuses a search with bad filters, a guest, and more than 20 searches, saving nothing', async () => {
    const before = await t.db.select().from(savedSearches);
    const bad = await customer.post('/api/account/saved-searches', { query: 'minPrice=cheap' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Minimum price must be a number of 0 or more.');
    expect(
      (await customer.post('/api/account/saved-searches', { query: 'condition=shiny' })).statusCode,
    ).toBe(400);
    expect((await customer.post('/api/account/saved-searches', {})).statusCode).toBe(400);
    const guest = new TestClient(t.app);
    expect((await guest.post('/api/account/saved-searches', { query: 'q=tv' })).statusCode).toBe(401);
    expect(await t.db.select().from(savedSearches)).toEqual(before);

    const other = await createUser(t.db);
    const client = new TestClient(t.app);
    await signInAs(t.db, client, other.id);
    for (let i = 0; i < 20; i++)
      expect(
        (await client.post('/api/account/saved-searches', { query: `maxPrice=${i + 1}` })).statusCode,
      ).toBe(201);
    const over = await client.post('/api/account/saved-searches', { query: 'maxPrice=99' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('You can save up to 20 searches. Delete one to save another.');
    // Another customer's search cannot be deleted by id.
    const mine = (await customer.get('/api/account/saved-searches')).json();
    expect((await client.delete(`/api/account/saved-searches/${mine[0].id}`)).statusCode).toBe(404);
  });
});

describe('price watches', () => {
  it('sends one e-mail when a watched price drops, and one when a watched lot sells first', async () => {
    const kettle = await createProduct(t.db, {
      name: 'Watched Kettle',
      slug: 'watched-kettle',
      price: '40.00',
    });
    const lamp = await createProduct(t.db, {
      name: 'Watched Lamp',
      slug: 'watched-lamp',
      price: '25.00',
      stock: 1,
    });
    const watch = await customer.post('/api/account/watches', { productId: kettle.id });
    expect(watch.statusCode).toBe(201);
    expect(watch.json()).toMatchObject({ productId: kettle.id, watchedPrice: '40.00', notifiedAt: null });
    expect((await customer.post('/api/account/watches', { productId: lamp.id })).statusCode).toBe(201);
    const before = mailsToCustomer().length;

    // Nothing changed: nothing to say.
    expect(await sendWatchAlerts(t.app.ctx)).toBe(0);

    // Marked down from $40.00 to $31.99; the lamp sells.
    await t.db.update(products).set({ price: '31.99' }).where(eq(products.id, kettle.id));
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, lamp.id));
    expect(await sendWatchAlerts(t.app.ctx)).toBe(2);
    await inbox.next();
    await inbox.next();
    const mails = mailsToCustomer().slice(before);
    const drop = mails.find((m) => m.subject === 'Price drop: Watched Kettle');
    expect(drop!.text).toContain('The price of a lot you watch dropped from $40.00 to $31.99.');
    expect(listHeaders(drop!).post).toBe('List-Unsubscribe=One-Click');
    expect(drop!.text).toMatch(/Unsubscribe in one click .*http:\/\/store\.test\/api\/unsubscribe\//);
    const sold = mails.find((m) => m.subject === 'Sold: Watched Lamp');
    expect(sold!.text).toContain(
      'A lot you watched has sold or is no longer for sale, before its price dropped.',
    );

    // Each watch says its news once.
    await t.db.update(products).set({ price: '20.00' }).where(eq(products.id, kettle.id));
    expect(await sendWatchAlerts(t.app.ctx)).toBe(0);
    const listed = (await customer.get('/api/account/watches')).json();
    expect(listed.every((w: { notifiedAt: string | null }) => w.notifiedAt !== null)).toBe(true);
  });

  it('refuses to watch a lot not for sale or unknown', async () => {
    const hidden = await createProduct(t.db, { slug: 'hidden-watch', active: false });
    expect((await customer.post('/api/account/watches', { productId: hidden.id })).statusCode).toBe(400);
    expect((await customer.post('/api/account/watches', { productId: 2_000_000_000 })).statusCode).toBe(400);
    expect((await customer.post('/api/account/watches', { productId: 'x' })).statusCode).toBe(400);
  });
});

describe('the one-click stop', () => {
  it('deletes every alert of the link’s customer without signing in; a forged link does nothing', async () => {
    // E-mails sent before decision 0580 carry this link; it keeps working.
    const url = `/api/account/alerts/stop/${alertStopToken(t.app.ctx.config.sessionSecret, userId)}`;
    const forged = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const guest = new TestClient(t.app);
    expect((await guest.get(forged)).statusCode).toBe(404);
    expect((await customer.get('/api/account/saved-searches')).json()).toHaveLength(1);
    const stop = await guest.get(url);
    expect(stop.statusCode).toBe(200);
    expect(stop.json().message).toBe('Your alerts are stopped: you will get no more alert e-mails.');
    expect((await customer.get('/api/account/saved-searches')).json()).toEqual([]);
    expect((await customer.get('/api/account/watches')).json()).toEqual([]);
  });
});

describe('the consent feature’s one-click unsubscribe (decision 0580)', () => {
  it('a mail client’s one-click POST withdraws consent: no digest and no watch e-mail after it', async () => {
    // The earlier tests' customers are done: only this one's alerts are left.
    await t.db.delete(savedSearches);
    await t.db.delete(productWatches);
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    await signInAs(t.db, client, user.id);
    expect((await client.post('/api/account/saved-searches', { query: 'q=toaster' })).statusCode).toBe(201);
    const kettle = await createProduct(t.db, { name: 'Unsub Kettle', slug: 'unsub-kettle', price: '50.00' });
    expect((await client.post('/api/account/watches', { productId: kettle.id })).statusCode).toBe(201);
    await createProduct(t.db, { name: 'Toaster Deluxe', slug: 'unsub-toaster-1' });
    expect(await sendAlertDigests(t.app.ctx)).toBe(1);
    await inbox.next();
    const [digest] = inbox.mailsTo(user.email);
    const link = listHeaders(digest!).url!;
    const path = link.replace('http://store.test', '');

    // What a mail client posts for RFC 8058.
    const posted = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);

    // A new matching lot on a later day and a price drop: nothing is sent, and the alerts are gone.
    await createProduct(t.db, { name: 'Toaster Max', slug: 'unsub-toaster-2' });
    await t.db.update(products).set({ price: '10.00' }).where(eq(products.id, kettle.id));
    expect(await sendAlertDigests(t.app.ctx, new Date(Date.now() + 86_400_000))).toBe(0);
    expect(await sendWatchAlerts(t.app.ctx)).toBe(0);
    expect(inbox.mailsTo(user.email)).toHaveLength(1);
    expect((await client.get('/api/account/saved-searches')).json()).toEqual([]);
    expect((await client.get('/api/account/watches')).json()).toEqual([]);

    // Asking again is a new request: a search saved after the withdrawal is sent.
    expect((await client.post('/api/account/saved-searches', { query: 'q=toaster' })).statusCode).toBe(201);
    await createProduct(t.db, { name: 'Toaster Ultra', slug: 'unsub-toaster-3' });
    expect(await sendAlertDigests(t.app.ctx, new Date(Date.now() + 2 * 86_400_000))).toBe(1);
  });
});
