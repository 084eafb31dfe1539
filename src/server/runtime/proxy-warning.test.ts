// Shoppers behind two proxies (a TLS proxy such as Caddy in front of HAProxy, as the README advises):
// the compose file's TRUST_PROXY (the private and loopback ranges) finds each shopper's own address,
// where the old hop count of 1 saw every shopper as the TLS proxy; and a store that sees every client
// as one proxy says so in its log (docs/decisions/0443-trust-proxy-defaults.md).
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { PROXY_SAMPLE } from './proxy-warning';

const HAPROXY = '172.18.0.5';
const CADDY = '172.18.0.1';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appTrusting(trustProxy: string, lines: string[] = []) {
  t = await createTestApp({
    env: { TRUST_PROXY: trustProxy },
    logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    configure: (app) => {
      app.get('/api/test-only/ip', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
    },
  });
  return t;
}

/** What the store takes as the shopper's address, for a request that came shopper → Caddy → HAProxy → store. */
async function seenAddress(app: TestApp, shopper: string): Promise<string> {
  const res = await app.app.inject({
    url: '/api/test-only/ip',
    remoteAddress: HAPROXY,
    headers: { 'x-forwarded-for': `${shopper}, ${CADDY}` },
  });
  return (res.json() as { ip: string }).ip;
}

function composeTrustProxy(): string {
  const compose = readFileSync('compose.yaml', 'utf8');
  const match = /TRUST_PROXY: "\$\{TRUST_PROXY:-([^}"]+)\}"/.exec(compose);
  if (!match) throw new Error('compose.yaml sets no TRUST_PROXY default');
  return match[1]!;
}

describe('the shopper behind two proxies', () => {
  it('is seen by their own address with the compose default, each shopper apart', async () => {
    const app = await appTrusting(composeTrustProxy());
    expect(await seenAddress(app, '203.0.113.7')).toBe('203.0.113.7');
    expect(await seenAddress(app, '198.51.100.23')).toBe('198.51.100.23');
    // A shopper reaching HAProxy straight (no TLS proxy in front) too.
    const direct = await app.app.inject({
      url: '/api/test-only/ip',
      remoteAddress: HAPROXY,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(direct.json()).toEqual({ ip: '203.0.113.9' });
    // A client cannot pass itself off as another by writing the header: the left-most entry it wrote
    // is behind an untrusted (public) address.
    expect(await seenAddress(app, '10.0.0.1, 203.0.113.66')).toBe('203.0.113.66');
  });

  it('was the TLS proxy for everybody with a hop count of 1', async () => {
    const app = await appTrusting('1');
    expect(await seenAddress(app, '203.0.113.7')).toBe(CADDY);
  });
});

describe('the warning when every client is one proxy', () => {
  it('is logged once after a few forwarded requests all from one address', async () => {
    const lines: string[] = [];
    const app = await appTrusting('false', lines);
    for (let i = 0; i < PROXY_SAMPLE + 5; i++) await seenAddress(app, `203.0.113.${i + 1}`);
    const warnings = lines.filter((l) => l.includes('Every client seems to be the same proxy'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`(${HAPROXY})`);
    expect(warnings[0]).toContain('TRUST_PROXY');
  });

  it('is not logged when the proxies in front are trusted', async () => {
    const lines: string[] = [];
    const app = await appTrusting(composeTrustProxy(), lines);
    for (let i = 0; i < PROXY_SAMPLE + 5; i++) await seenAddress(app, `203.0.113.${i + 1}`);
    expect(lines.filter((l) => l.includes('same proxy'))).toEqual([]);
  });
});
