// The set-up of the tests that read a store's e-mails: a real SMTP server on loopback, a test app that
// sends to it (order e-mails unthrottled), the store's settings and an administrator signed in.
import { MANY_ORDER_EMAILS } from '~/server/features/checkout/test-support';
import { createUser, seedStoreSettings, setWeekdayDiscounts, signInAs } from './fixtures';
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from './smtp-inbox';
import { createTestApp, TestClient, type TestApp } from './test-app';

export type MailingStore = {
  t: TestApp;
  inbox: SmtpInbox;
  /** Every message the inbox accepted, parsed; tests empty it in beforeEach. */
  received: ReceivedMail[];
  /** A signed-in administrator. */
  admin: TestClient;
  close: () => Promise<void>;
};

/**
 * `env` adds to the store's settings (its name, e-mail, tax numbers, province). Weekday discounts are set
 * to none unless `keepWeekdayDiscounts`, so the amounts a test works out by hand do not depend on the day.
 */
export async function startMailingStore(
  env: Record<string, string> = {},
  options: { keepWeekdayDiscounts?: boolean } = {},
): Promise<MailingStore> {
  const inbox = await startSmtpInbox();
  const t = await createTestApp({
    env: { TRUST_PROXY: 'true', ...MANY_ORDER_EMAILS, SMTP_URL: inbox.url, ...env },
  });
  await seedStoreSettings(t.db);
  if (!options.keepWeekdayDiscounts) await setWeekdayDiscounts(t.db);
  const user = await createUser(t.db, { isAdmin: true });
  const admin = new TestClient(t.app);
  await signInAs(t.db, admin, user.id);
  return {
    t,
    inbox,
    received: inbox.messages,
    admin,
    close: async () => {
      await t.close();
      await inbox.close();
    },
  };
}
