import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox, rateLimits } from '~/server/db/schema';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { CONTACT_LIMITS } from './routes';

let t: TestApp;
beforeAll(async () => {
  // Stands for many clients by varying X-Forwarded-For (per-address limits), so it trusts the header.
  t = await createTestApp({ env: { STORE_EMAIL: 'owner@store.example', TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(contactMessages);
  await t.db.delete(mailOutbox);
  await t.db.delete(rateLimits);
});

let ipCounter = 1;
const freshIp = () => `203.0.113.${ipCounter++}`;
const send = (payload: Record<string, unknown>, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, headers: { 'x-forwarded-for': ip } });
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  subject: 'returns',
  message: 'My blender arrived with a cracked jug.',
  ...overrides,
});

describe('POST /api/contact', () => {
  it('stores the message and e-mails it to the store address (outbox without SMTP)', async () => {
    const res = await send(valid());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: "Thank you for your message. We'll get back to you soon!" });
    const [stored] = await t.db.select().from(contactMessages);
    expect(stored).toMatchObject({
      name: 'Jane Doe',
      email: 'jane@example.com',
      subject: 'returns',
      message: 'My blender arrived with a cracked jug.',
    });
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ kind: 'contact', to: 'owner@store.example', status: 'queued' });
    expect(mail!.subject).toContain('Returns & Refunds');
    expect(mail!.text).toContain('jane@example.com');
    expect(mail!.text).toContain('My blender arrived with a cracked jug.');
  });

  it('keeps a name with line breaks out of the mail headers', async () => {
    await send(valid({ name: 'Eve\r\nBcc: victim@example.com' }));
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail!.subject).not.toMatch(/[\r\n]/);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: '' }, 'Please enter a valid email address'],
    [{ message: 'too short' }, 'Message must be at least 10 characters long'],
    [{ message: '         short     ' }, 'Message must be at least 10 characters long'],
    [{ name: '  ' }, 'Name is required'],
    [{ subject: 'complaint' }, 'Please select a subject'],
    [{ subject: undefined }, 'Please select a subject'],
    [{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters long'],
  ])('refuses %j with 400 %j and stores nothing', async (overrides, message) => {
    const res = await send(valid(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.db.select().from(contactMessages)).toEqual([]);
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
  });

  it('accepts each of the five subjects', async () => {
    for (const subject of ['order', 'shipping', 'returns', 'product', 'other']) {
      expect((await send(valid({ subject }))).statusCode).toBe(201);
    }
    expect(await t.db.select().from(contactMessages)).toHaveLength(5);
  });

  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const res = await send(valid({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Thank you for your message. We'll get back to you soon!");
    expect(await t.db.select().from(contactMessages)).toEqual([]);
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
  });

  it('limits messages per client address (429 with Retry-After), without affecting other addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_LIMITS.perIp; i++) {
      expect((await send(valid({ email: `person${i}@example.com` }), ip)).statusCode).toBe(201);
    }
    const refused = await send(valid({ email: 'another@example.com' }), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many messages\. Please try again in /);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.select().from(contactMessages)).toHaveLength(CONTACT_LIMITS.perIp);
    expect((await send(valid({ email: 'another@example.com' }))).statusCode).toBe(201);
  });

  it('limits messages per sender e-mail address, in any letter case, from any client address', async () => {
    for (let i = 0; i < CONTACT_LIMITS.perEmail; i++) {
      expect(
        (await send(valid({ email: i % 2 ? 'Flood@Example.com' : 'flood@example.com' }))).statusCode,
      ).toBe(201);
    }
    expect((await send(valid({ email: 'FLOOD@example.com' }))).statusCode).toBe(429);
    const stored = await t.db.select().from(contactMessages).where(eq(contactMessages.subject, 'returns'));
    expect(stored).toHaveLength(CONTACT_LIMITS.perEmail);
  });
});
