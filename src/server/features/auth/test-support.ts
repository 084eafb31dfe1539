// Helpers for the tests of sign-in and registration.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { mailOutbox } from '~/server/db/schema';
import { openOutboxSecret } from '~/server/mail/outbox-secret';
import type { TestClient } from '~/server/test/test-app';
import { LOGIN_WINDOW_SECONDS } from './login-throttle';

/** Limits count in fixed windows: a test of a limit starts well inside one, so no window ends mid-test. */
export async function awayFromWindowEdge(windowSeconds = LOGIN_WINDOW_SECONDS, marginMs = 20_000) {
  const ms = windowSeconds * 1000;
  const left = ms - (Date.now() % ms);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 100));
}

/**
 * Registers through the API and opens the link of the e-mail it wrote, as the owner of the address would:
 * the answer is the confirmation's (201 with the user and a session cookie on `client`). The outbox keeps
 * the token sealed (docs/decisions/0454-outbox-keeps-no-live-secret.md); with no SMTP server in these
 * tests it stays there, and is opened with the app's session secret as the mailer would.
 * docs/decisions/0456-registration-does-not-tell-which-emails-have-accounts.md
 */
export async function registerAndConfirm(
  app: { db: Db; config: { sessionSecret: string } },
  client: TestClient,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const pending = await client.post('/api/auth/register', body, headers);
  if (pending.statusCode !== 202) return pending;
  const [mail] = await app.db
    .select({ sealedSecret: mailOutbox.sealedSecret })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, 'registration-confirm'),
        sql`lower(${mailOutbox.to}) = lower(${String(body.email)})`,
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = mail?.sealedSecret ? openOutboxSecret(app.config.sessionSecret, mail.sealedSecret) : null;
  if (!token) throw new Error(`no registration link was e-mailed to ${String(body.email)}`);
  return client.post('/api/auth/confirm-registration', { token }, headers);
}
