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

export const REDACTED_PATHS = [
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

/** Fastify's logger option with the redaction and masking added to what the caller asked for. */
export function safeLoggerOptions(logger: boolean | object | undefined): false | object {
  if (!logger) return false;
  const base = logger === true ? {} : (logger as { redact?: string[]; hooks?: object });
  return {
    ...base,
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
