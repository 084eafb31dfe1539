// The till's API (docs/decisions/0600-till.md): staff with the 'till' permission. Thin handlers over
// sessions.ts (registers, sessions, drops, close, reports) and sales.ts (pricing and recording a sale).
import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CloseSessionSchema,
  OpenSessionSchema,
  PosBasketSchema,
  PosCashMovementSchema,
  PosConflictsSchema,
  ResolveConflictSchema,
  PosProductsSchema,
  PosReportSchema,
  PosSaleRequestSchema,
  PosSaleSchema,
  PosSessionSchema,
  PosTotalsSchema,
  RegisterSchema,
  RegistersSchema,
  RegisterTerminalSchema,
} from '~/shared/schemas/pos';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { products } from '~/server/db/schema';
import { notFound } from '~/server/lib/http-error';
import { privateAnswers } from '~/server/plugins/security';
import { cancelCardSale, followSale } from './card';
import { emailReceipt, openConflicts, priceSale, recordSale, resolveConflict } from './sales';
import {
  addCashMovement,
  closeSession,
  findSession,
  listRegisters,
  openSession,
  SESSION_NOT_FOUND,
  sessionReport,
  setRegisterTerminal,
} from './sessions';

const till = { access: 'staff', permission: 'till' } as const;
const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

const PRODUCT_COLUMNS = {
  id: products.id,
  sku: sql<string>`coalesce(${products.lotNumber}, '')`,
  name: products.name,
  price: products.price,
  stock: products.stock,
  // Units held by unpaid online checkouts: the till warns before selling them. The lot's id is written
  // with its table: Drizzle names a column bare when one table is selected, and bare `id` in the
  // subquery would be the hold's own.
  heldOnline: sql<number>`coalesce((select sum(h.quantity) from stock_holds h where h.product_id = "products"."id" and h.released_at is null and h.expires_at > now()), 0)::int`,
  condition: products.condition,
  imageUrl: products.imageUrl,
};
/** Lots the till may sell: on sale, not archived, not in recall quarantine. */
const forSale = and(eq(products.active, true), isNull(products.archivedAt), isNull(products.recallId));

export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;
  const cashier = (request: { user?: { id: number; isAdmin: boolean } | null }) => ({
    id: request.user!.id,
    isAdmin: request.user!.isAdmin,
  });

  app.get(
    '/api/pos/registers',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'The registers and their open sessions',
        response: { 200: RegistersSchema, ...errors },
      },
    },
    async () => ({ registers: await listRegisters(db) }),
  );

  app.post(
    '/api/pos/sessions',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'Open a session on a register with its float',
        body: OpenSessionSchema,
        response: { 201: PosSessionSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await openSession(db, request.body, request.user!.id)),
  );

  app.get(
    '/api/pos/sessions/:id',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'A till session',
        params: IdParams,
        response: { 200: PosSessionSchema, ...errors },
      },
    },
    async (request) => {
      const session = await findSession(db, request.params.id);
      if (!session) throw notFound(SESSION_NOT_FOUND);
      return session;
    },
  );

  app.get(
    '/api/pos/lookup',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary:
          'The lots a scanned or typed code names: a lot label or SKU names one, a UPC may name several',
        querystring: z.object({ code: z.string().trim().min(1, 'Scan or type a code').max(64) }),
        response: { 200: PosProductsSchema, ...errors },
      },
    },
    async (request) => {
      const code = request.query.code;
      const rows = await db
        .select(PRODUCT_COLUMNS)
        .from(products)
        .where(and(forSale, or(sql`lower(${products.lotNumber}) = lower(${code})`, eq(products.upc, code))))
        .orderBy(desc(products.stock), desc(products.id))
        .limit(20);
      if (rows.length === 0) throw notFound('No lot for sale has this code.');
      return { products: rows };
    },
  );

  app.get(
    '/api/pos/products',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'Lots for sale whose name or lot number contains the words',
        querystring: z.object({ q: z.string().trim().min(2, 'Type at least 2 characters').max(100) }),
        response: { 200: PosProductsSchema, ...errors },
      },
    },
    async (request) => {
      const words = `%${request.query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select(PRODUCT_COLUMNS)
        .from(products)
        .where(and(forSale, or(ilike(products.name, words), ilike(products.lotNumber, words))))
        .orderBy(desc(products.id))
        .limit(20);
      return { products: rows };
    },
  );

  app.post(
    '/api/pos/quote',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'Price a basket; records nothing',
        body: PosBasketSchema,
        response: { 200: PosTotalsSchema, ...errors },
      },
    },
    async (request) => (await priceSale(app.ctx, db, request.body, cashier(request))).totals,
  );

  app.post(
    '/api/pos/sales',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary:
          'Record a sale (once per clientSaleId): stock taken, tenders taken; a card part is sent to the Square Terminal',
        body: PosSaleRequestSchema,
        response: { 200: PosSaleSchema, ...errors, 502: ErrorSchema },
      },
    },
    async (request) => recordSale(app.ctx, request.body, cashier(request)),
  );

  app.get(
    '/api/pos/sales/:id',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'A till sale and its receipt; one awaiting its card is followed on the Square Terminal',
        params: IdParams,
        response: { 200: PosSaleSchema, ...errors },
      },
    },
    async (request) => followSale(app.ctx, request.params.id, cashier(request)),
  );

  app.post(
    '/api/pos/sales/:id/cancel',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'Cancel the card of a sale awaiting it on the Square Terminal: the sale is cancelled',
        params: IdParams,
        response: { 200: PosSaleSchema, ...errors, 502: ErrorSchema },
      },
    },
    async (request) => cancelCardSale(app.ctx, request.params.id, cashier(request)),
  );

  app.put(
    '/api/pos/registers/:id/terminal',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['pos'],
        summary: "Pair a register with its Square Terminal (the Devices API's device id), or unpair it",
        params: IdParams,
        body: RegisterTerminalSchema,
        response: { 200: RegisterSchema, ...errors },
      },
    },
    async (request) =>
      setRegisterTerminal(db, request.params.id, request.body.squareDeviceId, request.user!.id),
  );

  app.get(
    '/api/pos/conflicts',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'Offline sales that sold what was sold online meanwhile, to resolve',
        response: { 200: PosConflictsSchema, ...errors },
      },
    },
    async () => ({ sales: await openConflicts(db) }),
  );

  app.post(
    '/api/pos/conflicts/:id/resolve',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'Say how an offline sale’s conflict was resolved',
        params: IdParams,
        body: ResolveConflictSchema,
        response: { 200: PosSaleSchema, ...errors },
      },
    },
    async (request) => resolveConflict(db, request.params.id, request.body.note, request.user!.id),
  );

  app.post(
    '/api/pos/sales/:id/email-receipt',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: "E-mail a sale's receipt in its language, to the address given or the customer's",
        params: IdParams,
        body: z.strictObject({ email: z.email('Enter a valid e-mail address').max(254).optional() }),
        response: { 200: z.object({ sentTo: z.string() }), ...errors },
      },
    },
    async (request) => ({ sentTo: await emailReceipt(app.ctx, request.params.id, request.body.email) }),
  );

  app.post(
    '/api/pos/sessions/:id/cash-movements',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'Take cash out of the drawer: a drop or a payout, with its reason',
        params: IdParams,
        body: PosCashMovementSchema,
        response: { 200: PosReportSchema, ...errors },
      },
    },
    // In one transaction with the session's row lock, as the close is: a drop never lands after a Z report.
    async (request) =>
      db.transaction((tx) => addCashMovement(tx, request.params.id, request.body, request.user!.id)),
  );

  app.post(
    '/api/pos/sessions/:id/close',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'Close a session with the cash counted by denomination: the Z report',
        params: IdParams,
        body: CloseSessionSchema,
        response: { 200: PosReportSchema, ...errors },
      },
    },
    async (request) =>
      db.transaction((tx) => closeSession(tx, request.params.id, request.body, request.user!.id)),
  );

  app.get(
    '/api/pos/sessions/:id/report',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: 'The X report (open) or Z report (closed) of a session',
        params: IdParams,
        response: { 200: PosReportSchema, ...errors },
      },
    },
    async (request) => sessionReport(db, request.params.id),
  );
};
