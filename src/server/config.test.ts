import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = 'a-session-secret-of-at-least-32-chars';
const load = (env: Record<string, string | undefined>) => loadConfig({ DATA_DIR: dataDir, ...env });

/** The ConfigError message loadConfig throws for `env`. */
function errorFor(env: Record<string, string | undefined>): string {
  try {
    load({ SESSION_SECRET: SECRET, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('a bad value stops the server with a message naming the variable', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ STORE_PROVINCE: 'XX' }, 'STORE_PROVINCE'],
    [{ SESSION_SECRET: 'too-short' }, 'SESSION_SECRET'],
    [{ STORE_TIMEZONE: 'Mars/Olympus_Mons' }, 'STORE_TIMEZONE'],
    [{ DATABASE_URL: 'mysql://db/store' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,' }, 'TRUST_PROXY'],
    [{ MAX_HELD_UNITS_PER_CLIENT: '0' }, 'MAX_HELD_UNITS_PER_CLIENT'],
    [{ MAX_HELD_UNITS_PER_CLIENT: 'many' }, 'MAX_HELD_UNITS_PER_CLIENT'],
    [{ MAX_OPEN_CHECKOUTS_PER_CLIENT: '1.5' }, 'MAX_OPEN_CHECKOUTS_PER_CLIENT'],
    [{ MAX_OPEN_CHECKOUTS_PER_CLIENT: '-1' }, 'MAX_OPEN_CHECKOUTS_PER_CLIENT'],
    [{ MAX_ORDER_EMAILS_PER_RECIPIENT_PER_HOUR: '0' }, 'MAX_ORDER_EMAILS_PER_RECIPIENT_PER_HOUR'],
    [{ ALLOW_TEST_PAYMENTS: 'yes' }, 'ALLOW_TEST_PAYMENTS'],
  ])('%o names %s', (env, variable) => {
    expect(errorFor(env)).toMatch(new RegExp(`^ {2}${variable}: `, 'm'));
  });

  it('names every bad variable at once', () => {
    const message = errorFor({ PORT: 'abc', STORE_PROVINCE: 'XX' });
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}STORE_PROVINCE: /m);
  });

  it('names each Square variable PAYMENT_PROVIDER=square needs and lacks', () => {
    const message = errorFor({ PAYMENT_PROVIDER: 'square', SQUARE_LOCATION_ID: 'LOC' });
    expect(message).toContain('SQUARE_ACCESS_TOKEN: required when PAYMENT_PROVIDER=square');
    expect(message).toContain('SQUARE_WEBHOOK_SIGNATURE_KEY: required when PAYMENT_PROVIDER=square');
    expect(message).not.toContain('SQUARE_LOCATION_ID');
  });
});

describe('defaults', () => {
  it('runs with nothing set', () => {
    const config = load({});
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: '0.0.0.0',
      TRUST_PROXY: false,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve(dataDir),
      STORE_TIMEZONE: 'America/Toronto',
      STORE_PROVINCE: 'ON',
      STORE_NAME: 'Liquidation Depot',
      STORE_EMAIL: 'hello@liquidation-depot.example',
      PAYMENT_PROVIDER: 'local',
      SQUARE_ENVIRONMENT: 'sandbox',
      STOCK_HOLD_MINUTES: 30,
      MAX_HELD_UNITS_PER_CLIENT: 50,
      MAX_OPEN_CHECKOUTS_PER_CLIENT: 3,
      MAX_ORDER_EMAILS_PER_RECIPIENT_PER_HOUR: 5,
      LOG_LEVEL: 'info',
      testPayments: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty values (as copied from .env.example) as unset', () => {
    const config = load({ PORT: '', STORE_PROVINCE: '', TRUST_PROXY: '', SESSION_SECRET: '' });
    expect(config).toMatchObject({ PORT: 3000, STORE_PROVINCE: 'ON', TRUST_PROXY: false });
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const first = load({}).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(load({}).sessionSecret).toBe(first);
  });

  it('uses a given session secret without writing one', () => {
    expect(load({ SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET);
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
  });

  it('follows PORT in the default public address and drops a trailing slash from PUBLIC_URL', () => {
    expect(load({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(load({ PUBLIC_URL: 'https://shop.example/', ALLOW_TEST_PAYMENTS: 'true' }).publicUrl).toBe(
      'https://shop.example',
    );
  });
});

describe("TRUST_PROXY becomes Fastify's trustProxy", () => {
  it.each([
    ['false', false],
    ['true', true],
    ['TRUE', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 192.168.1.1 ,loopback', ['10.0.0.0/8', '192.168.1.1', 'loopback']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('%s gives %o', (value, expected) => {
    expect(load({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });
});

describe('the test payment page runs only when chosen (docs/decisions/0115-test-payments-only-on-purpose.md)', () => {
  const SQUARE = {
    PAYMENT_PROVIDER: 'square',
    SQUARE_ACCESS_TOKEN: 'token',
    SQUARE_LOCATION_ID: 'LOC',
    SQUARE_WEBHOOK_SIGNATURE_KEY: 'key',
  };

  it.each([
    'http://localhost:3000',
    'http://LOCALHOST',
    'http://shop.localhost:8080',
    'http://127.0.0.1:3000',
    'http://127.45.6.7',
    'http://[::1]:3000',
  ])('runs by default on the loopback address %s', (url) => {
    expect(load({ PUBLIC_URL: url }).testPayments).toBe(true);
  });

  it.each([
    'https://shop.example',
    'http://192.168.1.20:3000',
    'http://10.0.0.1',
    'http://128.0.0.1',
    'http://localhost.example.com',
    'http://127.0.0.1.nip.io',
    'http://[::2]',
    'http://0.0.0.0:3000',
  ])('stops start-up on %s with no real provider, saying what to set', (url) => {
    const message = errorFor({ PUBLIC_URL: url });
    expect(message).toMatch(/^ {2}PAYMENT_PROVIDER: no payment provider is configured: PUBLIC_URL \(/m);
    expect(message).toContain('is not a loopback address, so the test payment page is off.');
    expect(message).toContain('set PAYMENT_PROVIDER=square with SQUARE_ACCESS_TOKEN');
    expect(message).toContain('set ALLOW_TEST_PAYMENTS=true');
  });

  it('runs on a public address when ALLOW_TEST_PAYMENTS=true', () => {
    expect(load({ PUBLIC_URL: 'https://shop.example', ALLOW_TEST_PAYMENTS: 'true' }).testPayments).toBe(true);
    expect(load({ PUBLIC_URL: 'https://shop.example', ALLOW_TEST_PAYMENTS: ' TRUE ' }).testPayments).toBe(
      true,
    );
  });

  it('stops start-up when ALLOW_TEST_PAYMENTS=false leaves no provider, even on loopback', () => {
    expect(errorFor({ PUBLIC_URL: 'http://localhost:3000', ALLOW_TEST_PAYMENTS: 'false' })).toContain(
      'PAYMENT_PROVIDER: no payment provider is configured: ALLOW_TEST_PAYMENTS=false turns off the test payment page.',
    );
  });

  it('is off with Square, whatever ALLOW_TEST_PAYMENTS says', () => {
    expect(load({ ...SQUARE, PUBLIC_URL: 'https://shop.example' }).testPayments).toBe(false);
    expect(load({ ...SQUARE, PUBLIC_URL: 'http://localhost:3000' }).testPayments).toBe(false);
    expect(load({ ...SQUARE, ALLOW_TEST_PAYMENTS: 'true' }).testPayments).toBe(false);
  });
});
