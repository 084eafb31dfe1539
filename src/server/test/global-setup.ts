import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { databaseUrl } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
  }
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const database = await openPglite();
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } })
      .$client;
    const dump = await client.dumpDataDir('none');
    const file = path.resolve('.test-tmp', `pglite-template-${process.pid}.tar`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    return;
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
