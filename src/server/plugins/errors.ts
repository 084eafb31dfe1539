// Every error answers JSON `{ message }` with the right status: 400 with field errors for
// validation, 404 for unknown API paths, never a stack trace. The message and the field errors are in
// the request's language (Accept-Language, docs/decisions/0390-error-messages-in-french.md).
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { translateError } from '~/shared/i18n/error-text';
import type { Locale } from '~/shared/i18n/locales';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  unavailableReason,
} from '~/server/db/unavailable';
import { staleCatalogueAnswer } from '~/server/features/catalog';
import { putsRecalledLotOnSale, RECALLED_LOT_NOT_ON_SALE } from '~/server/lib/recalled-lot';
import { HttpError } from '~/server/lib/http-error';
import { apiLocale, pageLocale } from '~/server/lib/request-locale';
import { unavailablePage } from '~/server/render/unavailable-page';

type FieldErrors = Record<string, string>;

export const DATABASE_UNAVAILABLE_MESSAGE = 'The store is busy right now. Please try again in a moment.';

export const MALFORMED_MULTIPART_MESSAGE = 'The upload is not a valid multipart/form-data body.';

/**
 * What busboy (under @fastify/multipart) throws for a body that is not the multipart it claims to be:
 * plain Errors without a status (docs/decisions/0119-bad-input-is-a-4xx.md). A boundary over 256
 * characters (RFC 2046 allows 70) fails in its search table before any part is read.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|Unsupported Content-Type\.|\w+ terminated early due to unexpected end of multipart data|The needle cannot have a length bigger than 256\.)$/;

export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

function validationAnswer(errors: FieldErrors, locale: Locale) {
  const translated = translatedFields(errors, locale);
  const first = Object.values(translated)[0] ?? translateError(locale, 'Invalid request.');
  return { message: first, errors: translated };
}

function translatedFields(errors: FieldErrors, locale: Locale): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, translateError(locale, message)]),
  );
}

/** An HttpError's body: its message and any per-field messages (`errors`) in the request's language. */
function httpErrorAnswer(error: HttpError, locale: Locale) {
  const answer: Record<string, unknown> = {
    message: translateError(locale, error.message, error.text),
    ...error.extra,
  };
  const fields = error.extra.errors;
  if (fields && typeof fields === 'object' && Object.values(fields).every((m) => typeof m === 'string')) {
    answer.errors = translatedFields(fields as FieldErrors, locale);
  }
  return answer;
}

/** A browser asking for a page (not the API): it gets the store's page rather than JSON. */
function isPageRequest(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '/';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !pathname.startsWith('/api/') &&
    String(request.headers.accept ?? '').includes('text/html')
  );
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = apiLocale(request);
    const say = (message: string) => translateError(locale, message);
    // The same address answers in either language: a shared cache must keep them apart.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-language` : 'accept-language');
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const v of error.validation) {
        const issuePath = (v.params.issue as { path?: PropertyKey[] } | undefined)?.path ?? [];
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || issuePath.join('.') || '_';
        errors[key] ??= v.message ?? 'Invalid value.';
      }
      return reply.status(400).send(validationAnswer(errors, locale));
    }
    if (error instanceof ZodError)
      return reply.status(400).send(validationAnswer(fieldErrorsFromZod(error), locale));
    if (error instanceof HttpError) {
      if (
        (error.statusCode === 429 || error.statusCode === 503) &&
        typeof error.extra.retryAfter === 'number'
      ) {
        reply.header('retry-after', String(error.extra.retryAfter));
      }
      return reply.status(error.statusCode).send(httpErrorAnswer(error, locale));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: say('Something went wrong on our side. Please try again.') });
    }
    if (!error.statusCode && MALFORMED_MULTIPART.test(error.message) && request.isMultipart?.()) {
      return reply.status(400).send({ message: MALFORMED_MULTIPART_MESSAGE });
    }
    // Every path that would put a recalled lot on sale meets the database's check
    // (docs/decisions/0571-recall-screening.md): one answer for all of them.
    if (putsRecalledLotOnSale(error))
      return reply.status(409).send({ message: say(RECALLED_LOT_NOT_ON_SALE) });
    if (isDatabaseUnavailable(error)) {
      // Down, restarting, frozen or full: the request may be tried again in a moment, nothing was
      // half-written (a transaction that did not commit is rolled back by the server).
      request.log.warn({ reason: unavailableReason(error) }, 'database unavailable');
      const stale = staleCatalogueAnswer(request);
      if (stale) return reply.status(200).headers(stale.headers).send(stale.body);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
      if (isPageRequest(request))
        return reply
          .status(503)
          .type('text/html; charset=utf-8')
          .send(unavailablePage(request.server.ctx.config.STORE_NAME, pageLocale(request)));
      return reply.status(503).send({ message: say(DATABASE_UNAVAILABLE_MESSAGE) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: say('Something went wrong on our side. Please try again.') });
    }
    // Fastify's own client errors: bad JSON, body too large, unsupported media type...
    const messages: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
      FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
    };
    return reply.status(status).send({ message: say(messages[error.code] ?? error.message) });
  });
}
