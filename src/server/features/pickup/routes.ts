// Booked pickup's routes (docs/decisions/0620-pickup-slots.md): the store's slots (staff), the rules
// (admin), the checkout's list of bookable slots (public) and the counter's look-up by pickup code.
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  AdminPickupSlotsSchema,
  AvailablePickupSlotsSchema,
  PickupCodeParamsSchema,
  PickupOrderSchema,
  PickupRulesSchema,
  PickupSlotCreateSchema,
  PickupSlotSchema,
  PickupSlotsQuerySchema,
  PickupSlotUpdateSchema,
  PickupWeekAnswerSchema,
  PickupWeekSchema,
} from '~/shared/schemas/pickup';
import { UserIdParamsSchema as IdParamsSchema } from '~/shared/schemas/admin-users';
import { orderItems, orders, pickupSlots } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { conflict, notFound } from '~/server/lib/http-error';
import { privateAnswers } from '~/server/plugins/security';
import { setOrderStatus } from '~/server/features/orders';
import {
  availableSlots,
  createSlot,
  createWeekOfSlots,
  deleteSlot,
  getPickupRules,
  listSlots,
  savePickupRules,
  storeOffersSlots,
  updateSlot,
} from './slots';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
export const NO_PICKUP_CODE = 'No order has this pickup code.';
export const NOT_READY =
  'This order cannot be handed over: it is not paid and waiting for pickup (its status is {{status}}).';

export const pickupRoutes: FastifyPluginAsyncZod = async (app) => {
  // Slots change with every booking: no answer here is cached.
  privateAnswers(app);
  const { db } = app.ctx;

  app.get(
    '/api/pickup-slots',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: 'Pickup slots that can be booked in the next N days, with their places left',
        querystring: PickupSlotsQuerySchema,
        response: { 200: AvailablePickupSlotsSchema, 400: ErrorSchema },
      },
    },
    async (request) => ({
      slots: await availableSlots(db, request.query.days),
      offered: await storeOffersSlots(db),
    }),
  );

  app.get(
    '/api/admin/pickup-slots',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'The pickup slots that have not ended and the pickup rules',
        response: { 200: AdminPickupSlotsSchema, ...errors },
      },
    },
    async () => ({ slots: await listSlots(db), rules: await getPickupRules(db) }),
  );

  app.post(
    '/api/admin/pickup-slots',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Add a pickup slot',
        body: PickupSlotCreateSchema,
        response: { 200: PickupSlotSchema, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const slot = await createSlot(tx, request.body);
        await recordAudit(tx, {
          userId: request.user!.id,
          action: 'create',
          entity: 'pickup-slot',
          entityId: slot.id,
          after: slot,
        });
        return slot;
      }),
  );

  app.post(
    '/api/admin/pickup-slots/week',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary:
          "Add the slots of opening hours on chosen weekdays for some weeks (store time zone), leaving out any that overlap the store's slots",
        body: PickupWeekSchema,
        response: { 200: PickupWeekAnswerSchema, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const answer = await createWeekOfSlots(tx, request.body, app.ctx.config.STORE_TIMEZONE);
        await recordAudit(tx, {
          userId: request.user!.id,
          action: 'create-week',
          entity: 'pickup-slot',
          entityId: null,
          after: { ...request.body, ...answer },
        });
        return answer;
      }),
  );

  app.patch(
    '/api/admin/pickup-slots/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Change a pickup slot (its capacity never under what is booked)',
        params: IdParamsSchema,
        body: PickupSlotUpdateSchema,
        response: { 200: PickupSlotSchema, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const slot = await updateSlot(tx, request.params.id, request.body);
        await recordAudit(tx, {
          userId: request.user!.id,
          action: 'update',
          entity: 'pickup-slot',
          entityId: slot.id,
          after: slot,
        });
        return slot;
      }),
  );

  app.delete(
    '/api/admin/pickup-slots/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a pickup slot no order is booked on',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        await deleteSlot(tx, request.params.id);
        await recordAudit(tx, {
          userId: request.user!.id,
          action: 'delete',
          entity: 'pickup-slot',
          entityId: request.params.id,
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/admin/pickup-slots/rules',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Set the lead time and the no-show days',
        body: PickupRulesSchema,
        response: { 200: PickupRulesSchema, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = await getPickupRules(tx);
        const after = await savePickupRules(tx, request.body);
        await recordAudit(tx, {
          userId: request.user!.id,
          action: 'update',
          entity: 'pickup-rules',
          before,
          after,
        });
        return after;
      }),
  );

  const findByCode = async (code: string) => {
    const [order] = await db.select().from(orders).where(eq(orders.pickupCode, code));
    if (!order) throw notFound(NO_PICKUP_CODE);
    return order;
  };
  const pickupOrder = async (code: string) => {
    const order = await findByCode(code);
    const [slot] = order.pickupSlotId
      ? await db.select().from(pickupSlots).where(eq(pickupSlots.id, order.pickupSlotId))
      : [];
    const items = await db
      .select({ productName: orderItems.productName, quantity: orderItems.quantity, sku: orderItems.sku })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    return {
      id: order.id,
      orderReference: order.orderReference,
      customerName: order.customerName,
      status: order.status,
      paymentStatus: order.paymentStatus,
      pickupCode: order.pickupCode!,
      slot: slot ? { startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() } : null,
      items,
    };
  };

  app.get(
    '/api/admin/pickup/:code',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'The pickup order of a scanned or typed pickup code',
        params: PickupCodeParamsSchema,
        response: { 200: PickupOrderSchema, ...errors },
      },
    },
    async (request) => pickupOrder(request.params.code),
  );

  app.post(
    '/api/admin/pickup/:code',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Hand the order over: its status becomes picked up (once)',
        params: PickupCodeParamsSchema,
        response: { 200: PickupOrderSchema, ...errors },
      },
    },
    async (request) => {
      const order = await findByCode(request.params.code);
      if (order.status !== 'picked-up') {
        if (
          order.paymentStatus !== 'completed' ||
          !['pending', 'processing', 'ready-for-pickup'].includes(order.status)
        ) {
          throw conflict({ key: NOT_READY, values: { status: order.status } });
        }
        // The one writer of order statuses: history, audit and the e-mail as any status change.
        await setOrderStatus(app.ctx, { userId: request.user!.id }, order.id, {
          status: 'picked-up',
          trackingNumber: undefined,
          trackingCarrier: undefined,
          estimatedDeliveryDate: undefined,
        });
      }
      return pickupOrder(request.params.code);
    },
  );
};
