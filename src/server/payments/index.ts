// The configured payment provider, one per app (PAYMENT_PROVIDER: local by default, or square), built
// by createAppContext and read as ctx.payments.
import type { Config } from '~/server/config';
import type { Db } from '~/server/db/client';
import { createLocalProvider } from './local';
import type { PaymentProvider } from './provider';
import { createSquareProvider } from './square';

export type { PaymentProvider } from './provider';

export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  return config.PAYMENT_PROVIDER === 'square'
    ? createSquareProvider(config)
    : createLocalProvider(config, db);
}
