// The account rules that an attack found soft: passwords that are one character repeated or the store's
// name (docs/decisions/0458-passwords-not-repeated-or-the-store.md), usernames that look like another
// (0457). Through the real HTTP layer, in both languages.
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '~/server/db/schema';
import { OUTBOX_SECRET_PLACEHOLDER } from '~/server/mail/outbox-secret';
import { createUser } from '~/server/test/fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { PASSWORD_NAMES_STORE, PASSWORD_REPEATED } from '~/shared/passwords';
import { REGISTRATION_PENDING } from '~/shared/schemas/auth';
import { REGISTRATION_LINK_INVALID } from './registration';
import { USERNAME_LOOKS_LIKE_ANOTHER } from './usernames';

let t: TestApp;
let ipCounter = 0;
let ip: string;
const client = () => new TestClient(t.app);

let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { TRUST_PROXY: 'true', STORE_NAME: 'Bargain Barn', SMTP_URL: inbox.url } });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

/** The confirmation link's token in the message delivered to `address` (sent after the answer). */
async function deliveredToken(address: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const text = inbox
      .mailsTo(address)
      .map((m) => m.text ?? '')
      .join('\n');
    const token = /\/auth\/confirm\?token=([A-Za-z0-9_-]{40,})/.exec(text)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no confirmation link was delivered to ${address}`);
}
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
    expect(
      (await me.post('/api/auth/login', { username: owner.username, password: owner.plainPassword }))
        .statusCode,
    ).toBe(200);
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
    const set = await boss.request({
      method: 'PUT',
      url: `/api/admin/users/${owner.id}`,
      payload: { password: 'Bargain-Barn' },
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().errors.password).toBe(PASSWORD_NAMES_STORE);
    // The owner's password is unchanged: they still sign in with it.
    const again = await client().post('/api/auth/login', {
      username: owner.username,
      password: owner.plainPassword,
    });
    expect(again.statusCode).toBe(200);
  });

  it('still takes a password that merely contains the word', async () => {
    const res = await register({
      username: 'fairname',
      email: 'fairname@example.com',
      password: 'liquidation-owl-harbour',
    });
    expect(res.statusCode).toBeLessThan(300);
  });
});

describe('look-alike usernames (the skeleton of UTS #39)', () => {
  let named = 0;
  const body = (username: string) => ({
    username,
    email: `lookalike${++named}@names.example`,
    password: 'kettle-moss-41',
  });

  beforeAll(async () => {
    // Written straight to the table, as the demo seed does: no skeleton stored yet.
    await createUser(t.db, { username: 'admin' });
    await createUser(t.db, { username: 'marybeth' });
  });

  it.each([
    ['\u0251dmin'], // ɑ LATIN SMALL LETTER ALPHA
    ['\u1d00dmin'], // ᴀ LATIN LETTER SMALL CAPITAL A
    ['\u1d00\u1d05\u1d0d\u026a\u0274'], // ᴀᴅᴍɪɴ, all small capitals
    ['adrnin'], // r + n reads m
    ['rnarybeth'],
  ])(
    'refuses %j beside an existing name with 409 and a clear message, and creates nothing',
    async (username) => {
      const before = await userCount();
      const res = await register(body(username));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: USERNAME_LOOKS_LIKE_ANOTHER,
        errors: { username: USERNAME_LOOKS_LIKE_ANOTHER },
      });
      expect(await userCount()).toBe(before);
    },
  );

  it('says it in French', async () => {
    const res = await register(body('\u0251dmin'), 'fr-CA');
    expect(res.json().errors.username).toBe(
      'Ce nom d’utilisateur ressemble trop à un nom existant (certaines lettres se ressemblent seulement). Veuillez en choisir un autre.',
    );
  });

  it('takes a name that only shares letters, and then refuses its own look-alike', async () => {
    await createUser(t.db, { username: 'adminton' });
    expect((await register(body('admintons'))).statusCode).toBe(202);
    const second = await register(body('\u0251dminton'));
    expect(second.statusCode).toBe(409);
  });

  it('applies when an administrator names a user, and when a customer renames themself', async () => {
    const boss = await createUser(t.db, { isAdmin: true });
    const adminClient = client();
    await adminClient.post('/api/auth/login', { username: boss.username, password: boss.plainPassword });
    const created = await adminClient.post('/api/admin/users', {
      username: '\u1d00dmin',
      email: 'smallcaps@names.example',
      password: 'kettle-moss-41',
      role: 'staff',
    });
    expect([created.statusCode, created.json().message]).toEqual([409, USERNAME_LOOKS_LIKE_ANOTHER]);

    const shopper = await createUser(t.db);
    const me = client();
    await me.post('/api/auth/login', { username: shopper.username, password: shopper.plainPassword });
    const renamed = await me.request({
      method: 'PATCH',
      url: '/api/auth/update-profile',
      payload: { username: '\u0251dmin', email: shopper.email },
    });
    expect([renamed.statusCode, renamed.json().message]).toEqual([409, USERNAME_LOOKS_LIKE_ANOTHER]);
    // Keeping one's own name is not a look-alike of oneself.
    const kept = await me.request({
      method: 'PATCH',
      url: '/api/auth/update-profile',
      payload: { username: shopper.username, email: shopper.email },
    });
    expect(kept.statusCode).toBe(200);
  });
});

describe('registration does not tell which e-mail addresses have accounts', () => {
  const lastMail = async (to: string) =>
    (
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1)
    )[0];

  it('answers a known address exactly as a new one, creates nothing, and tells the owner by e-mail', async () => {
    const owner = await createUser(t.db, { username: 'ownerofaddress', email: 'owner@privacy.example' });
    const before = await userCount();
    const known = await register({
      username: 'intruder',
      email: 'Owner@Privacy.example',
      password: 'kettle-moss-41',
    });
    const fresh = await register({
      username: 'newcomer',
      email: 'newcomer@privacy.example',
      password: 'kettle-moss-41',
    });
    expect(known.statusCode).toBe(202);
    expect(fresh.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: REGISTRATION_PENDING, pending: true });
    expect(fresh.json()).toEqual(known.json());
    expect(known.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();
    // No account yet for either: the new one waits for its link.
    expect(await userCount()).toBe(before);
    // Neither can sign in, so a sign-in tells nothing either.
    for (const username of ['intruder', 'newcomer'])
      expect(
        (await client().post('/api/auth/login', { username, password: 'kettle-moss-41' })).statusCode,
      ).toBe(401);
    // The username stays free in both cases: a second registration of it is answered alike.
    const again = await register({
      username: 'newcomer',
      email: 'other@privacy.example',
      password: 'kettle-moss-41',
    });
    expect(again.statusCode).toBe(202);

    const notice = await lastMail(owner.email);
    expect(notice!.kind).toBe('registration-notice');
    expect(notice!.subject).toBe('Bargain Barn: someone tried to register with your e-mail address');
    expect(notice!.text).toContain('which already belongs to your account (username ownerofaddress)');
    expect(notice!.text).toContain('http://store.test/auth');
    expect(notice!.text).toContain('http://store.test/auth/forgot');
    expect(notice!.text).not.toContain('intruder');
    const confirm = await lastMail('newcomer@privacy.example');
    expect(confirm!.kind).toBe('registration-confirm');
    // The outbox keeps no usable link (docs/decisions/0454): a placeholder, the token sealed apart;
    // only the message handed to SMTP carries it.
    expect(confirm!.text).toContain(`http://store.test/auth/confirm?token=${OUTBOX_SECRET_PLACEHOLDER}`);
    expect(confirm!.text).not.toMatch(/confirm\?token=[A-Za-z0-9_-]{40,}/);
    const delivered = await deliveredToken('newcomer@privacy.example');
    expect(confirm!.text).not.toContain(delivered);
    expect(JSON.stringify(confirm)).not.toContain(delivered);
  });

  it('creates the account and signs in when the link is opened, once', async () => {
    await register({ username: 'linkopener', email: 'opener@privacy.example', password: 'kettle-moss-41' });
    const token = await deliveredToken('opener@privacy.example');
    const c = client();
    const opened = await c.post('/api/auth/confirm-registration', { token }, { 'x-forwarded-for': ip });
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({
      username: 'linkopener',
      email: 'opener@privacy.example',
      role: 'customer',
    });
    expect((await c.get('/api/auth/me')).json().username).toBe('linkopener');
    const twice = await client().post('/api/auth/confirm-registration', { token }, { 'x-forwarded-for': ip });
    expect([twice.statusCode, twice.json().message]).toEqual([400, REGISTRATION_LINK_INVALID]);
    const made = await t.db
      .select()
      .from(users)
      .where(and(eq(users.username, 'linkopener')));
    expect(made).toHaveLength(1);
    expect(made[0]!.isAdmin).toBe(false);
  });

  it('refuses a made-up link with 400, in French too', async () => {
    const en = await client().post(
      '/api/auth/confirm-registration',
      { token: 'made-up' },
      { 'x-forwarded-for': ip },
    );
    expect([en.statusCode, en.json().message]).toEqual([400, REGISTRATION_LINK_INVALID]);
    const fr = await client().post(
      '/api/auth/confirm-registration',
      { token: 'made-up' },
      { 'x-forwarded-for': ip, 'accept-language': 'fr-CA' },
    );
    expect(fr.json().message).toBe(
      'Ce lien pour terminer votre inscription n’est pas valide ou a expiré. Veuillez vous inscrire de nouveau.',
    );
  });

  it('writes the e-mails in the language of the page', async () => {
    await createUser(t.db, { username: 'francophone', email: 'franco@privacy.example' });
    const res = await register(
      { username: 'quelquun', email: 'franco@privacy.example', password: 'kettle-moss-41' },
      'fr-CA',
    );
    expect(res.json().message).toBe(
      'C’est presque fini\u00a0: nous avons envoyé un courriel à cette adresse. Ouvrez le lien qu’il contient d’ici 24\u00a0heures pour terminer la création de votre compte.',
    );
    const notice = await lastMail('franco@privacy.example');
    expect(notice!.subject).toBe(
      'Bargain Barn\u00a0: quelqu’un a tenté de s’inscrire avec votre adresse courriel',
    );
    expect(notice!.text).toContain('http://store.test/fr/auth/forgot');
  });
});
