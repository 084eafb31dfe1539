import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite, openPostgres } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { databaseUrl } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
  }
}

const TEMPLATE_DIR = path.resolve('.test-tmp');
const TEMPLATE_FILE = /^pglite-template-(\d+)\.tar$/;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Templates (42 MB each) left by runs that were killed before their teardown. */
function removeStaleTemplates() {
  let names: string[];
  try {
    names = readdirSync(TEMPLATE_DIR);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = TEMPLATE_FILE.exec(name)?.[1];
    if (pid && !isRunning(Number(pid))) rmSync(path.join(TEMPLATE_DIR, name), { force: true });
  }
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    removeStaleTemplates();
    const database = await openPglite();
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } })
      .$client;
    const dump = await client.dumpDataDir('none');
    const file = path.join(TEMPLATE_DIR, `pglite-template-${process.pid}.tar`);
    mkdirSync(TEMPLATE_DIR, { recursive: true });
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    return () => rmSync(file, { force: true });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const template = `store_tpl_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  const database = openPostgres(databaseUrl(base, template), 2);
  await migrateDatabase(database);
  await database.close();
  project.provide('pgTemplateDb', template);
  return async () => {
    const dropper = new pg.Client({ connectionString: base });
    await dropper.connect();
    await dropper.query(`drop database if exists ${template} with (force)`);
    await dropper.end();
  };
}
