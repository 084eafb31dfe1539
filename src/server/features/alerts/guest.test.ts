// A guest's saved search with a confirmed e-mail (docs/decisions/0583-guest-saved-searches.md), over the
// real HTTP layer and a real SMTP server on loopback: nothing is sent before the address is confirmed;
// the confirmation records the consent (wording, purpose, source, time); then one digest with the
// matching lots, nothing on a second run; the consent is for alerts only; bad input changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestSavedSearches, marketingConsents, subscribers } from '~/server/db/schema';
import { consentStatus } from '~/server/features/newsletter';
import { createProduct } from '~/server/test/fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { sendAlertDigests } from './job';

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.url } });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const EMAIL = 'Guest.Alert@example.com';

describe("a guest's saved search", () => {
  it('starts only once the e-mailed link is opened, with the consent recorded, then sends one digest', async () => {
    const guest = new TestClient(t.app);
    const saved = await guest.post('/api/alerts/guest-searches', {
      email: EMAIL,
      query: 'search=blender&condition=new&sort=price-low',
    });
    expect(saved.statusCode).toBe(202);
    expect(saved.json().message).toBe('Check your e-mail: open the link we just sent to start the alert.');
    await inbox.next();
    const [confirmation] = inbox.mailsTo(EMAIL);
    expect(confirmation!.subject).toMatch(/^Confirm your alert at /);
    expect(confirmation!.text).toContain('when new lots match "blender"');
    const link = /http:\/\/store\.test(\/api\/alerts\/confirm\/[\w-]{43})/.exec(confirmation!.text!)![1]!;

    // Before confirming: a matching lot sends nothing.
    await createProduct(t.db, { name: 'Blender Pro', slug: 'guest-blender-1', condition: 'new' });
    expect(await sendAlertDigests(t.app.ctx)).toBe(0);

    // A forged link does nothing; the real one confirms and records the consent.
    expect((await guest.get(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).statusCode).toBe(404);
    const confirmed = await guest.get(link);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['content-type']).toMatch(/^text\/html/);
    expect(confirmed.body).toContain(
      '<h1 style="font-size:1.25rem">Your alert is confirmed: we will e-mail you when new lots match.</h1>',
    );
    const consents = await t.db
      .select()
      .from(marketingConsents)
      .where(sql`lower(${marketingConsents.email}) = lower(${EMAIL})`);
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      action: 'granted',
      purpose: 'alerts',
      source: 'alert-confirmation',
      locale: 'en',
      wording: expect.stringContaining('that match my saved search. I can unsubscribe at any time.'),
    });
    expect(Date.now() - consents[0]!.createdAt.getTime()).toBeLessThan(60_000);
    // Opening the link again changes nothing.
    expect((await guest.get(link)).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(marketingConsents)
        .where(sql`lower(${marketingConsents.email}) = lower(${EMAIL})`),
    ).toHaveLength(1);
    // Alerts only: no newsletter, no campaign, no marketing consent.
    expect(await consentStatus(t.db, EMAIL)).toBeNull();
    expect(
      await t.db.select().from(subscribers).where(sql`lower(${subscribers.email}) = lower(${EMAIL})`),
    ).toEqual([]);

    // Two new matching lots and one that is not: one digest with the two, then nothing.
    await createProduct(t.db, {
      name: 'Blender Max',
      slug: 'guest-blender-2',
      condition: 'new',
      price: '59.00',
    });
    await createProduct(t.db, {
      name: 'Blender Mini',
      slug: 'guest-blender-3',
      condition: 'new',
      price: '19.99',
    });
    await createProduct(t.db, { name: 'Blender Used', slug: 'guest-blender-4', condition: 'used-good' });
    expect(await sendAlertDigests(t.app.ctx)).toBe(1);
    await inbox.next();
    const [, digest, ...more] = inbox.mailsTo(EMAIL);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('2 new lots for your saved searches');
    expect(digest!.text).toContain('Blender Max: $59.00');
    expect(digest!.text).toContain('Blender Mini: $19.99');
    expect(digest!.text).not.toContain('Blender Used');
    expect(digest!.text).not.toContain('Blender Pro');
    expect(digest!.text).toContain('because you asked for alerts at');
    expect(digest!.text).toMatch(/Unsubscribe in one click .*http:\/\/store\.test\/api\/unsubscribe\//);
    expect(await sendAlertDigests(t.app.ctx)).toBe(0);
    expect(await sendAlertDigests(t.app.ctx, new Date(Date.now() + 86_400_000))).toBe(0);
    expect(inbox.mailsTo(EMAIL)).toHaveLength(2);
  });

  it('refuses a bad address or bad filters, saving and sending nothing', async () => {
    const before = await t.db.select().from(guestSavedSearches);
    const sentBefore = inbox.messages.length;
    const guest = new TestClient(t.app);
    const bad = await guest.post('/api/alerts/guest-searches', { email: 'not-an-address', query: 'q=tv' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address.');
    const filters = await guest.post('/api/alerts/guest-searches', {
      email: 'ok@example.com',
      query: 'minPrice=cheap',
    });
    expect(filters.statusCode).toBe(400);
    expect((await guest.post('/api/alerts/guest-searches', { email: 'ok@example.com' })).statusCode).toBe(
      400,
    );
    expect(await t.db.select().from(guestSavedSearches)).toEqual(before);
    expect(inbox.messages.length).toBe(sentBefore);
  });
});
