// Error and validation messages follow the request's Accept-Language: French for fr-CA, English word for
// word for en-CA or no header (docs/decisions/0390-error-messages-in-french.md). Through the real HTTP
// layer, on PGlite and (api-postgres project) PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '~/server/db/schema';
import { createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  // Varies X-Forwarded-For to stand for several clients.
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(rateLimits);
});

let ipCounter = 1;
const freshIp = () => `198.51.100.${ipCounter++}`;
type Language = string | undefined;
const languageHeader = (language: Language): Record<string, string> =>
  language ? { 'accept-language': language } : {};
const post = (url: string, payload: unknown, language: Language, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-forwarded-for': ip, ...languageHeader(language) },
  });

const BAD_CONTACT = { name: '', email: 'not-an-email', subject: 'returns', message: 'short' };

describe('a bad request', () => {
  it('is refused in French with Accept-Language fr-CA: the message and every field', async () => {
    const res = await post('/api/contact', BAD_CONTACT, 'fr-CA,fr;q=0.9,en;q=0.8');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Le nom est obligatoire',
      errors: {
        name: 'Le nom est obligatoire',
        email: 'Veuillez entrer une adresse courriel valide',
        message: 'Le message doit compter au moins 10 caractères',
      },
    });
    expect(res.headers.vary).toContain('accept-language');
  });

  it.each([['en-CA'], [undefined], ['de-DE']])(
    'is refused in English, word for word, with %s',
    async (language) => {
      const res = await post('/api/contact', BAD_CONTACT, language);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Name is required',
        errors: {
          name: 'Name is required',
          email: 'Please enter a valid email address',
          message: 'Message must be at least 10 characters long',
        },
      });
    },
  );

  it('names a limit of a shared schema in French (a message with a number)', async () => {
    const long = {
      username: 'x'.repeat(60),
      email: 'long@example.com',
      password: 'a-long-password',
      confirmPassword: 'a-long-password',
    };
    const fr = await post('/api/auth/register', long, 'fr-CA');
    expect(fr.statusCode).toBe(400);
    expect(fr.json().errors.username).toBe('Le nom d’utilisateur doit compter au plus 50 caractères');
    const en = await post('/api/auth/register', long, 'en-CA');
    expect(en.json().errors.username).toBe('Username must be at most 50 characters');
  });

  it("says the server's own refusals in French, with their field errors", async () => {
    await createUser(t.db, { username: 'PriseDeCompte', email: 'pris@example.com' });
    const body = {
      username: 'PriseDeCompte',
      email: 'autre@example.com',
      password: 'a-long-password',
      confirmPassword: 'a-long-password',
    };
    const fr = await post('/api/auth/register', body, 'fr-CA');
    expect(fr.statusCode).toBe(409);
    expect(fr.json()).toMatchObject({
      message: 'Ce nom d’utilisateur est déjà pris.',
      errors: { username: 'Ce nom d’utilisateur est déjà pris.' },
    });
    const en = await post('/api/auth/register', body, undefined);
    expect(en.json()).toMatchObject({
      message: 'That username is already taken.',
      errors: { username: 'That username is already taken.' },
    });
  });

  it('answers an unknown API address and bad JSON in the request’s language', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/nowhere?x=1',
      headers: { 'accept-language': 'fr-CA' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Aucune route d’API GET /api/nowhere.' });
    const missingEn = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(missingEn.json()).toEqual({ message: 'No API route GET /api/nowhere.' });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: '{"name":',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr-CA' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ message: 'Le corps de la requête n’est pas du JSON valide.' });
  });
});

/** The wait a 429 names, from its Retry-After: seconds under a minute, else whole minutes rounded up. */
function waitIn(language: 'en' | 'fr', retryAfter: number): string {
  const [count, unit] = retryAfter < 60 ? [retryAfter, 'second'] : [Math.ceil(retryAfter / 60), 'minute'];
  const word = language === 'fr' && unit === 'second' ? 'seconde' : unit;
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

describe('a rate limit', () => {
  const message = {
    name: 'Josée Tremblay',
    subject: 'other',
    message: 'Bonjour, une question sur un article.',
  };
  /** Messages from one sender (each from a new address) until the per-sender limit refuses one. */
  async function sendUntilRefused(email: string, language: string) {
    for (let sent = 0; sent < 20; sent++) {
      const res = await post('/api/contact', { ...message, email }, language);
      if (res.statusCode !== 201) {
        expect(sent).toBeGreaterThan(0);
        expect(res.statusCode).toBe(429);
        return res;
      }
    }
    throw new Error('the contact form was never limited');
  }

  it('says in French how long to wait, with its number', async () => {
    const email = 'limite@example.ca';
    const res = await sendUntilRefused(email, 'fr-CA');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(res.json().message).toBe(`Trop de messages. Veuillez réessayer dans ${waitIn('fr', retryAfter)}.`);
  });

  it('stays English word for word without a French Accept-Language', async () => {
    const email = 'limit@example.com';
    const res = await sendUntilRefused(email, 'en-CA');
    const retryAfter = Number(res.headers['retry-after']);
    expect(res.json().message).toBe(`Too many messages. Please try again in ${waitIn('en', retryAfter)}.`);
  });

  it('of failed sign-ins is told in French', async () => {
    const ip = freshIp();
    const guess = () =>
      post('/api/auth/login', { username: 'personne', password: 'wrong-password' }, 'fr-CA', ip);
    let res = await guess();
    expect(res.json().message).toBe('Nom d’utilisateur ou mot de passe invalide.');
    while (res.statusCode === 401) res = await guess();
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(res.json().message).toBe(
      `Trop de tentatives de connexion infructueuses. Veuillez réessayer dans ${waitIn('fr', retryAfter)}.`,
    );
  });
});

describe('a success message', () => {
  it('of the contact form is in the request’s language', async () => {
    const body = {
      name: 'Josée Tremblay',
      email: 'merci@example.ca',
      subject: 'order',
      message: 'Où est ma commande?',
    };
    expect((await post('/api/contact', body, 'fr-CA')).json()).toEqual({
      message: 'Merci de votre message. Nous vous répondrons sous peu!',
    });
    expect((await post('/api/contact', body, 'en-CA')).json()).toEqual({
      message: "Thank you for your message. We'll get back to you soon!",
    });
  });
});
