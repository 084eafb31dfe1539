// The real entry point (main.ts) in a child process, on PGlite (run once, in the PGlite tier): what only a whole
// start-up shows. The data folder is the store's user's alone (docs/decisions/0118-private-data-folder.md);
// test payments run only when chosen and then say so (docs/decisions/0115-test-payments-only-on-purpose.md).
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realImage } from './features/admin-products/test-support';
import { spawnStore } from './test/spawn-store';
import { testDbKind } from './test/test-database';

// The stores here run on the embedded database whichever database the other API tests use (DATABASE_URL
// is empty or left out): once is enough, in the PGlite tier.
const once = testDbKind() === 'postgres';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-private-'));
  dirs.push(dir);
  return dir;
}

/** Every path under dir (and dir itself) whose mode lets group or others in, with its mode. */
function openToOthers(dir: string): string[] {
  const paths = [
    dir,
    ...readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => path.join(dir, p)),
  ];
  return paths
    .map((p) => ({ p, mode: lstatSync(p).mode }))
    .filter(({ p, mode }) => !lstatSync(p).isSymbolicLink() && (mode & 0o077) !== 0)
    .map(({ p, mode }) => `${path.relative(dir, p) || '.'} ${(mode & 0o777).toString(8)}`);
}

describe.skipIf(once)('start-up on a loopback address with the default payment provider', () => {
  it('warns of test payments, and leaves only files and folders private to the store user after an upload', async () => {
    const dataDir = path.join(tempDir(), 'data');
    // Left by an older version: open to everybody.
    mkdirSync(path.join(dataDir, 'uploads', 'old'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'old', 'picture.webp'), 'old');
    chmodSync(path.join(dataDir, 'uploads', 'old', 'picture.webp'), 0o666);
    chmodSync(path.join(dataDir, 'uploads', 'old'), 0o777);
    chmodSync(path.join(dataDir, 'uploads'), 0o777);
    chmodSync(dataDir, 0o777);

    const store = await spawnStore({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-password-private',
    });
    try {
      await store.ready();
      expect(store.output()).toContain(
        "Warning: TEST PAYMENTS. The store's own payment page (PAYMENT_PROVIDER=local) marks orders paid with no money taken",
      );
      const site = (await (await fetch(`${store.url}/api/site-config`)).json()) as { testPayments: boolean };
      expect(site.testPayments).toBe(true);
      const origin = { origin: store.url };
      const login = await fetch(`${store.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...origin },
        body: JSON.stringify({ username: 'admin', password: 'admin-password-private' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');

      const form = new FormData();
      form.append(
        'image',
        new Blob([new Uint8Array(await realImage('png'))], { type: 'image/png' }),
        'lamp.png',
      );
      const upload = await fetch(`${store.url}/api/upload/image`, {
        method: 'POST',
        headers: { cookie, ...origin },
        body: form,
      });
      expect(upload.status).toBe(200);
      const { url } = (await upload.json()) as { url: string };
      const created = await fetch(`${store.url}/api/products`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...origin },
        body: JSON.stringify({ name: 'Private Lamp', price: '12.00', stock: '2', images: [url] }),
      });
      expect(created.status).toBe(201);
    } finally {
      await store.stop();
    }

    // The database, the generated session secret, the demo and uploaded pictures, the old files.
    const names = readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
    expect(names).toContain('session-secret');
    expect(names.some((n) => n.startsWith('pglite/'))).toBe(true);
    expect(names.filter((n) => n.startsWith('uploads/products/') && n.includes('lamp-')).length).toBe(3);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);
});

describe.skipIf(once)('start-up on a public address', () => {
  it('refuses to start with the test payment page and no real provider, saying what to set', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const store = await spawnStore({ DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example' });
    expect(await store.exited).toBe(1);
    expect(store.output()).toContain(
      'PAYMENT_PROVIDER: no payment provider is configured: PUBLIC_URL (https://shop.example) is not a loopback address, so the test payment page is off.',
    );
    expect(store.output()).toContain('ALLOW_TEST_PAYMENTS=true');
    // Stopped before opening a database.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });
});
