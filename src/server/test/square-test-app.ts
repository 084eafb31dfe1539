// The store on Square for a test file, set up once here: the loopback fake of Square's API
// (payments/fake-square.ts) and the real app pointed at it, with the webhook's signature key and URL.
import { type FakeSquare, startFakeSquare } from '~/server/payments/fake-square';
import { seedStoreSettings, setWeekdayDiscounts } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

export const SQUARE_NOTIFICATION_URL = 'https://shop.example/api/square/webhook';
export const SQUARE_SIGNATURE_KEY = 'test-signature-key';

export type SquareTestApp = { fake: FakeSquare; t: TestApp; close: () => Promise<void> };

/** The store taking payments through the fake Square, its settings and weekday discounts seeded. */
export async function createSquareTestApp(env: Record<string, string> = {}): Promise<SquareTestApp> {
  const fake = await startFakeSquare({
    token: 'sq-test-token',
    signatureKey: SQUARE_SIGNATURE_KEY,
    notificationUrl: SQUARE_NOTIFICATION_URL,
  });
  const t = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'square',
      SQUARE_ACCESS_TOKEN: 'sq-test-token',
      SQUARE_LOCATION_ID: 'LOC_MAIN',
      SQUARE_WEBHOOK_SIGNATURE_KEY: SQUARE_SIGNATURE_KEY,
      SQUARE_WEBHOOK_URL: SQUARE_NOTIFICATION_URL,
      SQUARE_API_BASE_URL: fake.url,
      // Checkouts stand for many clients by varying X-Forwarded-For (per-address limits).
      TRUST_PROXY: 'true',
      ...env,
    },
  });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
  return {
    fake,
    t,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
