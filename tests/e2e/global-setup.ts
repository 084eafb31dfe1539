// Once per run of the browser journeys: snapshot the build, and start the built store once on an empty
// data folder so it migrates, seeds the demo catalogue and draws its pictures, then stop it. Every
// journey's store (tests/e2e/harness.ts) starts from a copy of that folder and of no other: each still
// has its own database, pictures and port, so files may run side by side.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runStore, snapshotBuild } from './harness';

export default async function setup(project: TestProject) {
  const dist = snapshotBuild();
  const template = mkdtempSync(path.join(os.tmpdir(), 'store-e2e-template-'));
  const remove = () => {
    rmSync(template, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  };
  try {
    // The first start migrates, seeds and draws every demo picture: minutes on a busy machine.
    const store = await runStore(dist, template, {}, 300_000);
    // A clean stop closes the embedded database and releases the folder's lock before it is copied.
    await store.stop();
  } catch (error) {
    remove();
    throw error;
  }
  project.provide('e2eDist', dist);
  project.provide('e2eDataTemplate', template);
  return remove;
}
