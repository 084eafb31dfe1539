// Sign-in limits that count people (docs/decisions/0451-sign-in-queue-and-known-devices.md): an IPv6
// host is its /64, guesses at one account wait in line behind each other, and a browser that signed
// in to the account before is not locked out by others behind its address or by a full line.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { LOGIN_WINDOW_SECONDS } from './login-throttle';
import { awayFromWindowEdge } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

const login = (c: TestClient, username: string, password: string, from: string) =>
  c.post('/api/auth/login', { username, password }, { 'x-forwarded-for': from });

const windowStart = () => {
  const ms = LOGIN_WINDOW_SECONDS * 1000;
  return new Date(Math.floor(Date.now() / ms) * ms).toISOString();
};

describe('addresses as an attacker has them', () => {
  it('30 parallel guesses from 30 addresses in one /64: 5 are checked, and then even the right password waits', async () => {
    await awayFromWindowEdge();
    const user = await createUser(t.db, { password: 'kettle-moss-41' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(
          new TestClient(t.app),
          user.username,
          `wrong-guess-${i}`,
          `2001:db8:9:9::${(i + 1).toString(16)}`,
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    const right = await login(new TestClient(t.app), user.username, 'kettle-moss-41', '2001:db8:9:9:abcd::1');
    expect(right.statusCode).toBe(429);
  });
});

describe('the people behind one address', () => {
  it('25 wrong sign-ins at made-up names from an office do not lock out a customer there who signed in before', async () => {
    await awayFromWindowEdge();
    const office = '198.51.100.77';
    const user = await createUser(t.db, { password: 'kettle-moss-41' });
    const customer = new TestClient(t.app);
    expect((await login(customer, user.username, 'kettle-moss-41', office)).statusCode).toBe(200);
    await customer.post('/api/auth/logout', {}, { 'x-forwarded-for': office });
    const attacker = new TestClient(t.app);
    const codes = [];
    for (let i = 0; i < 25; i++)
      codes.push((await login(attacker, `made-up-${i}`, 'password-guess', office)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
    expect(codes.slice(20).every((c) => c === 429)).toBe(true);
    // The office's budget is spent, but the customer's browser is known to the account.
    expect((await login(customer, user.username, 'kettle-moss-41', office)).statusCode).toBe(200);
    // Someone else at the office, on a browser that never signed in, still waits.
    expect((await login(new TestClient(t.app), user.username, 'kettle-moss-41', office)).statusCode).toBe(
      429,
    );
  });
});

describe("the account's line", () => {
  it('guesses sent at once past the slow-down take turns one after the other', async () => {
    await awayFromWindowEdge();
    const user = await createUser(t.db, { password: 'kettle-moss-41' });
    // Ten guesses at the account already this window: the next ones wait 1 s, then 2 s.
    await t.db.execute(
      sql`insert into rate_limits (key, window_start, count) values (${`login:account:${user.username.toLowerCase()}`}, ${windowStart()}, 10)`,
    );
    const key = `login:account:${user.username.toLowerCase()}`;
    const [before] = ((await t.db.execute(sql`select now() as at`)) as unknown as { rows: { at: Date }[] })
      .rows;
    const answers = await Promise.all(
      [1, 2].map((n) => login(new TestClient(t.app), user.username, 'wrong-guess', `192.0.${n}.1`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401]);
    // Side by side, each would have had its turn within 2 s of the start; in line, the second's turn
    // is 2 s after the first's: 1 + 2 = 3 s after the start.
    const [row] = (
      (await t.db.execute(
        sql`select extract(epoch from (next_at - ${new Date(before!.at).toISOString()}::timestamptz)) as ahead from sign_in_queue where account_key = ${key}`,
      )) as unknown as { rows: { ahead: number }[] }
    ).rows;
    expect(Number(row!.ahead)).toBeGreaterThan(2.5);
  });

  it("a full line refuses new guesses, and the owner's known browser still signs in", async () => {
    await awayFromWindowEdge();
    const user = await createUser(t.db, { password: 'kettle-moss-41' });
    const owner = new TestClient(t.app);
    expect((await login(owner, user.username, 'kettle-moss-41', '192.0.2.10')).statusCode).toBe(200);
    const key = `login:account:${user.username.toLowerCase()}`;
    await t.db.execute(
      sql`insert into rate_limits (key, window_start, count) values (${key}, ${windowStart()}, 50)`,
    );
    await t.db.execute(
      sql`insert into sign_in_queue (account_key, next_at) values (${key}, now() + interval '5 minutes')`,
    );
    const guess = await login(new TestClient(t.app), user.username, 'wrong-guess', '192.0.9.1');
    expect(guess.statusCode).toBe(429);
    expect((await login(owner, user.username, 'kettle-moss-41', '192.0.2.10')).statusCode).toBe(200);
  });
});
