// Helpers for the tests of sign-in and registration.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { mailOutbox } from '~/server/db/schema';
import type { TestClient } from '~/server/test/test-app';
import { LOGIN_WINDOW_SECONDS } from './login-throttle';

/** Limits count in fixed windows: a test of a limit starts well inside one, so no window ends mid-test. */
export async function awayFromWindowEdge(windowSeconds = LOGIN_WINDOW_SECONDS, marginMs = 20_000) {
  const ms = windowSeconds * 1000;
  const left = ms - (Date.now() % ms);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 100));
}

/**
 * Registers through the API and opens the link of the e-mail it wrote (the token read from the outbox), as
 * the owner of the address would: the answer is the confirmation's (201 with the user and a session cookie
 * on `client`). docs/decisions/0456-registration-does-not-tell-which-emails-have-accounts.md
 */
export async function registerAndConfirm(
  db: Db,
  client: TestClient,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const pending = await client.post('/api/auth/register', body, headers);
  if (pending.statusCode !== 202) return pending;
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, 'registration-confirm'),
        sql`lower(${mailOutbox.to}) = lower(${String(body.email)})`,
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = /\/auth\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no registration link was e-mailed to ${String(body.email)}`);
  return client.post('/api/auth/confirm-registration', { token }, headers);
}
