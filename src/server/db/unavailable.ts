// What "the database is unavailable" looks like, whichever way it fails: the server restarting or gone
// (connection errors), frozen or overloaded (the store's own timeouts), out of disk or connections.
// Such a request answers 503 with Retry-After, never 500, and never stops the process
// (docs/decisions/0440-database-failures-answer-503.md).

/** SQLSTATE classes and codes that say the database, not the request, is at fault. */
const UNAVAILABLE_SQLSTATE = [
  /^08/, // connection exception
  /^53/, // insufficient resources: disk full (53100), out of memory, too many connections
  /^57P0[1-4]$/, // admin shutdown, crash shutdown, cannot connect now, database dropped
  /^57014$/, // query canceled: statement_timeout
  /^55P03$/, // lock not available: lock_timeout
  /^25P03$/, // idle_in_transaction_session_timeout
  /^58/, // system error: I/O
  /^40001$|^40P01$/, // serialization failure, deadlock: retryable
];

const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOSPC',
]);

/** node-postgres's own messages for a lost or timed-out connection. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed|Cannot use a pool after calling end|connection timeout/i;

/** Whether `error` (or what it wraps: Drizzle wraps the driver's error as its cause) means the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_ERRNO.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.some((re) => re.test(code))) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A short reason for logs: the SQLSTATE or errno and the driver's message, never the query's values. */
export function unavailableReason(error: unknown): string {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (!cause || typeof code === 'string') {
      return [typeof code === 'string' ? code : '', typeof message === 'string' ? message.split('\n')[0] : '']
        .filter(Boolean)
        .join(' ');
    }
    e = cause;
  }
  return String(error);
}
