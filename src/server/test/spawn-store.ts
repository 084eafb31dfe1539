// Runs the real entry point (src/server/main.ts through tsx) in a child process, for what only a whole
// start-up shows: the data folder's permissions, refusing to start, start-up warnings. Pages render
// with a stand-in bundle (STORE_DIST_DIR), so no build is needed.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

function standInDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'store-dist-'));
  mkdirSync(path.join(dist, 'client', '.vite'), { recursive: true });
  // Vite's build manifest, read for the modulepreloads of each page: none here.
  writeFileSync(path.join(dist, 'client', '.vite', 'manifest.json'), '{}');
  mkdirSync(path.join(dist, 'server'));
  writeFileSync(
    path.join(dist, 'client', 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  writeFileSync(
    path.join(dist, 'server', 'entry-server.js'),
    "export async function render() { return { kind: 'page', status: 200, head: '', html: 'stand-in page', state: '', modules: [] }; }\n",
  );
  return dist;
}

export type SpawnedStore = {
  url: string;
  output: () => string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** Waits until /api/health answers; throws with the output if the process ends first. */
  ready: () => Promise<void>;
  stop: () => Promise<void>;
  /** Sends a signal and returns at once (stop() sends SIGTERM and waits for the exit). */
  signal: (name: NodeJS.Signals) => void;
};

/** Starts main.ts on a free loopback port with the given environment (DATA_DIR is required). */
export async function spawnStore(env: Record<string, string> & { DATA_DIR: string }): Promise<SpawnedStore> {
  const dist = standInDist();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      STORE_DIST_DIR: dist,
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
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => rmSync(dist, { recursive: true, force: true }));
  return {
    url,
    output: () => output,
    exited,
    ready: async () => {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`The store exited early:\n${output}`);
        try {
          if ((await fetch(`${url}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    signal: (name) => {
      child.kill(name);
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
