// npm start: builds when the build is missing or older than the sources, then serves.
import { spawnSync } from 'node:child_process';
import { buildIsStale } from './build-info.mjs';

if (buildIsStale()) {
  console.log('Building the store (first start or sources changed)...');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../dist/server/main.js');
