// Password reset through HTTP: the forgot request answers alike for any address and mails a link (read
// from a loopback SMTP server); the link works once, within the hour, under the rules of registration,
// and ends every session of the account.
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox, passwordResetTokens, users } from '~/server/db/schema';
import { COMMON_PASSWORD } from '~/server/lib/common-passwords';
import { OUTBOX_SECRET_PLACEHOLDER, openOutboxSecret } from '~/server/mail/outbox-secret';
import { createUser, signInAs } from '~/server/test/fixtures';
import { decodeQuotedPrintable, type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { FORGOT_PASSWORD_ANSWER } from '~/shared/schemas/auth';
import { awayFromWindowEdge } from './test-support';
import {
  PASSWORD_RESET_DONE,
  RESET_EMAILS_PER_ADDRESS_PER_HOUR,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  requestPasswordReset,
} from './password-reset';
import { FORGOT_PASSWORD_PER_IP_PER_HOUR } from './routes';

let t: TestApp;
let inbox: SmtpInbox;
let ipCounter = 0;
let ip: string;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  // Varies X-Forwarded-For to stand for many clients (per-address limits), so it trusts the header.
  t = await createTestApp({ env: { TRUST_PROXY: 'true', SMTP_URL: inbox.url } });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});
beforeEach(() => {
  ip = `198.51.100.${++ipCounter}`;
});

const client = () => new TestClient(t.app);
const post = (c: TestClient, url: string, body: unknown) => c.post(url, body, { 'x-forwarded-for': ip });
const forgot = (email: string) => post(client(), '/api/auth/forgot-password', { email });
const reset = (token: string, password: string, c = client()) =>
  post(c, '/api/auth/reset-password', { token, password });
const login = (username: string, password: string) =>
  post(client(), '/api/auth/login', { username, password });

/** Asks for a reset of `email` and reads the token from the link the SMTP server received. */
async function mailedToken(email: string): Promise<{ token: string; message: string }> {
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  const message = decodeQuotedPrintable(await inbox.next());
  const match = message.match(/http:\/\/store\.test\/auth\/reset\?token=([A-Za-z0-9_-]+)/);
  expect(match, message).toBeTruthy();
  return { token: match![1]!, message };
}

async function passwordHash(userId: number) {
  const [row] = await t.db.select({ password: users.password }).from(users).where(eq(users.id, userId));
  return row!.password;
}

describe('forgot password', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const user = await createUser(t.db);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const unknown = await forgot('nobody-here@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    const afterUnknown = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(afterUnknown[0]!.n).toBe(before[0]!.n);

    // The address in other capitals is the same account.
    const { message } = await mailedToken(user.email.toUpperCase());
    expect(message).toContain(`To: ${user.email}`);
    expect(message).toContain('reset your password');
    // The store's layout: a plain-text part with the link, an HTML part with the button, the footer's contact.
    expect(message).toContain('Content-Type: text/plain');
    expect(message).toContain('Content-Type: text/html');
    expect(message).toMatch(/Reset my password: http:\/\/store\.test\/auth\/reset\?token=/);
    expect(message).toContain('http://store.test/contact');
    const known = await forgot('nobody-here@example.com');
    expect(known.json()).toEqual(unknown.json());
  });

  it('keeps only a hash of the token', async () => {
    const user = await createUser(t.db);
    const { token } = await mailedToken(user.email);
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // Valid for one hour from now (the database's clock).
    const [{ minutes }] = (
      (await t.db.execute(
        sql`select extract(epoch from (expires_at - now())) / 60 as minutes from password_reset_tokens where id = ${rows[0]!.id}`,
      )) as unknown as { rows: { minutes: number }[] }
    ).rows as [{ minutes: number }];
    expect(Number(minutes)).toBeGreaterThan(59);
    expect(Number(minutes)).toBeLessThanOrEqual(60);
  });

  it('refuses a bad address with 400', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address');
  });

  it('mails one address at most a few times an hour, answering alike', async () => {
    await awayFromWindowEdge(3600);
    const user = await createUser(t.db);
    for (let i = 0; i < RESET_EMAILS_PER_ADDRESS_PER_HOUR; i++) await mailedToken(user.email);
    ip = '198.51.100.250';
    const over = await forgot(user.email);
    expect(over.statusCode).toBe(200);
    expect(over.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(RESET_EMAILS_PER_ADDRESS_PER_HOUR);
  });

  it('is rate limited per client address', async () => {
    await awayFromWindowEdge(3600);
    for (let i = 0; i < FORGOT_PASSWORD_PER_IP_PER_HOUR; i++) {
      expect((await forgot(`someone${i}@example.com`)).statusCode).toBe(200);
    }
    const res = await forgot('someone-else@example.com');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many password reset requests from this address\./);
  });
});

describe('the reset link in the mail outbox (docs/decisions/0454-outbox-keeps-no-live-secret.md)', () => {
  it('is never kept in clear, yet the delivered e-mail carries a link that resets the password', async () => {
    const user = await createUser(t.db, { password: 'old-password-123' });
    const { token, message } = await mailedToken(user.email);
    const lastRow = async () =>
      (
        await t.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, user.email))
          .orderBy(desc(mailOutbox.id))
          .limit(1)
      )[0];
    // SMTP has the message; the row is marked sent just after.
    await vi.waitFor(async () => expect((await lastRow())?.status).toBe('sent'));
    const row = await lastRow();
    expect(row).toMatchObject({ kind: 'password-reset', status: 'sent', sealedSecret: null });
    // Nothing in the row (what a dump or a replica holds) carries the token; the link has the placeholder.
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.text).toContain(`http://store.test/auth/reset?token=${OUTBOX_SECRET_PLACEHOLDER}`);
    expect(row!.html).toContain(`http://store.test/auth/reset?token=${OUTBOX_SECRET_PLACEHOLDER}`);
    // Nor does the administrator's e-mail view.
    const admin = client();
    await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
    const viewed = await admin.get(`/api/admin/emails/${row!.id}`);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.body).not.toContain(token);
    expect(viewed.json().text).toContain(OUTBOX_SECRET_PLACEHOLDER);
    // The placeholder is no token; the delivered link is, in both parts of the message.
    expect((await reset(OUTBOX_SECRET_PLACEHOLDER, 'a-new-password-456')).statusCode).toBe(400);
    expect(message).not.toContain(OUTBOX_SECRET_PLACEHOLDER);
    expect(message).toContain(`href="http://store.test/auth/reset?token=${token}"`);
    const done = await reset(token, 'a-new-password-456');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_RESET_DONE });
    expect((await login(user.username, 'a-new-password-456')).statusCode).toBe(200);
  });

  it('keeps the token sealed while the e-mail waits to be sent, under a key not in the database', async () => {
    const user = await createUser(t.db);
    // Queued as the route does, without the delivery after the answer.
    await requestPasswordReset(t.app.ctx, user.email);
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(row!.status).toBe('pending');
    expect(row!.sealedSecret).toMatch(/^v1\./);
    const token = openOutboxSecret(t.app.ctx.config.sessionSecret, row!.sealedSecret!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(openOutboxSecret('another-session-secret-another-secret-00', row!.sealedSecret!)).toBeNull();
    // Delivered later (the maintenance job's path): the link works, and the sealed token is gone.
    await t.app.ctx.mailer.deliverQueued();
    const message = decodeQuotedPrintable(await inbox.next());
    expect(message).toContain(`http://store.test/auth/reset?token=${token}`);
    await vi.waitFor(async () => {
      const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
      expect(after).toMatchObject({ status: 'sent', sealedSecret: null });
    });
    expect((await reset(token!, 'another-password-789')).statusCode).toBe(200);
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session of the account, and the link works once', async () => {
    const user = await createUser(t.db, { password: 'old-kettle-moss-41' });
    const elsewhere = client();
    await signInAs(t.db, elsewhere, user.id);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(200);

    const { token } = await mailedToken(user.email);
    const res = await reset(token, 'new-lantern-fig-72');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_DONE });

    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    expect((await login(user.username, 'old-kettle-moss-41')).statusCode).toBe(401);
    expect((await login(user.username, 'new-lantern-fig-72')).statusCode).toBe(200);

    // Reuse: refused, and the password stays the one just set.
    const hash = await passwordHash(user.id);
    const again = await reset(token, 'third-harbor-owl-13');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_USED);
    expect(await passwordHash(user.id)).toBe(hash);
  });

  it('refuses an expired link and changes nothing', async () => {
    const user = await createUser(t.db);
    const { token } = await mailedToken(user.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResetTokens.userId, user.id));
    const hash = await passwordHash(user.id);
    const res = await reset(token, 'new-lantern-fig-72');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_EXPIRED);
    expect(await passwordHash(user.id)).toBe(hash);
  });

  it('refuses an unknown token', async () => {
    const res = await reset('x'.repeat(43), 'new-lantern-fig-72');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_INVALID);
    const empty = await reset('', 'new-lantern-fig-72');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(RESET_LINK_INVALID);
  });

  it('takes a second reset with a new link, and the first link no longer works after it', async () => {
    const user = await createUser(t.db);
    const first = await mailedToken(user.email);
    const second = await mailedToken(user.email);
    expect(second.token).not.toBe(first.token);
    expect((await reset(second.token, 'new-lantern-fig-72')).statusCode).toBe(200);
    // A reset closes every link still open for the account.
    const stale = await reset(first.token, 'other-lantern-fig-73');
    expect(stale.statusCode).toBe(400);
    expect((await login(user.username, 'new-lantern-fig-72')).statusCode).toBe(200);

    // And a later request starts a new reset that works.
    const third = await mailedToken(user.email);
    expect((await reset(third.token, 'final-meadow-pine-88')).statusCode).toBe(200);
    expect((await login(user.username, 'final-meadow-pine-88')).statusCode).toBe(200);
    expect((await login(user.username, 'new-lantern-fig-72')).statusCode).toBe(401);
  });

  it('holds the new password to the rules of registration, keeping the link usable', async () => {
    const user = await createUser(t.db);
    const { token } = await mailedToken(user.email);
    const short = await reset(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters');
    const common = await reset(token, 'password');
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(COMMON_PASSWORD);
    expect((await reset(token, 'new-lantern-fig-72')).statusCode).toBe(200);
  });

  it('signs out the browser that resets, when it was signed in as that account', async () => {
    const user = await createUser(t.db);
    const c = client();
    await signInAs(t.db, c, user.id);
    const { token } = await mailedToken(user.email);
    expect((await reset(token, 'new-lantern-fig-72', c)).statusCode).toBe(200);
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
  });
});
