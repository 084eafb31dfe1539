import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountOrderSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  PreferencesSchema,
  ProfileUpdateSchema,
} from '~/shared/schemas/account';
import { MessageSchema, UserSchema } from '~/shared/schemas/auth';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { SavedCheckoutAnswerSchema, SavedCheckoutDetailsSchema } from '~/shared/schemas/saved-checkout';
import { readCheckoutDetails, saveCheckoutDetails } from './checkout-details';
import { endSession, startSession } from '~/server/plugins/sessions';
import { listMyOrders } from './orders-repository';
import { changePassword, deleteAccount, updatePreferences, updateProfile } from './service';
import { privateAnswers } from '~/server/plugins/security';
import { StoreCreditSchema } from '~/shared/schemas/store-credit';
import { readStoreCredit } from '~/server/features/store-credit';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;

  app.patch(
    '/api/auth/update-profile',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: "Update the signed-in user's username, email, phone and address",
        body: ProfileUpdateSchema,
        response: { 200: UserSchema, 401: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => updateProfile(app.ctx, request.user!.id, request.body),
  );

  app.get(
    '/api/account/store-credit',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: "The signed-in customer's store credit: balance and movements, newest first",
        response: { 200: StoreCreditSchema, 401: ErrorSchema },
      },
    },
    async (request) => readStoreCredit(db, request.user!.id),
  );

  app.get(
    '/api/auth/checkout-details',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'The name, phone and address the customer saved for checkout (null when none)',
        response: { 200: SavedCheckoutAnswerSchema, 401: ErrorSchema },
      },
    },
    async (request) => ({ details: await readCheckoutDetails(db, request.user!.id) }),
  );

  app.put(
    '/api/auth/checkout-details',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary:
          "Save the checkout's name, phone and address to the profile ('Save this address to my profile')",
        body: SavedCheckoutDetailsSchema,
        response: { 200: SavedCheckoutAnswerSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => ({ details: await saveCheckoutDetails(db, request.user!.id, request.body) }),
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'Change the password (current password required); ends every other session',
        body: ChangePasswordSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await changePassword(app.ctx, request.user!, request.body);
      await startSession(request, reply, request.user!.id);
      return { message: 'Your password has been changed. Other devices have been signed out.' };
    },
  );

  app.patch(
    '/api/auth/preferences',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'Set the e-mail notifications preference',
        body: PreferencesSchema,
        response: { 200: UserSchema, 401: ErrorSchema },
      },
    },
    async (request) => updatePreferences(app.ctx, request.user!.id, request.body),
  );

  app.post(
    '/api/auth/delete-account',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'Delete the account (password required); same as DELETE /api/account',
        body: DeleteAccountSchema,
        response: {
          200: MessageSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.ctx, request.user!, request.body);
      await endSession(request, reply);
      return { message: 'Your account has been deleted.' };
    },
  );

  app.delete(
    '/api/account',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary:
          'Delete the account at once (password required): personal data erased, orders and tax records kept with no one named',
        body: DeleteAccountSchema,
        response: {
          200: MessageSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.ctx, request.user!, request.body);
      await endSession(request, reply);
      return { message: 'Your account has been deleted.' };
    },
  );

  app.get(
    '/api/orders/my-orders',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: "The signed-in user's orders, newest first, with their items (X-Total-Count: all of them)",
        response: { 200: z.array(AccountOrderSchema), 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { orders, total } = await listMyOrders(db, request.user!.id);
      reply.header('x-total-count', String(total));
      // Personal data: never kept by shared caches.
      reply.header('cache-control', 'private, no-store');
      return orders;
    },
  );
};
