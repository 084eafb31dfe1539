// The account rules that an attack found soft: passwords that are one character repeated or the store's
// name (docs/decisions/0458-passwords-not-repeated-or-the-store.md), usernames that look like another
// (0457). Through the real HTTP layer, in both languages.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '~/server/db/schema';
import { createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { PASSWORD_NAMES_STORE, PASSWORD_REPEATED } from '~/shared/passwords';

let t: TestApp;
let ipCounter = 0;
let ip: string;
const client = () => new TestClient(t.app);

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', STORE_NAME: 'Bargain Barn' } });
});
afterAll(() => t.close());
beforeEach(() => {
  ip = `198.51.100.${++ipCounter}`;
});

const register = (body: Record<string, unknown>, locale = 'en-CA') =>
  client().post('/api/auth/register', body, { 'x-forwarded-for': ip, 'accept-language': locale });
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;

describe('new passwords', () => {
  it.each([
    ['aaaaaa', PASSWORD_REPEATED],
    ['ababab', PASSWORD_REPEATED],
    ['xyzxyzxyz', PASSWORD_REPEATED],
    ['liquidation', PASSWORD_NAMES_STORE],
    ['Liquidation1!', PASSWORD_NAMES_STORE],
    // The configured name, whole or one of its long words.
    ['bargain barn', PASSWORD_NAMES_STORE],
    ['BargainBarn2026', PASSWORD_NAMES_STORE],
    ['bargain!!', PASSWORD_NAMES_STORE],
  ])('refuses %s at registration, on the password field, creating nothing', async (password, message) => {
    const before = await userCount();
    const res = await register({ username: 'rulecheck', email: 'rulecheck@example.com', password });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('says it in French', async () => {
    const repeated = await register(
      { username: 'rulecheck', email: 'rulecheck@example.com', password: 'aaaaaa' },
      'fr-CA',
    );
    expect(repeated.json().errors.password).toBe(
      'Le mot de passe ne peut pas être un caractère ou un petit groupe de caractères répété (comme «\u00a0aaaaaa\u00a0» ou «\u00a0abcabc\u00a0»)',
    );
    const named = await register(
      { username: 'rulecheck', email: 'rulecheck@example.com', password: 'Bargain Barn' },
      'fr-CA',
    );
    expect(named.json().errors.password).toBe('Le mot de passe ne peut pas être le nom du magasin');
  });

  it('are checked the same when changing one’s password and when an administrator sets one', async () => {
    const owner = await createUser(t.db);
    const me = client();
    expect((await me.post('/api/auth/login', { username: owner.username, password: owner.plainPassword })).statusCode).toBe(200);
    const change = await me.post('/api/auth/change-password', {
      currentPassword: owner.plainPassword,
      newPassword: 'zzzzzzzz',
      confirmNewPassword: 'zzzzzzzz',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().errors.newPassword).toBe(PASSWORD_REPEATED);

    const admin = await createUser(t.db, { isAdmin: true });
    const boss = client();
    await boss.post('/api/auth/login', { username: admin.username, password: admin.plainPassword });
    const set = await boss.request({ method: 'PUT', url: `/api/admin/users/${owner.id}`, payload: { password: 'Bargain-Barn' } });
    expect(set.statusCode).toBe(400);
    expect(set.json().errors.password).toBe(PASSWORD_NAMES_STORE);
    // The owner's password is unchanged: they still sign in with it.
    const again = await client().post('/api/auth/login', { username: owner.username, password: owner.plainPassword });
    expect(again.statusCode).toBe(200);
  });

  it('still takes a password that merely contains the word', async () => {
    const res = await register({ username: 'fairname', email: 'fairname@example.com', password: 'liquidation-owl-harbour' });
    expect(res.statusCode).toBeLessThan(300);
  });
});
