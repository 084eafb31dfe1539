// POST /api/cart/quote (today's figures of a cart), POST /api/square/create-checkout (the
// specification's path, whatever provider is configured) and POST /api/square/webhook (Square's signed
// notifications).
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateCheckoutResponseSchema,
  CreateCheckoutSchema,
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
} from '~/shared/schemas/checkout';
import { CartQuoteRequestSchema, CartQuoteSchema } from '~/shared/schemas/cart-quote';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { badRequest, HttpError } from '~/server/lib/http-error';
import { enforceAddressRateLimit } from '~/server/lib/rate-limit';
import { answerLocale, apiLocale } from '~/server/lib/request-locale';
import { PaymentProviderError } from '~/server/payments/provider';
import { releaseExpiredHolds } from '~/server/features/orders';
import { limitGiftCardLookups } from '~/server/features/gift-cards';
import { payPageRoutes } from './pay-page';
import { quoteCart } from './pricing';
import { clientKeyFor, createCheckout, networkKeyFor } from './service';
import { handlePaymentWebhook } from './webhook';
import { privateAnswers } from '~/server/plugins/security';

/**
 * Quotes one address may ask for per window: the cart and checkout pages ask on opening and on every
 * change of the cart, province or method, so this is generous; it only stops a script pricing the
 * catalogue in a loop.
 */
export const QUOTE_RATE_LIMIT = { limit: 300, windowSeconds: 600 };
/** Checkouts one address may start per window: enough for any shopper, not for hoarding stock. */
export const CHECKOUT_RATE_LIMIT = { limit: 20, windowSeconds: 600 };
const HOLD_CLEANUP_MS = 5 * 60_000;

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db, config } = app.ctx;

  app.post(
    '/api/cart/quote',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary:
          "Today's figures of a cart: the amounts create-checkout would compute, each item's price and stock",
        description:
          "Public. Send the cart's items and, on the checkout page, the shipping method, country and province. " +
          "Without a shipping method no shipping is counted; without a province the store's own province is " +
          'used. Products no longer for sale are listed in `unavailable` and left out of the figures. ' +
          'With `discountCode` the figures include the code (`discountCode`, `codeDiscountAmount`); a code ' +
          'that does not apply answers 400 `discount_code_refused` with its `reason` and the message for the shopper.',
        body: CartQuoteRequestSchema,
        response: { 200: CartQuoteSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await enforceAddressRateLimit(
        db,
        'quote',
        request.ip,
        QUOTE_RATE_LIMIT.limit,
        QUOTE_RATE_LIMIT.windowSeconds,
        'price checks',
      );
      // Names in the page's language: the cart shows the quote's names (docs/decisions/0350-french-catalogue-fields.md).
      return quoteCart(db, config, request.body, answerLocale(request, reply));
    },
  );

  app.post(
    '/api/square/create-checkout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: 'Create the order, hold its stock and start a hosted payment',
        description:
          'Every amount is recomputed on the server; figures that differ from the current ones answer 409 with ' +
          '`current`. Send an `Idempotency-Key` header: repeating a submission with the same key returns the same order and URL. ' +
          "`orderData.discountCode` (with the quote's `codeDiscountAmount`) applies a discount code; a refused one answers 400 " +
          '`discount_code_refused` and places nothing.',
        body: CreateCheckoutSchema,
        response: { 200: CreateCheckoutResponseSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const rawKey = request.headers[IDEMPOTENCY_HEADER];
      let idempotencyKey: string | null = null;
      if (rawKey !== undefined) {
        const parsed = IdempotencyKeySchema.safeParse(Array.isArray(rawKey) ? rawKey[0] : rawKey);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
        idempotencyKey = parsed.data;
      }
      await enforceAddressRateLimit(
        db,
        'checkout',
        request.ip,
        CHECKOUT_RATE_LIMIT.limit,
        CHECKOUT_RATE_LIMIT.windowSeconds,
        'checkout attempts',
      );
      // Codes sent with a checkout count against the balance page's limit: no guessing through here.
      if (request.body.giftCardCodes?.length) await limitGiftCardLookups(db, request.ip);
      try {
        const shopper = {
          user: request.user,
          idempotencyKey,
          clientKey: clientKeyFor(request.user, request.ip),
          networkKey: networkKeyFor(request.ip),
          locale: apiLocale(request),
          ip: request.ip,
        };
        const result = await createCheckout(app.ctx, shopper, request.body);
        return {
          success: true as const,
          checkoutUrl: result.checkoutUrl,
          orderId: result.order.orderReference,
        };
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          request.log.error({ err: error }, 'payment provider refused the checkout');
          throw new HttpError(502, 'We could not reach the payment provider. Please try again in a moment.');
        }
        throw error;
      }
    },
  );

  await app.register(webhookRoutes);
  await app.register(payPageRoutes);
  startHoldCleanup(app);
};

/** The webhook reads its body raw: the signature covers the exact bytes Square sent. */
async function webhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/square/webhook',
    {
      config: { access: 'public' },
      schema: { tags: ['checkout'], summary: 'Square payment notifications (signed)', hide: false },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await handlePaymentWebhook(app.ctx, raw, request.headers);
      return reply.status(result.status).send({ message: result.message });
    },
  );
}

/** Marks expired holds released every few minutes. Safe with several instances: it is one idempotent UPDATE. */
function startHoldCleanup(app: FastifyInstance) {
  if (app.ctx.config.NODE_ENV === 'test') return;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      releaseExpiredHolds(app.ctx).catch((err) =>
        app.log.warn({ err }, 'releasing expired stock holds failed'),
      );
    }, HOLD_CLEANUP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
