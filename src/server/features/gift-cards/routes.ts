// GET /api/gift-cards/{code}/balance (public, rate-limited per address like the other look-ups) and
// the admin's gift cards: issue one, list them with balances, read a card's ledger
// (docs/decisions/0533-gift-cards.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCents } from '~/shared/money';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { badRequest, notFound } from '~/server/lib/http-error';
import { enforceAddressRateLimit } from '~/server/lib/rate-limit';
import { privateAnswers } from '~/server/plugins/security';
import { apiLocale } from '~/server/lib/request-locale';
import { queueGiftCardEmail } from './gift-card-email';
import { giftCards } from '~/server/db/schema';
import { eq } from 'drizzle-orm';
import {
  findGiftCard,
  giftCardMovementsOf,
  issueGiftCard,
  listGiftCards,
  toGiftCardSummary,
  UNKNOWN_GIFT_CARD,
} from './ledger';

/**
 * Gift card look-ups (the balance page and codes sent with a checkout) one address may make per
 * window: plenty for a person, far too few to guess an 80-bit code.
 */
export const GIFT_CARD_RATE_LIMIT = { limit: 20, windowSeconds: 600 };

export function limitGiftCardLookups(db: Parameters<typeof enforceAddressRateLimit>[0], ip: string) {
  return enforceAddressRateLimit(
    db,
    'gift-card',
    ip,
    GIFT_CARD_RATE_LIMIT.limit,
    GIFT_CARD_RATE_LIMIT.windowSeconds,
    'gift card look-ups',
  );
}

const BalanceSchema = z.object({ last4: z.string(), balance: z.string(), currency: z.string() });
const SummarySchema = z.object({
  id: z.number(),
  last4: z.string(),
  initial: z.string(),
  balance: z.string(),
  recipientEmail: z.string().nullable(),
  soldOrderId: z.number().nullable(),
  createdAt: z.string(),
});
const MovementSchema = z.object({
  id: z.number(),
  amount: z.string(),
  kind: z.string(),
  orderId: z.number().nullable(),
  balanceAfter: z.string(),
  createdAt: z.string(),
});

export const giftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db, config } = app.ctx;

  app.get(
    '/api/gift-cards/:code/balance',
    {
      config: { access: 'public' },
      schema: {
        tags: ['gift-cards'],
        summary: "A gift card's balance by its code (rate-limited per address)",
        params: z.object({ code: z.string().max(40) }),
        response: { 200: BalanceSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      await limitGiftCardLookups(db, request.ip);
      const card = await findGiftCard(db, request.params.code);
      if (!card) throw notFound(UNKNOWN_GIFT_CARD);
      return { last4: card.last4, balance: toGiftCardSummary(card).balance, currency: config.STORE_CURRENCY };
    },
  );

  app.post(
    '/api/admin/gift-cards',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Issue a gift card (the code is answered once and never stored in clear)',
        body: z.strictObject({
          amount: z.string(),
          recipientEmail: z.string().email().max(254).nullish(),
          message: z.string().max(500).nullish(),
        }),
        response: { 200: z.object({ card: SummarySchema, code: z.string() }), 400: ErrorSchema },
      },
    },
    async (request) => {
      const cents = /^\d{1,7}(\.\d{1,2})?$/.test(request.body.amount) ? toCents(request.body.amount) : null;
      if (cents === null) throw badRequest('The amount must be like 25.00.');
      const to = request.body.recipientEmail ?? null;
      const { card, code } = await db.transaction(async (tx) => {
        const issued = await issueGiftCard(tx, {
          cents,
          recipientEmail: to,
          message: request.body.message ?? null,
          staffUserId: request.user!.id,
        });
        // Sent to the recipient, in the language of the page that issued it.
        if (to) {
          await queueGiftCardEmail(app.ctx, tx, {
            to,
            cents,
            code: issued.code,
            message: request.body.message ?? null,
            locale: apiLocale(request),
          });
        }
        return issued;
      });
      if (to) {
        await app.ctx.mailer
          .deliverQueued()
          .catch((err) =>
            request.log.warn({ err }, 'sending the gift card e-mail failed; the outbox retries'),
          );
      }
      return { card: toGiftCardSummary(card), code };
    },
  );

  app.get(
    '/api/admin/gift-cards',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Gift cards with their balances, newest first',
        response: { 200: z.array(SummarySchema) },
      },
    },
    async () => listGiftCards(db),
  );

  app.get(
    '/api/admin/gift-cards/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A gift card and its ledger, newest first',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: {
          200: z.object({ card: SummarySchema, movements: z.array(MovementSchema) }),
          404: ErrorSchema,
        },
      },
    },
    async (request) => {
      const [card] = await db.select().from(giftCards).where(eq(giftCards.id, request.params.id));
      if (!card) throw notFound('No such gift card.');
      return { card: toGiftCardSummary(card), movements: await giftCardMovementsOf(db, card.id) };
    },
  );
};
