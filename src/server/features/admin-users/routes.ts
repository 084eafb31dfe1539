// User management for administrators, and the e-mail search of the orders' 'Link User' dialog. Every
// route is refused (401 signed out, 403 customers) before its body is read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminUserCreateSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  AdminUserUpdateSchema,
  DeleteUserResultSchema,
  UserIdParamsSchema,
  UserSearchQuerySchema,
  UserSearchResultSchema,
} from '~/shared/schemas/admin-users';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { StoreCreditAdjustSchema, StoreCreditSchema } from '~/shared/schemas/store-credit';
import { readStoreCredit } from '~/server/features/store-credit';
import { customerGiftCards } from '~/server/features/gift-cards';
import { CustomerGiftCardsSchema } from '~/shared/schemas/gift-cards';
import { notFound } from '~/server/lib/http-error';
import { findAdminUser, listUsers, searchUsersByEmail } from './repository';
import { type Actor, adjustStoreCredit, createUser, deleteUser, updateUser, USER_NOT_FOUND } from './service';
import { PRIVATE_NO_STORE, privateAnswers } from '~/server/plugins/security';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;
  const actorOf = (request: { user: { id: number } | null; sessionId: string | null }): Actor => ({
    userId: request.user!.id,
    sessionId: request.sessionId,
  });

  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Users, by username, paged; search by part of a username or e-mail. Total in X-Total-Count',
        querystring: AdminUsersQuerySchema,
        response: { 200: z.array(AdminUserSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await listUsers(db, request.query);
      reply.header('x-total-count', String(total));
      reply.header('cache-control', PRIVATE_NO_STORE);
      return items;
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One user',
        params: UserIdParamsSchema,
        response: { 200: AdminUserSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const user = await findAdminUser(db, request.params.id);
      if (!user) throw notFound(USER_NOT_FOUND);
      return user;
    },
  );

  app.post(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Create a user (customer or administrator)',
        body: AdminUserCreateSchema,
        response: { 201: AdminUserSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createUser(app.ctx, actorOf(request), request.body)),
  );

  app.put(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Change some fields of a user (only those sent; no password keeps the current one)',
        params: UserIdParamsSchema,
        body: AdminUserUpdateSchema,
        response: { 200: AdminUserSchema, 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) => updateUser(app.ctx, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a user; their orders are kept, no longer linked to an account',
        params: UserIdParamsSchema,
        response: { 200: DeleteUserResultSchema, 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { detachedOrders } = await deleteUser(app.ctx, actorOf(request), request.params.id);
      return { message: 'User deleted.', detachedOrders };
    },
  );

  app.get(
    '/api/admin/users/:id/store-credit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A customer's store credit: balance and ledger, newest first",
        params: UserIdParamsSchema,
        response: { 200: StoreCreditSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await findAdminUser(db, request.params.id))) throw notFound(USER_NOT_FOUND);
      return readStoreCredit(db, request.params.id);
    },
  );

  app.get(
    '/api/admin/users/:id/gift-cards',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A customer's gift cards: sent to their e-mail or bought by their orders, with balances",
        params: UserIdParamsSchema,
        response: { 200: CustomerGiftCardsSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const user = await findAdminUser(db, request.params.id);
      if (!user) throw notFound(USER_NOT_FOUND);
      return { cards: await customerGiftCards(db, user) };
    },
  );

  app.post(
    '/api/admin/users/:id/store-credit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Issue store credit ("25.00") or take it back ("-10.00") with a reason; never below 0.00 (400). Answers the credit',
        params: UserIdParamsSchema,
        body: StoreCreditAdjustSchema,
        response: { 200: StoreCreditSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => adjustStoreCredit(app.ctx, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/users/search',
    {
      // Part of order work (linking a guest's order to an account), so staff's like the orders.
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "Users whose e-mail contains the text (the orders' 'Link User' dialog)",
        querystring: UserSearchQuerySchema,
        response: { 200: z.array(UserSearchResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      return searchUsersByEmail(db, request.query.email);
    },
  );
};
