// Signing in to the admin area for browser journeys: over the API (a session cookie to set data up
// with) and through the admin area's own sign-in form, as staff do.
import type { SmtpInbox } from '~/server/test/smtp-inbox';
import type { Page } from 'playwright-core';
import { ADMIN } from './harness';

export type Credentials = { username: string; password: string };

/** A session cookie for `who` (the store's administrator unless said), signed in over the API. */
export async function sessionCookie(storeUrl: string, who: Credentials = ADMIN): Promise<string> {
  const res = await fetch(`${storeUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: storeUrl },
    body: JSON.stringify({ username: who.username, password: who.password }),
    redirect: 'manual',
  });
  if (!res.ok) throw new Error(`sign-in of ${who.username}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Creates a staff user (docs/decisions/0250-staff-role.md) as the administrator whose cookie is given. */
export async function createStaffUser(
  storeUrl: string,
  adminCookie: string,
  who: Credentials,
): Promise<void> {
  const res = await fetch(`${storeUrl}/api/admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: storeUrl, cookie: adminCookie },
    body: JSON.stringify({
      username: who.username,
      email: `${who.username}@example.com`,
      password: who.password,
      role: 'staff',
    }),
  });
  if (res.status !== 201) throw new Error(`staff user: ${res.status} ${await res.text()}`);
}

/**
 * Fills and sends the admin area's sign-in form on the page at hand (it shows 'Admin Access Required'
 * at any /admin address to a visitor who is not signed in), without waiting for the outcome: a refused
 * sign-in shows its alert in the form.
 */
export async function submitAdminSignIn(page: Page, who: Credentials = ADMIN) {
  await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.getByLabel('Username').fill(who.username);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Login as Administrator' }).click();
}

/**
 * Signs in through the admin area's form at `path` and waits for the heading of the screen it lands on
 * (`landing`: the dashboard's at /admin). The page asks who is signed in first and gets a 401: journeys
 * allow /status of 401/ on the console.
 */
export async function signInToAdmin(
  page: Page,
  storeUrl: string,
  who: Credentials = ADMIN,
  path = '/admin',
  landing: string | RegExp = 'Admin Dashboard',
) {
  await page.goto(`${storeUrl}${path}`);
  await submitAdminSignIn(page, who);
  await page.getByRole('heading', { name: landing }).waitFor();
}

/**
 * The link of the registration e-mail delivered to `email`, read from the journey's SMTP inbox, where a
 * person reads it: the outbox keeps only a placeholder (docs/decisions/0454-outbox-keeps-no-live-secret.md),
 * and the account exists only once the link is opened (docs/decisions/0456). The e-mail goes out just
 * after the registration's answer, so this waits for it a little.
 */
export async function registrationLink(inbox: SmtpInbox, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const texts = inbox.mailsTo(email.toLowerCase()).map((mail) => mail.text ?? '');
    const link = texts
      .map((text) => /https?:\/\/\S+\/auth\/confirm\?token=[A-Za-z0-9_-]+/.exec(text)?.[0])
      .findLast(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no registration link was e-mailed to ${email}`);
}

/** Registers a customer over the API and opens the e-mailed link: the customer's session cookie. */
export async function registerCustomer(
  storeUrl: string,
  who: Credentials & { email: string },
  inbox: SmtpInbox,
): Promise<string> {
  const registered = await fetch(`${storeUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: storeUrl },
    body: JSON.stringify(who),
  });
  if (registered.status !== 202) throw new Error(`registration of ${who.username}: ${registered.status}`);
  const token = new URL(await registrationLink(inbox, who.email)).searchParams.get('token');
  const confirmed = await fetch(`${storeUrl}/api/auth/confirm-registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: storeUrl },
    body: JSON.stringify({ token }),
  });
  if (confirmed.status !== 201) throw new Error(`confirmation of ${who.username}: ${confirmed.status}`);
  return confirmed.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
