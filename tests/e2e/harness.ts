// Browser journeys run the built store (node dist/server/main.js) on a free port with its own data
// folder, and drive Debian's Chromium with playwright-core. Each store runs from a snapshot of dist/,
// so a rebuild elsewhere never changes a store under test.
//
// Set-up is paid once per run, not once per file (tests/e2e/global-setup.ts): one snapshot of dist/
// shared by every store, and one data folder migrated and seeded with the demo catalogue (its pictures
// drawn with sharp) that each store starts from a copy of, as the API tests copy a template database.
// Run outside the e2e project (bench/lighthouse.ts), each store snapshots and seeds for itself.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's snapshot of dist/ (tests/e2e/global-setup.ts). */
    e2eDist: string;
    /** A data folder migrated and seeded once, copied by each store. */
    e2eDataTemplate: string;
  }
}

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
export function snapshotBuild(): string {
  mkdirSync('.test-tmp', { recursive: true });
  // Inside the project, so the snapshot resolves packages from node_modules.
  const snapshot = mkdtempSync(path.resolve('.test-tmp', 'dist-'));
  const script = `node -e "import('./scripts/build-info.mjs').then(m => process.exit(m.buildIsStale() ? 1 : 0))" || node scripts/build.mjs; cp -r dist/. ${snapshot}/`;
  execFileSync('flock', ['.test-tmp/build.lock', 'bash', '-c', script], { stdio: 'inherit' });
  return snapshot;
}

/** What the e2e project's global set-up provided, or undefined when run elsewhere. */
function provided<K extends 'e2eDist' | 'e2eDataTemplate'>(key: K): string | undefined {
  try {
    const value = inject(key);
    return value && existsSync(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Settings that change what the first start writes into the data folder (the administrator, where the
 * demo pictures go, another database): a store given any of them seeds its own folder.
 */
const SEED_SETTINGS = /^(ADMIN_|FILE_STORAGE$|S3_|DATABASE_URL$|DATA_DIR$)/;

export type Store = {
  url: string;
  dataDir: string;
  /** The snapshot of dist/ this store runs from. */
  dist: string;
  stop: () => Promise<void>;
  output: () => string;
};

export async function startStore(env: Record<string, string> = {}): Promise<Store> {
  const sharedDist = provided('e2eDist');
  const dist = sharedDist ?? snapshotBuild();
  const template = Object.keys(env).some((name) => SEED_SETTINGS.test(name) && env[name])
    ? undefined
    : provided('e2eDataTemplate');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  let store: RunningStore;
  try {
    store = await runStore(dist, dataDir, env);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (!sharedDist) rmSync(dist, { recursive: true, force: true });
    throw error;
  }
  return {
    url: store.url,
    dataDir,
    dist,
    output: store.output,
    stop: async () => {
      await store.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (!sharedDist) rmSync(dist, { recursive: true, force: true });
    },
  };
}

type RunningStore = { url: string; output: () => string; stop: () => Promise<void> };

/**
 * Runs the built store from `dist` on `dataDir` (migrated and seeded on its first start) until stop();
 * gives up when /api/health has not answered within `startWithinMs`.
 */
export async function runStore(
  dist: string,
  dataDir: string,
  env: Record<string, string> = {},
  startWithinMs = 90_000,
): Promise<RunningStore> {
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
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  const deadline = Date.now() + startWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The store exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The store did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, output: () => output, stop };
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

/**
 * Watches the page for a text that shows only until a full page load replaces the page (a notice shown
 * while a form goes on to the next page): a MutationObserver in the page notes it in sessionStorage the
 * moment it is rendered, where polling from the test could miss it. `seen()`, on the next page of the same
 * site, says whether it was.
 */
export async function watchForText(page: Page, text: string): Promise<{ seen: () => Promise<boolean> }> {
  const key = `seen:${text}`;
  await page.evaluate(
    ({ text, key }) => {
      const note = () => {
        // innerText: the text as rendered, not the page's scripts or hidden elements.
        if (!document.body.innerText.includes(text)) return false;
        sessionStorage.setItem(key, 'yes');
        return true;
      };
      if (note()) return;
      const observer = new MutationObserver(() => {
        if (note()) observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { text, key },
  );
  return { seen: async () => (await page.evaluate((key) => sessionStorage.getItem(key), key)) === 'yes' };
}

/** Signs in through the real /auth page. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Username').first().fill(username);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${baseUrl}/account`);
}
