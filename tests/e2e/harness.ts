// Browser journeys run the built store (node dist/server/main.js) on a free port with its own data
// folder, and drive Debian's Chromium with playwright-core. Each store runs from a snapshot of dist/,
// so a rebuild elsewhere never changes a store under test.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const ADMIN = { username: 'admin', password: 'admin-password-e2e' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Builds when stale, under a lock (several runs may share this tree), and snapshots dist/. */
function snapshotBuild(): string {
  mkdirSync('.test-tmp', { recursive: true });
  // Inside the project, so the snapshot resolves packages from node_modules.
  const snapshot = mkdtempSync(path.resolve('.test-tmp', 'dist-'));
  const script = `node -e "import('./scripts/build-info.mjs').then(m => process.exit(m.buildIsStale() ? 1 : 0))" || node scripts/build.mjs; cp -r dist/. ${snapshot}/`;
  execFileSync('flock', ['.test-tmp/build.lock', 'bash', '-c', script], { stdio: 'inherit' });
  return snapshot;
}

export type Store = {
  url: string;
  dataDir: string;
  /** The snapshot of dist/ this store runs from. */
  dist: string;
  stop: () => Promise<void>;
  output: () => string;
};

export async function startStore(env: Record<string, string> = {}): Promise<Store> {
  const dist = snapshotBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(dist, 'server', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STORE_DIST_DIR: dist,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The store exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The store did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    dist,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: sudo apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export type TrackedPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

/**
 * A page in a fresh context (phone-sized by default) that records console errors and uncaught
 * exceptions: every journey ends by asserting there were none.
 */
export async function openPage(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    allowConsole?: RegExp[];
    /** The browser's language (navigator.languages, Accept-Language), e.g. 'fr-CA'. */
    locale?: string;
  } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 390, height: 844 },
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const allowed = options.allowConsole ?? [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (!allowed.some((re) => re.test(text))) consoleErrors.push(text);
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
  return { page, context, consoleErrors };
}

/** Signs in through the real /auth page. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Username').first().fill(username);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${baseUrl}/account`);
}
