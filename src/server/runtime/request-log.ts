// The store's logs: JSON, one line per request, every line of a request carrying its id, and nothing
// secret in them (docs/decisions/0203-request-logs.md).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a balancer in front may have given the request; anything else is replaced by a new one. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && FORWARDED_ID.test(given) ? given : randomUUID();
}

/** Keys whose values are never written, wherever pino finds them (one level deep, or at the top). */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'sessionId',
  'sessionSecret',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
  'card',
  'cardNumber',
  'cvv',
  'cvc',
];

/**
 * Personal fields of orders and accounts: never written either, whether a request's body or an
 * error's context carries them.
 */
const PERSONAL_KEYS = [
  'customerName',
  'customerPhone',
  'phone',
  'shippingAddress',
  'billingAddress',
  'address',
  'addressLine1',
  'addressLine2',
  'zipCode',
  'postalCode',
];

export const REDACTED_PATHS = [
  ...PERSONAL_KEYS.flatMap((key) => [key, `*.${key}`]),
  ...SECRET_KEYS.flatMap((key) => (/^\w+$/.test(key) ? [key, `*.${key}`] : [`["${key}"]`, `*["${key}"]`])),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

const EMAIL = /([A-Za-z0-9])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
// 13 to 19 digits, maybe grouped by spaces or hyphens: a card number when it passes Luhn's check.
const CARD_LIKE = /(?<!"time":)(?<![\w.])\d(?:[ -]?\d){12,18}(?![\w.])/g;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Masks e-mail addresses (first character and domain kept) and card numbers in a written log line. */
export function scrubLogLine(line: string): string {
  return line
    .replace(EMAIL, '$1***@$2')
    .replace(CARD_LIKE, (run) => (passesLuhn(run.replace(/\D/g, '')) ? '[card number]' : run));
}

/** Query values that may be secrets are written as [redacted]; the others decoded (so masking sees them). */
const SECRET_QUERY_KEY = /token|password|secret|session|signature|key|code/i;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    return part;
  }
}

export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = decoded(eq < 0 ? pair : pair.slice(0, eq));
      if (eq < 0) return key;
      return `${key}=${SECRET_QUERY_KEY.test(key) ? '[redacted]' : decoded(pair.slice(eq + 1))}`;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * A failed statement's text keeps its placeholders, never its values: Drizzle's message and stack end
 * with `params: <every value>` (names, phones, addresses of an order), and PostgreSQL's data errors
 * quote the offending value. Both are cut (docs/decisions/0442-error-logs-without-values.md).
 */
function withoutValues(text: string, dataError: boolean): string {
  const cut = text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  return dataError ? cut.replace(/"[^"\n]*"/g, '"[redacted]"') : cut;
}

const ERROR_FIELDS = [
  'code',
  'severity',
  'routine',
  'table',
  'column',
  'constraint',
  'statusCode',
  'errno',
  'syscall',
];

/** pino's `err` serializer: the error and its causes, with no statement's values and no `detail` (it quotes them). */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error;
  const e = error as Error & Record<string, unknown>;
  const dataError = typeof e.code === 'string' && /^(22|23)/.test(e.code);
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? 'Error',
    message: withoutValues(e.message, dataError),
  };
  for (const key of ERROR_FIELDS) if (e[key] !== undefined) out[key] = e[key];
  if (typeof e.query === 'string') out.query = e.query;
  if ('params' in e) out.params = '[redacted]';
  if (e.detail !== undefined) out.detail = '[redacted]';
  if (e.stack) out.stack = withoutValues(e.stack, dataError);
  if (e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Fastify's logger option with the redaction and masking added to what the caller asked for. */
export function safeLoggerOptions(logger: boolean | object | undefined): false | object {
  if (!logger) return false;
  const base = logger === true ? {} : (logger as { redact?: string[]; hooks?: object; serializers?: object });
  return {
    ...base,
    serializers: { ...base.serializers, err: serializeError, error: serializeError },
    redact: { paths: [...REDACTED_PATHS, ...(base.redact ?? [])], censor: '[redacted]' },
    hooks: { ...base.hooks, streamWrite: scrubLogLine },
  };
}

/** The one line per request, written when the answer has gone. Every line logged through request.log carries reqId. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: loggableUrl(request.url),
        route: request.routeOptions.url ?? null,
        statusCode: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
        userId: (request as { user?: { id: number } | null }).user?.id ?? null,
      },
      'request',
    );
  });
}
