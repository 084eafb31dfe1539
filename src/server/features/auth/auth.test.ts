import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '~/server/db/schema';
import * as passwords from '~/server/lib/passwords';
import { COMMON_PASSWORD } from '~/server/lib/common-passwords';
import { createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import * as sleeping from '~/server/lib/sleep';
import {
  LOGIN_WINDOW_SECONDS,
  MAX_FAILURES_PER_ACCOUNT_AND_IP,
  MAX_FAILURES_PER_IP,
  SLOW_DOWN_AFTER,
} from './login-throttle';
import { REGISTRATIONS_PER_IP_PER_HOUR } from './routes';
import { INVALID_CREDENTIALS, USERNAME_TAKEN } from './service';
import { awayFromWindowEdge, registerAndConfirm } from './test-support';
import {
  refuseLookalikeOfAnother,
  USERNAME_LOOKALIKE,
  USERNAME_LOOKS_LIKE_ANOTHER,
  usernameSkeleton,
} from './usernames';
import { USERNAME_BAD_CHARACTERS, USERNAME_MIXED_SCRIPTS } from '~/shared/usernames';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';

vi.mock('~/server/lib/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('~/server/lib/passwords')>();
  return {
    ...original,
    verifyAgainstDummy: vi.fn(original.verifyAgainstDummy),
    verifyPassword: vi.fn(original.verifyPassword),
  };
});
// The account slow-down waits through this: the tests see each wait without taking it.
vi.mock('~/server/lib/sleep', () => ({ sleep: vi.fn(async () => {}) }));

let t: TestApp;
let ipCounter = 0;
/** Each test gets its own client address, so address-based limits of one test never touch another. */
const freshIp = () => `203.0.113.${++ipCounter}`;
let ip: string;
const client = () => new TestClient(t.app);

beforeAll(async () => {
  // Stands for many clients by varying X-Forwarded-For (per-address limits), so it trusts the header.
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());
beforeEach(() => {
  ip = freshIp();
});

const post = (c: TestClient, url: string, body: unknown, from = ip) =>
  c.post(url, body, { 'x-forwarded-for': from });
/** Registers and opens the e-mailed link, as the address's owner does: the answer of the step that ended it. */
const register = (c: TestClient, body: Record<string, unknown>, from = ip) =>
  registerAndConfirm(t, c, body, { 'x-forwarded-for': from });
const login = (c: TestClient, username: string, password: string, from = ip) =>
  post(c, '/api/auth/login', { username, password }, from);

function sessionCookie(res: { cookies: unknown }) {
  return (
    res.cookies as {
      name: string;
      value: string;
      httpOnly?: boolean;
      sameSite?: string;
      secure?: boolean;
      path?: string;
      maxAge?: number;
    }[]
  ).find((c) => c.name === 'sid');
}

describe('registration', () => {
  it('creates a customer, signs them in and answers the user without the password', async () => {
    const c = client();
    const res = await register(c, {
      username: 'newshopper',
      email: 'New.Shopper@example.com',
      password: 'kettle-moss-41',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      username: 'newshopper',
      email: 'New.Shopper@example.com',
      isAdmin: false,
      phone: null,
      address: null,
    });
    expect(body).not.toHaveProperty('password');
    expect(sessionCookie(res)).toBeTruthy();
    const me = await c.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('newshopper');
    const [row] = await t.db.select().from(users).where(eq(users.username, 'newshopper'));
    expect(row!.password).toMatch(/^\$argon2id\$/);
  });

  it('ignores isAdmin in the request', async () => {
    const res = await register(client(), {
      username: 'sneaky',
      email: 'sneaky@example.com',
      password: 'kettle-moss-41',
      isAdmin: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().isAdmin).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'sneaky'));
    expect(row!.isAdmin).toBe(false);
  });

  it.each([
    [
      { username: 'ab', email: 'a@example.com', password: 'kettle-moss-41' },
      'username',
      'Username must be at least 3 characters',
    ],
    [
      { username: 'abc', email: 'not-an-email', password: 'kettle-moss-41' },
      'email',
      'Please enter a valid email address',
    ],
    [
      { username: 'abc', email: 'a@example.com', password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
    [
      { email: 'a@example.com', password: 'kettle-moss-41' },
      'username',
      'Username must be at least 3 characters',
    ],
    [{ username: 'abc', password: 'kettle-moss-41' }, 'email', 'Please enter a valid email address'],
    [{ username: 'abc', email: 'a@example.com' }, 'password', 'Password must be at least 6 characters'],
    [
      { username: '   ', email: 'a@example.com', password: 'kettle-moss-41' },
      'username',
      'Username must be at least 3 characters',
    ],
  ])('refuses %j with 400 and the message', async (body, field, message) => {
    const before = await t.db.select({ n: count() }).from(users);
    const res = await register(client(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
    const after = await t.db.select({ n: count() }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it.each(['123456', 'password', 'PassWord1', 'iloveyou'])(
    'refuses the common password %j with 400 and a clear message, and creates nothing',
    async (password) => {
      const res = await register(client(), { username: 'commonpw', email: 'commonpw@example.com', password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: COMMON_PASSWORD, errors: { password: COMMON_PASSWORD } });
      expect(COMMON_PASSWORD).toBe(
        'This password is one of the most commonly used and easy to guess. Please choose another.',
      );
      expect(sessionCookie(res)).toBeUndefined();
      expect(await t.db.select().from(users).where(eq(users.username, 'commonpw'))).toHaveLength(0);
    },
  );

  it('answers 409 for a username taken in another case, and nothing is created', async () => {
    await createUser(t.db, { username: 'TakenName', email: 'taken@example.com' });
    const res = await register(client(), {
      username: 'takenname',
      email: 'other@example.com',
      password: 'kettle-moss-41',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(USERNAME_TAKEN);
    expect(USERNAME_TAKEN).toBe('That username is already taken.');
    expect(await t.db.select().from(users).where(eq(users.email, 'other@example.com'))).toHaveLength(0);
  });

  it('does not tell that an email is taken: the same 202 as a new address, nothing created, a notice to its owner', async () => {
    await createUser(t.db, { username: 'emailowner', email: 'owner@example.com' });
    const known = await post(client(), '/api/auth/register', {
      username: 'someoneelse',
      email: 'OWNER@Example.com',
      password: 'kettle-moss-41',
    });
    const fresh = await post(client(), '/api/auth/register', {
      username: 'someonenew',
      email: 'fresh@example.com',
      password: 'kettle-moss-41',
    });
    expect([known.statusCode, known.json()]).toEqual([fresh.statusCode, fresh.json()]);
    expect(known.statusCode).toBe(202);
    expect(sessionCookie(known)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.username, 'someoneelse'))).toHaveLength(0);
  });

  it('gives one of two simultaneous registrations of a name 201 and the other a clear 409', async () => {
    const results = await Promise.all(
      ['race1@example.com', 'race2@example.com'].map((email) =>
        register(client(), { username: 'RaceName', email, password: 'kettle-moss-41' }, freshIp()),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(USERNAME_TAKEN);
    expect(await t.db.select().from(users).where(eq(users.username, 'RaceName'))).toHaveLength(1);
  });

  it('calls a name taken between the two checks taken, not a look-alike, with or without its skeleton', async () => {
    // The race above, made certain: the account appears after the exact-name check, before the look-alike one.
    await createUser(t.db, { username: 'LateName', usernameSkeleton: usernameSkeleton('LateName') });
    await createUser(t.db, { username: 'OldLateName' });
    for (const name of ['latename', 'OLDLATENAME']) {
      const refused = await refuseLookalikeOfAnother(t.db, name).catch((error: unknown) => error);
      expect(refused).toMatchObject({ statusCode: 409, message: USERNAME_TAKEN });
    }
    const alike = await refuseLookalikeOfAnother(t.db, 'LateNаme').catch((error: unknown) => error);
    expect(alike).toMatchObject({ statusCode: 409, message: USERNAME_LOOKS_LIKE_ANOTHER });
  });

  it('limits registrations from one address per hour with 429 and Retry-After', async () => {
    await awayFromWindowEdge(3600);
    const from = freshIp();
    for (let i = 0; i < REGISTRATIONS_PER_IP_PER_HOUR; i++) {
      const res = await register(
        client(),
        { username: `bulk${i}`, email: `bulk${i}@example.com`, password: 'kettle-moss-41' },
        from,
      );
      expect(res.statusCode).toBe(201);
    }
    const res = await register(
      client(),
      { username: 'toomany', email: 'toomany@example.com', password: 'kettle-moss-41' },
      from,
    );
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/Please try again in \d+ (minute|second)s?\./);
    const elsewhere = await register(client(), {
      username: 'toomany',
      email: 'toomany@example.com',
      password: 'kettle-moss-41',
    });
    expect(elsewhere.statusCode).toBe(201);
  }, 120_000);
});

describe('usernames: normalised, case-insensitive, no look-alikes', () => {
  const body = (username: string) => ({
    username,
    email: `u${++ipCounter}@names.example`,
    password: 'kettle-moss-41',
  });

  it.each([
    ['\u0430dmin', USERNAME_MIXED_SCRIPTS], // Cyrillic а + Latin dmin
    ['p\u0430ypal', USERNAME_MIXED_SCRIPTS],
    ['\u13aadmin', USERNAME_MIXED_SCRIPTS], // Cherokee Ꭺ + Latin
    ['\u0440\u0430\u0443', USERNAME_LOOKALIKE], // Cyrillic рау reads 'pay'
    ['\u0455\u0441\u043e\u0440\u0435', USERNAME_LOOKALIKE], // Cyrillic ѕсоре reads 'scope'
    ['ad\u200bmin', USERNAME_BAD_CHARACTERS], // zero-width space
    ['admin\u202e', USERNAME_BAD_CHARACTERS], // right-to-left override
  ])('refuses %j with 400 and a clear message, and creates nothing', async (username, message) => {
    const before = await t.db.select({ n: count() }).from(users);
    const res = await register(client(), body(username));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { username: message } });
    const after = await t.db.select({ n: count() }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('says what is wrong in words', () => {
    expect(USERNAME_MIXED_SCRIPTS).toBe(
      'Username must use letters from one alphabet (for example, not Latin and Cyrillic letters together)',
    );
    expect(USERNAME_LOOKALIKE).toBe(
      "Username can't be made of letters that only look like Latin ones (for example Cyrillic 'о' for 'o')",
    );
  });

  it('accepts a name in one other alphabet, and Japanese written with Latin letters', async () => {
    for (const username of ['Иван Петров', 'Σωκράτης', 'たなか Taro 田中']) {
      const res = await register(client(), body(username), freshIp());
      expect([username, res.statusCode]).toEqual([username, 201]);
      expect(res.json().username).toBe(username);
    }
  });

  it('stores the NFKC form and signs in with any width or case of it', async () => {
    const res = await register(client(), body('\uff2a\uff55\uff4e\uff4f_\u2460')); // ＪｕｎｏＯ_① (full width, circled 1)
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe('Juno_1');
    for (const typed of ['juno_1', 'JUNO_1', '\uff4a\uff55\uff4e\uff4f_1']) {
      const c = client();
      expect([typed, (await login(c, typed, 'kettle-moss-41', freshIp())).statusCode]).toEqual([typed, 200]);
    }
  });

  it('answers 409 for a full-width or other-case spelling of a taken name', async () => {
    await createUser(t.db, { username: 'storeadmin' });
    for (const username of ['\uff53\uff54\uff4f\uff52\uff45\uff41\uff44\uff4d\uff49\uff4e', 'StoreAdmin']) {
      const res = await register(client(), body(username), freshIp());
      expect([username, res.statusCode, res.json().message]).toEqual([username, 409, USERNAME_TAKEN]);
    }
  });

  it('migration 0008 normalises existing names unless that would collide with another account', async () => {
    const [wide] = await t.db
      .insert(users)
      .values({
        username: '\uff4c\uff45\uff47\uff41\uff43\uff59',
        email: 'legacy1@names.example',
        password: 'x',
      })
      .returning();
    await t.db.insert(users).values({ username: 'Kept', email: 'legacy2@names.example', password: 'x' });
    const clash = await createUser(t.db, { username: '\uff4b\uff45\uff50\uff54' });
    const migration = readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0008_normalize-usernames.sql'),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));
    const name = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.username;
    expect(await name(wide!.id)).toBe('legacy');
    // 'ｋｅｐｔ' would be 'kept', which 'Kept' has: it keeps its spelling, and signs in as typed.
    expect(await name(clash.id)).toBe('\uff4b\uff45\uff50\uff54');
    expect((await login(client(), '\uff4b\uff45\uff50\uff54', clash.plainPassword)).json().id).toBe(clash.id);
  });
});

describe('sign-in', () => {
  it('signs in with the right password, whatever the case of the username', async () => {
    const u = await createUser(t.db, { username: 'CaseUser' });
    const c = client();
    const res = await login(c, 'caseuser', u.plainPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, username: 'CaseUser', isAdmin: false });
    expect(res.json()).not.toHaveProperty('password');
    expect((await c.get('/api/auth/me')).json().id).toBe(u.id);
  });

  it("says 'Username is required' and 'Password is required'", async () => {
    const a = await login(client(), '', 'whatever');
    expect(a.statusCode).toBe(400);
    expect(a.json().message).toBe('Username is required');
    const b = await login(client(), 'someone', '');
    expect(b.statusCode).toBe(400);
    expect(b.json().message).toBe('Password is required');
    const c = await post(client(), '/api/auth/login', {});
    expect(c.statusCode).toBe(400);
    expect(c.json().errors).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('answers the same 401 for an unknown user and a wrong password, and checks a hash for both', async () => {
    const u = await createUser(t.db, { username: 'realuser' });
    const dummy = vi.mocked(passwords.verifyAgainstDummy);
    dummy.mockClear();
    const wrong = await login(client(), 'realuser', 'wrong-password');
    expect(dummy).not.toHaveBeenCalled();
    const unknown = await login(client(), 'nobody-here', 'wrong-password');
    expect(dummy).toHaveBeenCalledTimes(1);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: INVALID_CREDENTIALS });
    expect(unknown.json()).toEqual(wrong.json());
    expect(sessionCookie(wrong)).toBeUndefined();
    expect(u.id).toBeGreaterThan(0);
  });

  it('sets an HttpOnly, SameSite=Lax cookie for the whole site, not Secure over plain HTTP', async () => {
    const u = await createUser(t.db);
    const res = await login(client(), u.username, u.plainPassword);
    const cookie = sessionCookie(res)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value.length).toBeGreaterThanOrEqual(40);
  });

  it('gives a new session id at every sign-in; the old cookie stops working', async () => {
    const u = await createUser(t.db);
    const c = client();
    await login(c, u.username, u.plainPassword);
    const first = c.cookies.get('sid')!;
    const res = await login(c, u.username, u.plainPassword);
    const second = sessionCookie(res)!.value;
    expect(second).not.toBe(first);
    const old = new TestClient(t.app);
    old.cookies.set('sid', first);
    expect((await old.get('/api/auth/me')).statusCode).toBe(401);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    // The old row is gone, not merely unused.
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(1);
  });

  it('rotates a session planted before sign-in (no session fixation)', async () => {
    const victim = await createUser(t.db);
    const attacker = await createUser(t.db);
    const c = client();
    await login(c, attacker.username, attacker.plainPassword);
    const planted = c.cookies.get('sid')!;
    await login(c, victim.username, victim.plainPassword);
    const spy = new TestClient(t.app);
    spy.cookies.set('sid', planted);
    expect((await spy.get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe('sign-out and /me', () => {
  it('answers 401 with a message when signed out', async () => {
    const res = await client().get('/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(typeof res.json().message).toBe('string');
  });

  it('deletes the session: the cookie is cleared and no longer works', async () => {
    const u = await createUser(t.db);
    const c = client();
    await login(c, u.username, u.plainPassword);
    const token = c.cookies.get('sid')!;
    const res = await post(c, '/api/auth/logout', undefined);
    expect(res.statusCode).toBe(200);
    const cleared = sessionCookie(res)!;
    expect(cleared.value).toBe('');
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
    const replay = new TestClient(t.app);
    replay.cookies.set('sid', token);
    expect((await replay.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
  });

  it('signing out when not signed in is harmless', async () => {
    expect((await post(client(), '/api/auth/logout', undefined)).statusCode).toBe(200);
  });

  it('ignores a forged or oversized cookie', async () => {
    const c = client();
    c.cookies.set('sid', 'x'.repeat(500));
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
    c.cookies.set('sid', 'forged-token');
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe('rate limiting of failed sign-ins', () => {
  const MAX = MAX_FAILURES_PER_ACCOUNT_AND_IP;
  const expectThrottled = (res: Awaited<ReturnType<typeof login>>) => {
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_SECONDS);
    // Under a minute the wait is told in seconds (a test can end near the end of a window), else in
    // whole minutes rounded up.
    const minutes = Math.ceil(retryAfter / 60);
    const wait =
      retryAfter < 60
        ? `${retryAfter} second${retryAfter === 1 ? '' : 's'}`
        : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    expect(res.json().message).toBe(`Too many failed sign-in attempts. Please try again in ${wait}.`);
    expect(sessionCookie(res)).toBeUndefined();
  };

  it(`answers 429 with Retry-After after ${MAX} failures for one account from one address, even to the right password`, async () => {
    await awayFromWindowEdge();
    const u = await createUser(t.db);
    const from = freshIp();
    for (let i = 0; i < MAX; i++) {
      expect((await login(client(), u.username, 'wrong-password', from)).statusCode).toBe(401);
    }
    const verify = vi.mocked(passwords.verifyPassword);
    verify.mockClear();
    expectThrottled(await login(client(), u.username.toUpperCase(), u.plainPassword, from));
    expect(verify).not.toHaveBeenCalled();
    // Another account from the same address is not affected.
    const other = await createUser(t.db);
    expect((await login(client(), other.username, other.plainPassword, from)).statusCode).toBe(200);
  }, 120_000);

  it('does not let failures from other addresses lock the owner out', async () => {
    await awayFromWindowEdge();
    const u = await createUser(t.db, { username: 'LockedOutAdmin', isAdmin: true });
    const attacker = freshIp();
    // More guesses than one address may make, spread over several addresses, plus one address at its limit.
    for (let i = 0; i < MAX + 1; i++) {
      expect((await login(client(), u.username, 'wrong-password', freshIp())).statusCode).toBe(401);
    }
    for (let i = 0; i < MAX; i++) {
      expect((await login(client(), 'lockedoutadmin', 'wrong-password', attacker)).statusCode).toBe(401);
    }
    expectThrottled(await login(client(), u.username, 'wrong-password', attacker));
    const owner = client();
    const res = await login(owner, u.username, u.plainPassword, freshIp());
    expect(res.statusCode).toBe(200);
    expect((await owner.get('/api/auth/me')).json()).toMatchObject({ id: u.id, isAdmin: true });
    // The address that made its guesses is still limited for that account.
    expectThrottled(await login(client(), u.username, u.plainPassword, attacker));
  }, 120_000);

  it('checks at most the allowed number of passwords when 40 sign-ins for one account arrive at once', async () => {
    await awayFromWindowEdge();
    const u = await createUser(t.db);
    const from = freshIp();
    const verify = vi.mocked(passwords.verifyPassword);
    verify.mockClear();
    const passwordsTried = [...Array.from({ length: 39 }, (_, i) => `wrong-${i}`), u.plainPassword];
    const results = await Promise.all(passwordsTried.map((p) => login(client(), u.username, p, from)));
    const answered = results.filter((r) => r.statusCode !== 429);
    expect(answered.length).toBeLessThanOrEqual(MAX);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(MAX);
    for (const r of results.filter((r) => r.statusCode === 429)) expectThrottled(r);
    // Right password after the limit: not let in (unless it was itself among the admitted guesses).
    const rightAnswer = results.at(-1)!;
    if (rightAnswer.statusCode !== 200) {
      expect(rightAnswer.statusCode).toBe(429);
      expectThrottled(await login(client(), u.username, u.plainPassword, from));
    }
  }, 120_000);

  it('answers 429 to the right password once 39 simultaneous wrong ones have used up the limit', async () => {
    await awayFromWindowEdge();
    const u = await createUser(t.db);
    const from = freshIp();
    const verify = vi.mocked(passwords.verifyPassword);
    verify.mockClear();
    const results = await Promise.all(
      Array.from({ length: 39 }, (_, i) => login(client(), u.username, `wrong-${i}`, from)),
    );
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(MAX);
    expect(verify).toHaveBeenCalledTimes(MAX);
    expectThrottled(await login(client(), u.username, u.plainPassword, from));
    expect(verify).toHaveBeenCalledTimes(MAX);
  }, 120_000);

  it(`slows down guesses at one account from everywhere after ${SLOW_DOWN_AFTER}, and the owner still gets in`, async () => {
    await awayFromWindowEdge();
    const u = await createUser(t.db);
    const wait = vi.mocked(sleeping.sleep);
    wait.mockClear();
    for (let i = 0; i < SLOW_DOWN_AFTER; i++) {
      expect((await login(client(), u.username, 'wrong-password', freshIp())).statusCode).toBe(401);
    }
    expect(wait).not.toHaveBeenCalled();
    expect((await login(client(), u.username, 'wrong-password', freshIp())).statusCode).toBe(401);
    expect((await login(client(), u.username, 'wrong-password', freshIp())).statusCode).toBe(401);
    // The 11th guess waited 1 s; the 12th waits 2 s after the 11th's turn (sleep is mocked here, so
    // no time passed: its turn is up to 1 + 2 s away): one second more for each guess past 10, in line.
    const waits = wait.mock.calls.map(([ms]) => Number(ms));
    expect(waits[0]).toBe(1000);
    expect(waits[1]).toBeGreaterThan(2000);
    expect(waits[1]).toBeLessThanOrEqual(3000);
    const res = await login(client(), u.username, u.plainPassword, freshIp());
    expect(res.statusCode).toBe(200);
    // The owner's guess waits its turn too (3 s after the 12th's), right password or wrong.
    expect(Number(wait.mock.calls.at(-1)![0])).toBeGreaterThan(3000);
    // Signing in forgot the account's guesses: the next one is not slowed.
    wait.mockClear();
    expect((await login(client(), u.username, 'wrong-password', freshIp())).statusCode).toBe(401);
    expect(wait).not.toHaveBeenCalled();
  }, 120_000);

  it("forgets an account's failures at an address after a successful sign-in", async () => {
    await awayFromWindowEdge();
    const u = await createUser(t.db);
    for (let i = 0; i < MAX - 1; i++) {
      expect((await login(client(), u.username, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await login(client(), u.username, u.plainPassword)).statusCode).toBe(200);
    for (let i = 0; i < MAX - 1; i++) {
      expect((await login(client(), u.username, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await login(client(), u.username, u.plainPassword)).statusCode).toBe(200);
  }, 120_000);

  it(`answers 429 to an address after ${MAX_FAILURES_PER_IP} failures across accounts; sign-ins that succeed do not count`, async () => {
    await awayFromWindowEdge();
    const from = freshIp();
    const u = await createUser(t.db);
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      expect((await login(client(), `nobody-${i}`, 'wrong-password', from)).statusCode).toBe(401);
      // A household signing in between guesses does not use up the address's budget.
      if (i === MAX_FAILURES_PER_IP - 2) {
        expect((await login(client(), u.username, u.plainPassword, from)).statusCode).toBe(200);
      }
    }
    expectThrottled(await login(client(), u.username, u.plainPassword, from));
    // The same account from another address signs in.
    expect((await login(client(), u.username, u.plainPassword, freshIp())).statusCode).toBe(200);
  }, 120_000);
});

describe('cross-origin requests', () => {
  it('refuses sign-in, registration and sign-out from another origin', async () => {
    const u = await createUser(t.db);
    const evil = { origin: 'https://evil.example', 'x-forwarded-for': ip };
    const c = client();
    const res = await c.post('/api/auth/login', { username: u.username, password: u.plainPassword }, evil);
    expect(res.statusCode).toBe(403);
    expect(sessionCookie(res)).toBeUndefined();
    const reg = await c.post(
      '/api/auth/register',
      { username: 'evilreg', email: 'evilreg@example.com', password: 'kettle-moss-41' },
      evil,
    );
    expect(reg.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.username, 'evilreg'))).toHaveLength(0);

    await login(c, u.username, u.plainPassword);
    expect((await c.post('/api/auth/logout', undefined, evil)).statusCode).toBe(403);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    // A browser that sends no Origin but says cross-site is refused too.
    const viaFetchSite = await c.post('/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(viaFetchSite.statusCode).toBe(403);
    // Same origin is fine.
    const same = await c.post('/api/auth/logout', undefined, { origin: 'http://store.test' });
    expect(same.statusCode).toBe(200);
  });
});

describe('over HTTPS', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
    try {
      const u = await createUser(https.db);
      const res = await new TestClient(https.app).post('/api/auth/login', {
        username: u.username,
        password: u.plainPassword,
      });
      expect(res.statusCode).toBe(200);
      const cookie = sessionCookie(res)!;
      expect(cookie.secure).toBe(true);
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
    } finally {
      await https.close();
    }
  });
});
