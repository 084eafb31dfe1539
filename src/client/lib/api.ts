// The one way the browser (and the server renderer) talks to the API. A non-OK answer is raised as an
// ApiError reading '{status}: {body text or status text}'.
import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query';
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from '~/shared/i18n/locales';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }
  /** The server's `message`, when the body is the API's JSON error. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
  get body(): Record<string, unknown> | undefined {
    try {
      return JSON.parse(this.bodyText) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
}

/**
 * A success answer whose body is not JSON. It stays a SyntaxError with JSON.parse's message, as before,
 * so callers that do not look for it behave as they did; registration reads it as 'Invalid response
 * from server'.
 */
export class UnparseableResponseError extends SyntaxError {
  constructor(
    readonly status: number,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : 'Unparseable response body', { cause });
  }
}

// The server renderer gives each request's QueryClient a fetcher that calls the app in-process
// with the visitor's cookie; in the browser it is the real fetch.
const fetchers = new WeakMap<QueryClient, FetchLike>();
export function setFetcher(client: QueryClient, fetcher: FetchLike) {
  fetchers.set(client, fetcher);
}
function fetcherFor(client: QueryClient | undefined): FetchLike {
  return (client && fetchers.get(client)) ?? ((input, init) => fetch(input, init));
}

// The API answers in the page's language (catalogue fields, error messages): the browser sends it as
// Accept-Language, not the browser's own preference. A browser page has one language for its whole
// life (the switcher loads the other address); the server renderer's fetcher sends the rendered
// page's language itself (src/server/render/page-renderer.ts), whatever this says.
let apiLanguage: string = LOCALE_TAGS[DEFAULT_LOCALE];
export function setApiLocale(locale: Locale) {
  apiLanguage = LOCALE_TAGS[locale];
}
/** The headers every API call sends. */
const baseHeaders = () => ({ Accept: 'application/json', 'Accept-Language': apiLanguage });

export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: { client?: QueryClient; headers?: Record<string, string> } = {},
): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetcherFor(options.client)(path, {
    method,
    credentials: 'include',
    headers: {
      ...baseHeaders(),
      ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new UnparseableResponseError(response.status, cause);
  }
}

/** GET with the total of a paged listing read from X-Total-Count. */
export async function apiGetPage<T>(
  client: QueryClient | undefined,
  path: string,
): Promise<{ items: T[]; total: number }> {
  const response = await fetcherFor(client)(path, {
    credentials: 'include',
    headers: baseHeaders(),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get('x-total-count') ?? items.length);
  return { items, total };
}

/** A GET whose 404 (or 400 for a malformed id or slug) means "not found": null instead of an error. */
export function apiGetOrNull<T>(path: string) {
  return async ({ client }: { client: QueryClient }) => {
    try {
      return await apiRequest<T>('GET', path, undefined, { client });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  };
}

/** The generic data fetcher: GET keyed by path (queryKey[0]). */
export function defaultQueryFn({ queryKey, client }: QueryFunctionContext) {
  return apiRequest<unknown>('GET', String(queryKey[0]), undefined, { client });
}
