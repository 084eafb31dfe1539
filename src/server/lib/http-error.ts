import { type ErrorText, renderErrorText } from '~/shared/i18n/error-text';
// Registers the server's own messages (`server-errors`) wherever an HttpError can be made.
import './server-errors.messages';

/**
 * An error with an HTTP status and a message meant for the person or client that sent the request.
 * The message is English; the error handler says it in the request's language through the `errors`
 * catalogue. A message with values (a number, a name) is given as an `ErrorText`, so it is translated
 * from its key rather than from the finished sentence (docs/decisions/0390-error-messages-in-french.md).
 */
export class HttpError extends Error {
  /** The message's key and values, when it has values. */
  readonly text: ErrorText | undefined;
  constructor(
    readonly statusCode: number,
    message: string | ErrorText,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(typeof message === 'string' ? message : renderErrorText('en', message));
    this.text = typeof message === 'string' ? undefined : message;
  }
}

export const badRequest = (message: string | ErrorText, extra?: Record<string, unknown>) =>
  new HttpError(400, message, extra);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string | ErrorText, extra?: Record<string, unknown>) =>
  new HttpError(409, message, extra);
export const tooManyRequests = (message: string | ErrorText, retryAfterSeconds: number) =>
  new HttpError(429, message, { retryAfter: retryAfterSeconds });

/** 404 for an address no API route answers. */
export const noApiRoute = (method: string, path: string) =>
  new HttpError(404, { key: 'No API route {{method}} {{path}}.', values: { method, path } });

/** 'N seconds' under a minute, else 'N minutes' (rounded up): how long until a limit lets the client in again. */
export function retryAfterText(seconds: number): ErrorText {
  return seconds < 60
    ? { key: 'seconds', values: { count: seconds } }
    : { key: 'minutes', values: { count: Math.ceil(seconds / 60) } };
}
