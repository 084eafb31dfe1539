import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateError } from '~/shared/i18n/error-text';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordSchema,
  LoginSchema,
  MessageSchema,
  ConfirmRegistrationSchema,
  REGISTRATION_PENDING,
  RegisterSchema,
  RegistrationPendingSchema,
  ResetPasswordSchema,
  UserSchema,
} from '~/shared/schemas/auth';
import { unauthorized } from '~/server/lib/http-error';
import { knownDevice, rememberDevice } from './known-device';
import { enforceAddressRateLimit } from '~/server/lib/rate-limit';
import { apiLocale } from '~/server/lib/request-locale';
import { endSession, startSession } from '~/server/plugins/sessions';
import { authenticate } from './service';
import { confirmRegistration, requestRegistration } from './registration';
import { PASSWORD_RESET_DONE, requestPasswordReset, resetPassword } from './password-reset';
import { privateAnswers } from '~/server/plugins/security';

/** Registrations per address per hour: enough for a household, not for a script. */
export const REGISTRATIONS_PER_IP_PER_HOUR = 20;
/** Forgot-password requests per address per hour (each address typed is limited on its own too). */
export const FORGOT_PASSWORD_PER_IP_PER_HOUR = 10;
/** Reset attempts per address per hour: tokens are unguessable, this only stops a script hammering. */
export const RESET_PASSWORD_PER_IP_PER_HOUR = 20;

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
      const user = await authenticate(
        app.ctx,
        request.body,
        request.ip,
        knownDevice(request, request.body.username),
      );
      await startSession(request, reply, user.id);
      rememberDevice(request, reply, request.body.username);
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
        summary:
          'Register a customer account (username, email, password): finished by the link sent by e-mail',
        description:
          'Every valid registration answers 202 with the same message, whether or not an account already uses ' +
          'the address: a new address gets a link that creates the account (24 hours), an address that has ' +
          'an account gets a notice with sign-in and reset links. A taken username is still 409 (usernames are public).',
        body: RegisterSchema,
        response: { 202: RegistrationPendingSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
      // Written to the outbox in the request, sent once the answer has gone: the same time either way.
      onResponse: async () => {
        app.ctx.mailer
          .deliverQueued()
          .catch((error) => app.log.error({ err: error }, 'sending queued e-mail failed'));
      },
    },
    async (request, reply) => {
      await enforceAddressRateLimit(
        db,
        'register',
        request.ip,
        REGISTRATIONS_PER_IP_PER_HOUR,
        3600,
        'registrations from this address',
      );
      await requestRegistration(app.ctx, request.body, apiLocale(request));
      return reply
        .status(202)
        .send({ message: translateError(apiLocale(request), REGISTRATION_PENDING), pending: true as const });
    },
  );

  app.post(
    '/api/auth/confirm-registration',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create the account of a registration from the token of its e-mail link, and sign in',
        body: ConfirmRegistrationSchema,
        response: { 201: UserSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await enforceAddressRateLimit(
        db,
        'confirm-registration',
        request.ip,
        RESET_PASSWORD_PER_IP_PER_HOUR,
        3600,
        'registration links opened from this address',
      );
      const user = await confirmRegistration(app.ctx, request.body.token);
      await startSession(request, reply, user.id);
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link to the account using this email, if there is one',
        description:
          'Always answers the same message, whether or not an account uses the address. The link works once, ' +
          'within one hour.',
        body: ForgotPasswordSchema,
        response: { 200: MessageSchema, 429: ErrorSchema },
      },
      // The e-mail is written to the outbox in the request and sent once the answer has gone, so the
      // answer takes the same time whether or not it mailed anyone.
      onResponse: async () => {
        app.ctx.mailer
          .deliverQueued()
          .catch((error) => app.log.error({ err: error }, 'sending queued e-mail failed'));
      },
    },
    async (request) => {
      await enforceAddressRateLimit(
        db,
        'forgot-password',
        request.ip,
        FORGOT_PASSWORD_PER_IP_PER_HOUR,
        3600,
        'password reset requests from this address',
      );
      await requestPasswordReset(app.ctx, request.body.email, apiLocale(request));
      return { message: translateError(apiLocale(request), FORGOT_PASSWORD_ANSWER) };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link; signs the account out everywhere',
        body: ResetPasswordSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await enforceAddressRateLimit(
        db,
        'reset-password',
        request.ip,
        RESET_PASSWORD_PER_IP_PER_HOUR,
        3600,
        'password reset attempts from this address',
      );
      const userId = await resetPassword(app.ctx, request.body);
      // Every session of the account has ended; this browser's too, if it was signed in as that account.
      if (request.user?.id === userId) await endSession(request, reply);
      return { message: translateError(apiLocale(request), PASSWORD_RESET_DONE) };
    },
  );
};
