// The configured payment provider, one per app (PAYMENT_PROVIDER: local by default, or square).
import type { AppContext } from '~/server/context';
import { createLocalProvider } from './local';
import type { PaymentProvider } from './provider';
import { createSquareProvider } from './square';

export type { PaymentProvider } from './provider';

export function paymentProviderFor(ctx: AppContext): PaymentProvider {
  const existing = ctx.services.paymentProvider as PaymentProvider | undefined;
  if (existing) return existing;
  const provider =
    ctx.config.PAYMENT_PROVIDER === 'square'
      ? createSquareProvider(ctx.config)
      : createLocalProvider(ctx.config, ctx.db);
  ctx.services.paymentProvider = provider;
  return provider;
}
