import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { LoginSchema, MessageSchema, RegisterSchema, UserSchema } from '~/shared/schemas/auth';
import { unauthorized } from '~/server/lib/http-error';
import { enforceRateLimit } from '~/server/lib/rate-limit';
import { endSession, startSession } from '~/server/plugins/sessions';
import { authenticate, registerUser } from './service';
import { privateAnswers } from '~/server/plugins/security';

/** Registrations per address per hour: enough for a household, not for a script. */
export const REGISTRATIONS_PER_IP_PER_HOUR = 20;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;

  app.get(
    '/api/auth/me',
    {
      // Anyone may ask who they are; signed out, the answer is this route's own 401.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (401 when signed out)',
        response: { 200: UserSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized('Not signed in.');
      return request.user;
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password; starts a new session',
        body: LoginSchema,
        response: { 200: UserSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await authenticate(app.ctx, request.body, request.ip);
      await startSession(request, reply, user.id);
      return user;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session is deleted',
        response: { 200: MessageSchema },
      },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return { message: 'You have been signed out.' };
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account (username, email, password) and sign in',
        body: RegisterSchema,
        response: { 201: UserSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(
        db,
        `register:ip:${request.ip}`,
        REGISTRATIONS_PER_IP_PER_HOUR,
        3600,
        'registrations from this address',
      );
      const user = await registerUser(app.ctx, request.body);
      await startSession(request, reply, user.id);
      return reply.status(201).send(user);
    },
  );
};
