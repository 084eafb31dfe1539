// A fresh, migrated database per test file. Migrating PGlite takes seconds, so global setup migrates
// one template once and every file starts from a copy of it: a PGlite data-dir dump, or on a real
// server a `CREATE DATABASE ... TEMPLATE`.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '~/server/db/client';
import { reusedPglite } from './reused-pglite';

export function testDbKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

// The template's dump, read once per worker (files that share their worker's modules share it too):
// 40 MB read and copied into a Blob cost about 50 ms for every database a test opened.
let templateDump: { file: string; blob: Blob } | undefined;

function pgliteTemplateDump(): Blob {
  const file = inject('pgliteTemplate');
  if (templateDump?.file !== file) templateDump = { file, blob: new Blob([readFileSync(file)]) };
  return templateDump.blob;
}

/** A new embedded database from the template's dump, never a reused one. */
export function openPgliteFromTemplate(): Promise<Database> {
  return openPglite({ loadDataDir: pgliteTemplateDump() });
}

// Files that share their worker's modules share its closed databases too (reused-pglite.ts).
const createPglite = reusedPglite(openPgliteFromTemplate);

export async function createTestDatabase(): Promise<Database> {
  if (testDbKind() === 'pglite') return createPglite();
  const base = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplateDb');
  if (!base || !template)
    throw new Error('TEST_DATABASE_URL and the template database are needed for PostgreSQL tests');
  const name = `store_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(databaseUrl(base, name), 20);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
