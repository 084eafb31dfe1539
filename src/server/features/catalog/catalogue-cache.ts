// HTTP caching of the catalogue (docs/decisions/0013-catalogue-etags-and-micro-cache.md):
// - every 200 answer of the catalogue plugin carries a weak ETag of its body, and a request whose
//   If-None-Match names it answers 304 with no body;
// - shoppers' answers are also kept in memory for a couple of seconds, so a popular listing is one
//   database query per instance per TTL however many shoppers ask for it. Any successful
//   state-changing request on this instance empties the cache at once; other instances see the change
//   within the TTL. The totals of paged listings are kept a little longer, so paging does not recount.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Config } from '~/server/config';
import { can } from '~/server/lib/access';
import { addVary, apiLocale } from '~/server/lib/request-locale';

/** Production lifetimes; NODE_ENV=test turns both caches off so tests read what they just wrote. */
export const RESPONSE_TTL_MS = 2_000;
export const TOTAL_TTL_MS = 10_000;
/** A feed is read by a merchant platform a few times a day; rebuilding it for each read is wasted work. */
export const FEED_TTL_MS = 15 * 60_000;
const MAX_CACHED_FEEDS = 8;
/** How long an expired answer may still be shown to shoppers while the database does not answer. */
export const STALE_IF_ERROR_MS = 10 * 60_000;
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
const MAX_CACHED_TOTALS = 5_000;

type Entry<V> = { value: V; expires: number };

/**
 * Least recently used entries that also expire, over lru-cache: it keeps each entry for its lifetime
 * plus STALE_IF_ERROR_MS and drops the least recently used past `maxSize`; whether an entry is fresh,
 * or stale but still showable, is read from the time it expires.
 */
export class TtlCache<V extends {}> {
  private readonly entries: LRUCache<string, Entry<V>> | undefined;
  constructor(
    readonly ttlMs: number,
    maxSize: number,
  ) {
    this.entries =
      ttlMs > 0
        ? new LRUCache<string, Entry<V>>({
            maxSize,
            ttl: ttlMs + STALE_IF_ERROR_MS,
            // Sizes are given by set(); an entry of its own larger than the whole cache is not kept.
            sizeCalculation: () => 1,
            maxEntrySize: maxSize,
          })
        : undefined;
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  get(key: string): V | undefined {
    return this.within(key, 0);
  }

  /**
   * The entry even if it expired up to `staleMs` ago: what a shopper is shown while the database is
   * unavailable (docs/decisions/0440-database-failures-answer-503.md). Expired entries stay until the
   * size limit, STALE_IF_ERROR_MS or a clear() drops them.
   */
  stale(key: string, staleMs: number): V | undefined {
    return this.within(key, staleMs);
  }

  private within(key: string, staleMs: number): V | undefined {
    const entry = this.entries?.get(key);
    if (!entry || entry.expires + staleMs <= Date.now()) return undefined;
    return entry.value;
  }

  set(key: string, value: V, size = 1): void {
    this.entries?.set(key, { value, expires: Date.now() + this.ttlMs }, { size });
  }

  clear(): void {
    this.entries?.clear();
  }
}

export type CachedResponse = { body: string | Buffer; etag: string; headers: Record<string, string> };

export type CatalogueCaches = {
  responses: TtlCache<CachedResponse>;
  totals: TtlCache<number>;
  /** Product feeds (feeds.ts), built from every lot: kept FEED_TTL_MS, emptied by any write like the rest. */
  feeds: TtlCache<string>;
  clear: () => void;
};

/** The caches of one app (one per process in production, one per test app), built by createAppContext. */
export function createCatalogueCaches(config: Config): CatalogueCaches {
  const off = config.NODE_ENV === 'test';
  const responses = new TtlCache<CachedResponse>(off ? 0 : RESPONSE_TTL_MS, MAX_CACHED_BYTES);
  const totals = new TtlCache<number>(off ? 0 : TOTAL_TTL_MS, MAX_CACHED_TOTALS);
  const feeds = new TtlCache<string>(off ? 0 : FEED_TTL_MS, MAX_CACHED_FEEDS);
  return {
    responses,
    totals,
    feeds,
    clear: () => {
      responses.clear();
      totals.clear();
      feeds.clear();
    },
  };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Registered on the root instance, before the features: any successful write through the API (an
 * admin editing a product, a checkout holding stock, ...) empties this instance's catalogue cache.
 */
// Not encapsulated (fastify-plugin): the hook must see every plugin's routes.
export const catalogueCacheInvalidation = fp(async (app: FastifyInstance) => {
  const caches = app.ctx.catalogueCaches;
  app.addHook('onResponse', async (request, reply) => {
    if (UNSAFE_METHODS.has(request.method) && reply.statusCode < 400) caches.clear();
  });
});

export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t.replace(/^W\//, '') === bare);
}

const CACHED_HEADERS = ['content-type', 'x-total-count', 'cache-control', 'etag'];
const served = new WeakSet<FastifyRequest>();
/**
 * Catalogue answers are in the language the client asks for (Accept-Language, the page's language):
 * one stored copy per language and address.
 */
const cacheKey = (request: FastifyRequest) => `${apiLocale(request)} ${request.url}`;

/** Staff and admins may see hidden products: their answers are neither cached nor served from the cache. */
const isShopper = (request: FastifyRequest) => !can(request.user, 'see-hidden-products');
/**
 * Only guests' answers are stored: what is stored is served to everybody but staff and admins, with the headers of a
 * guest's answer (plugins/cache-policy.ts makes them private for a signed-in customer).
 */
const isGuest = (request: FastifyRequest) => !request.user;

function notModified(request: FastifyRequest, reply: FastifyReply) {
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  // Fastify's HEAD handling runs after this hook and reads the payload: it needs a string, not null
  // (docs/decisions/0119-bad-input-is-a-4xx.md).
  return request.method === 'HEAD' ? '' : null;
}

/**
 * A shopper's GET that failed because the database is unavailable: the last answer kept for it, if
 * any, even expired (up to STALE_IF_ERROR_MS), so guests keep browsing through a database outage.
 */
export function staleCatalogueAnswer(request: FastifyRequest): CachedResponse | undefined {
  const { responses } = request.server.ctx.catalogueCaches;
  if (request.method !== 'GET' || !responses.enabled || !isShopper(request)) return undefined;
  const hit = responses.stale(cacheKey(request), STALE_IF_ERROR_MS);
  if (hit) served.add(request);
  return hit;
}

/** ETags, 304s and the response cache for the routes of the plugin that calls it. */
export function registerCatalogueCaching(app: FastifyInstance) {
  const { responses } = app.ctx.catalogueCaches;

  app.addHook('onRequest', async (request, reply) => {
    // A signed-in person's catalogue answers are theirs alone, though nothing in them is personal: no
    // shared cache keeps them, the browser revalidates them (routes may still set their own lifetime).
    if (request.user) reply.header('cache-control', 'private, no-cache');
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !responses.enabled || !isShopper(request)) return;
    const hit = responses.get(cacheKey(request));
    if (!hit) return;
    served.add(request);
    reply.headers(hit.headers);
    if (etagMatches(request.headers['if-none-match'], hit.etag)) return reply.code(304).send();
    return reply.code(200).send(hit.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    // Answers may be compressed (plugins/compression.ts) and are in the request's language
    // (docs/decisions/0350-french-catalogue-fields.md); a 304 names the same Vary as its 200 would.
    if (reply.statusCode === 200 || reply.statusCode === 304)
      addVary(reply, 'accept-encoding', 'accept-language');
    if (reply.statusCode === 304) return notModified(request, reply);
    if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload)))
      return payload;
    let etag = reply.getHeader('etag') as string | undefined;
    if (!etag) {
      etag = weakEtag(payload);
      reply.header('etag', etag);
      if (!reply.hasHeader('cache-control')) {
        // Revalidate every time (prices change at midnight, stock at every sale), cheaply thanks to the ETag.
        reply.header('cache-control', 'no-cache');
      }
    }
    if (request.method === 'GET' && !served.has(request) && isGuest(request)) {
      const headers: Record<string, string> = {};
      for (const name of CACHED_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      responses.set(cacheKey(request), { body: payload, etag, headers }, Buffer.byteLength(payload));
    }
    if (etagMatches(request.headers['if-none-match'], etag)) return notModified(request, reply);
    return payload;
  });
}
