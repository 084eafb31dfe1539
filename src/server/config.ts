// Configuration from the environment, validated once at start-up. A bad value stops the server with
// a message naming the variable.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { CURRENCIES, PROVINCE_CODES } from '~/shared/constants';
import type { TaxRegistrations } from '~/shared/schemas/site-config';
import type { DatabaseTimeouts } from './db/client';
import { StorageEnvShape, storageConfigIssues } from './storage/storage-config';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

// proxy-addr's names for whole ranges, accepted by Fastify's trustProxy like addresses.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * Which proxies may say who the client is (X-Forwarded-For, -Proto, -Host), as Fastify's `trustProxy`.
 * Unset: none, so a client that reaches the server directly cannot forge its address and escape the
 * per-address rate limits (docs/decisions/0085-trusted-proxy.md).
 */
const TrustProxySchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('false')
    .transform((value, ctx): boolean | number | string[] => {
      const v = value.trim().toLowerCase();
      if (v === 'true') return true;
      if (v === 'false') return false;
      if (/^\d{1,3}$/.test(v)) return Number(v);
      const entries = value.split(',').map((e) => e.trim());
      if (entries.every((e) => isAddressOrRange(e))) return entries;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be true, false, a number of proxy hops, or a comma-separated list of IP addresses or CIDR ranges',
      });
      return z.NEVER;
    }),
);

/** A duration in milliseconds: a whole number from `min` to `max`, `fallback` when unset. */
function milliseconds(fallback: number, min: number, max: number) {
  return z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
}

/** An optional registration number, trimmed and upper-cased, of the given shape. */
function registrationNumber(shape: RegExp, message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toUpperCase()) : v),
    z.string().regex(shape, message).optional(),
  );
}

export const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  TRUST_PROXY: TrustProxySchema,
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  // How long the store waits on a PostgreSQL server, in milliseconds; 0 = no limit
  // (docs/decisions/0440-database-failures-answer-503.md).
  DB_CONNECT_TIMEOUT_MS: milliseconds(5_000, 0, 120_000),
  DB_STATEMENT_TIMEOUT_MS: milliseconds(10_000, 0, 600_000),
  DB_LOCK_TIMEOUT_MS: milliseconds(5_000, 0, 600_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(30_000, 0, 3_600_000),
  // How long start-up waits for the database to answer before giving up (exit 1); 0 = forever.
  DB_START_WAIT_MS: milliseconds(300_000, 0, 86_400_000),

  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  STORE_TIMEZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('America/Toronto')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-CA', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as America/Toronto'),
  ),
  STORE_PROVINCE: z.preprocess(emptyToUndefined, z.enum(PROVINCE_CODES).default('ON')),
  // The currency of every price; Square's location must charge in it (docs/decisions/0135-store-currency.md).
  STORE_CURRENCY: z.preprocess(
    emptyToUndefined,
    z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` }).default('CAD'),
  ),
  // Registration numbers printed on order documents (docs/decisions/0137-tax-registration-numbers.md).
  STORE_GST_NUMBER: registrationNumber(
    /^\d{9} ?RT ?\d{4}$/,
    'must be a GST/HST number: 9 digits, RT and 4 digits, such as 123456789 RT0001',
  ),
  STORE_QST_NUMBER: registrationNumber(
    /^\d{10} ?TQ ?\d{4}$/,
    'must be a QST number: 10 digits, TQ and 4 digits, such as 1234567890 TQ0001',
  ),
  STORE_PST_NUMBER: registrationNumber(
    /^[A-Z0-9][A-Z0-9 -]{2,29}$/,
    'must be 3 to 30 letters, digits, spaces or hyphens, such as PST-1234-5678',
  ),
  STORE_NAME: z.preprocess(emptyToUndefined, z.string().default('Liquidation Depot')),
  STORE_EMAIL: z.preprocess(emptyToUndefined, z.email().default('hello@liquidation-depot.example')),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, 'must be at least 8 characters').optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['local', 'square']).default('local')),
  /**
   * Whether the store's own test payment page (PAYMENT_PROVIDER=local) may run. Unset: only while
   * PUBLIC_URL is a loopback address (docs/decisions/0115-test-payments-only-on-purpose.md).
   */
  ALLOW_TEST_PAYMENTS: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  ),
  SQUARE_ACCESS_TOKEN: optionalString,
  SQUARE_LOCATION_ID: optionalString,
  SQUARE_ENVIRONMENT: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'production']).default('sandbox')),
  SQUARE_WEBHOOK_SIGNATURE_KEY: optionalString,
  SQUARE_WEBHOOK_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SQUARE_API_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  STOCK_HOLD_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1440).default(30)),
  // How long a draft order (taken by phone or message) holds its lots for the buyer to pay (0625).
  DRAFT_ORDER_HOLD_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(720).default(48)),
  // What one client (a signed-in account, else an address) may hold at a time in unpaid checkouts
  // (docs/decisions/0120-stock-hoarding.md).
  MAX_HELD_UNITS_PER_CLIENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100_000).default(50),
  ),
  MAX_OPEN_CHECKOUTS_PER_CLIENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).default(3),
  ),
  // What one network (IPv4 /24, IPv6 /48) may hold, and how holds shorten or are refused when unpaid
  // checkouts hold an unusual share of what is for sale (docs/decisions/0450-limits-that-count-people.md).
  MAX_HELD_UNITS_PER_NETWORK: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(150),
  ),
  MAX_OPEN_CHECKOUTS_PER_NETWORK: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100_000).default(10),
  ),
  SHORT_HOLD_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1440).default(10)),
  HOLD_SHARE_SHORTEN_PERCENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100).default(10),
  ),
  HOLD_SHARE_REFUSE_PERCENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100).default(25),
  ),
  HOLD_SHARE_MIN_UNITS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(10_000_000).default(100),
  ),
  // Sockets the server keeps open in all, and per client when no proxy is in front
  // (docs/decisions/0452-connection-limits.md).
  MAX_CONNECTIONS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  ),
  MAX_CONNECTIONS_PER_CLIENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(64),
  ),
  // Order e-mails one recipient address may receive per hour (docs/decisions/0124-order-email-limit.md).
  MAX_ORDER_EMAILS_PER_RECIPIENT_PER_HOUR: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10_000).default(5),
  ),
  // Rows one CSV file may hold: a supplier manifest (drafted in one transaction) and a product import
  // (docs/decisions/0460-csv-encodings-and-streamed-parsing.md).
  MAX_MANIFEST_ROWS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  ),
  MAX_IMPORT_ROWS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  ),
  NEWSLETTER_FORM_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  // Product feeds for Google Merchant Center and Meta (/feeds/google.xml, /feeds/meta.csv; French under
  // /fr): off unless the owner turns them on (docs/decisions/0570-product-feeds.md).
  // Recall data fetched once a day and screened against every lot (docs/decisions/0571-recall-screening.md):
  // addresses of Health Canada's and the CPSC's JSON files, separated by commas. Empty: upload them by hand.
  RECALL_DATA_URLS: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((u) => u.trim())
            .filter(Boolean)
        : [],
    z.array(z.url({ error: 'must be addresses separated by commas' })),
  ),
  PRODUCT_FEEDS: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  ),
  // How long the retention job keeps what serves no purpose after a while, in days
  // (docs/decisions/0565-retention-periods.md).
  RETENTION_CONTACT_MESSAGES_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(36_500).default(730),
  ),
  RETENTION_ABANDONED_CHECKOUTS_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(36_500).default(90),
  ),
  RETENTION_SESSIONS_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3650).default(90),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  // How long a stopping instance lets its requests in flight finish (docs/decisions/0201-graceful-shutdown.md).
  SHUTDOWN_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(600_000).default(10_000),
  ),
  // /metrics is off unless one of these is set (docs/decisions/0202-prometheus-metrics.md).
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  // Uploaded pictures: the local folder or an S3-compatible bucket (src/server/storage/storage-config.ts).
  ...StorageEnvShape,
});

export type Env = z.infer<typeof EnvSchema>;

export type Config = Env & {
  sessionSecret: string;
  dataDir: string;
  publicUrl: string;
  /** The local test payment page is running: orders are marked paid with no money taken. */
  testPayments: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const storageIssues = storageConfigIssues(e);
  if (storageIssues.length) throw new ConfigError(`Invalid configuration:\n${storageIssues.join('\n')}`);
  if (e.PAYMENT_PROVIDER === 'square') {
    const missing = (
      ['SQUARE_ACCESS_TOKEN', 'SQUARE_LOCATION_ID', 'SQUARE_WEBHOOK_SIGNATURE_KEY'] as const
    ).filter((k) => !e[k]);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when PAYMENT_PROVIDER=square`).join('\n')}`,
      );
    }
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const testPayments = e.PAYMENT_PROVIDER === 'local';
  if (testPayments) {
    const allowed = e.ALLOW_TEST_PAYMENTS ? e.ALLOW_TEST_PAYMENTS === 'true' : isLoopbackUrl(publicUrl);
    if (!allowed) throw new ConfigError(noPaymentProviderMessage(e.ALLOW_TEST_PAYMENTS, publicUrl));
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir),
    publicUrl,
    testPayments,
  };
}

/** localhost (and *.localhost), 127.0.0.0/8 or [::1]: the store is only reachable from this machine. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  return isIP(host) === 4 && host.split('.')[0] === '127';
}

/**
 * The store would take orders and mark them paid with no money taken: refuse to start rather than
 * run a shop that cannot be paid (docs/decisions/0115-test-payments-only-on-purpose.md).
 */
function noPaymentProviderMessage(setting: string | undefined, publicUrl: string): string {
  const why =
    setting === 'false'
      ? 'ALLOW_TEST_PAYMENTS=false turns off the test payment page'
      : `PUBLIC_URL (${publicUrl}) is not a loopback address, so the test payment page is off`;
  return [
    'Invalid configuration:',
    `  PAYMENT_PROVIDER: no payment provider is configured: ${why}.`,
    '    To take real payments, set PAYMENT_PROVIDER=square with SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID and SQUARE_WEBHOOK_SIGNATURE_KEY.',
    '    To run a test store anyway, set ALLOW_TEST_PAYMENTS=true: its payment page marks orders paid with no money taken.',
  ].join('\n');
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The database timeouts of the serving pool, from the DB_*_MS settings. */
export function databaseTimeouts(config: Config): DatabaseTimeouts {
  return {
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    lockMs: config.DB_LOCK_TIMEOUT_MS,
    idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/** The registration numbers the store has set, as order documents print them. */
export function taxRegistrations(
  config: Pick<Config, 'STORE_GST_NUMBER' | 'STORE_QST_NUMBER' | 'STORE_PST_NUMBER'>,
): TaxRegistrations {
  return {
    gstHst: config.STORE_GST_NUMBER ?? null,
    qst: config.STORE_QST_NUMBER ?? null,
    pst: config.STORE_PST_NUMBER ?? null,
  };
}
