// npm run db:move-to-postgres: an embedded store (orders, items, history, holds, e-mails, users,
// products and what their triggers wrote) copied into a new, empty database on the PostgreSQL server
// of the api-postgres project: every table's rows equal, an order equal column for column, sequences
// that go on after the embedded ones, triggers working again; a used database is refused untouched.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, testDbKind } from '~/server/test/test-database';
import { createCategory, createProduct, createUser, seedStoreSettings } from '~/server/test/fixtures';
import { insertOrder } from '~/server/test/order-fixtures';
import { type Database, openPglite, openPostgres } from './client';
import { applyMigrations } from './migrate';
import { MoveError, moveToPostgres } from './move-to-postgres';
import { categories, mailOutbox, orderHistory, orderItems, orders, products, stockHolds } from './schema';

const dirs: string[] = [];
const created: string[] = [];

async function newServerDatabase(): Promise<string> {
  const name = `store_move_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  created.push(name);
  return databaseUrl(process.env.TEST_DATABASE_URL!, name);
}

afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  if (!created.length) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const rowsOf = async (database: Database, table: string) =>
  (
    (await database.db.execute(sql.raw(`select count(*)::int as n from public."${table}"`))) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

describe.runIf(testDbKind() === 'postgres')('moving the embedded database to a PostgreSQL server', () => {
  let dataDir: string;
  let orderId: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-move-'));
    dirs.push(dataDir);
    const embedded = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await applyMigrations(embedded);
      const db = embedded.db;
      await seedStoreSettings(db);
      const category = await createCategory(db, { name: 'Électronique', slug: 'electronique' });
      const lamp = await createProduct(db, {
        name: 'Desk Lamp',
        price: '20.00',
        stock: 4,
        categoryId: category.id,
      });
      const kettle = await createProduct(db, { name: 'Bouilloire', price: '35.50', stock: 2 });
      await db.update(products).set({ stock: 3 }).where(eq(products.id, lamp.id));
      const user = await createUser(db, { isAdmin: true });
      const order = await insertOrder(
        db,
        { userId: user.id, customerName: 'Zoë O’Brien', subtotal: '75.50', total: '87.32' },
        [
          { productId: lamp.id, quantity: 2, price: '20.00' },
          { productId: kettle.id, quantity: 1, price: '35.50' },
        ],
      );
      orderId = order.id;
      await db.insert(orderHistory).values({
        orderId,
        field: 'paymentStatus',
        fromValue: 'pending',
        toValue: 'completed',
        actor: 'webhook',
      });
      await db
        .insert(stockHolds)
        .values({ orderId, productId: kettle.id, quantity: 1, expiresAt: new Date(Date.now() + 60_000) });
      await db.insert(mailOutbox).values({
        kind: 'order-confirmation',
        to: 'buyer@example.com',
        subject: 'Ça y est',
        text: 'Merci',
        status: 'sent',
        orderId,
      });
      // A gap in the sequence: the server must go on after the highest value given, not the highest row.
      const [gone] = await db.insert(categories).values({ name: 'Gone', slug: 'gone' }).returning();
      await db.delete(categories).where(eq(categories.id, gone!.id));
    } finally {
      await embedded.close();
    }
  }, 120_000);

  it('copies every table into an empty server database, with sequences and triggers that go on', {
    timeout: 120_000,
  }, async () => {
    const url = await newServerDatabase();
    const summary = await moveToPostgres(dataDir, url);

    const embedded = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    const server = openPostgres(url, 2);
    try {
      // Every application table, and each with the same number of rows on both sides.
      const tables = summary.tables.map((t) => t.name);
      expect(tables).toEqual(
        expect.arrayContaining([
          'orders',
          'order_items',
          'products',
          'users',
          'mail_outbox',
          'product_search_words',
          'stock_movements',
        ]),
      );
      for (const { name, rows } of summary.tables) {
        expect([name, await rowsOf(embedded, name)]).toEqual([name, rows]);
        expect([name, await rowsOf(server, name)]).toEqual([name, rows]);
      }
      expect(summary.tables.find((t) => t.name === 'order_items')!.rows).toBe(2);
      // Foreign keys come first: the parents before the rows that point to them.
      expect(tables.indexOf('orders')).toBeLessThan(tables.indexOf('order_items'));
      expect(tables.indexOf('products')).toBeLessThan(tables.indexOf('order_items'));
      expect(tables.indexOf('users')).toBeLessThan(tables.indexOf('orders'));

      // The sample order, column for column, and its lines.
      const read = (database: Database) =>
        Promise.all([
          database.db.select().from(orders).where(eq(orders.id, orderId)),
          database.db
            .select()
            .from(orderItems)
            .where(eq(orderItems.orderId, orderId))
            .orderBy(asc(orderItems.id)),
        ]);
      const [serverOrder, serverItems] = await read(server);
      expect(await read(embedded)).toEqual([serverOrder, serverItems]);
      expect(serverOrder[0]).toMatchObject({
        customerName: 'Zoë O’Brien',
        total: '87.32',
        paymentStatus: 'completed',
      });
      expect(serverOrder[0]!.shippingAddress).toMatchObject({ city: 'Toronto' });
      expect(serverItems.map((i) => i.quantity)).toEqual([2, 1]);

      // Sequences go on after the embedded ones (the deleted category's id is not given again).
      const maxCategory = Number(
        (
          (await embedded.db.execute(sql`select last_value from categories_id_seq`)) as unknown as {
            rows: { last_value: number }[];
          }
        ).rows[0]!.last_value,
      );
      const [next] = await server.db
        .insert(categories)
        .values({ name: 'Garden', slug: 'garden' })
        .returning();
      expect(next!.id).toBe(maxCategory + 1);
      const nextOrder = await insertOrder(server.db);
      expect(nextOrder.id).toBe(orderId + 1);

      // The triggers work again: a product added on the server gets its search words.
      await createProduct(server.db, { name: 'Zanzibar Hammock', price: '50.00' });
      const words = await server.db.execute(
        sql`select count(*)::int as n from product_search_words where word = 'zanzibar'`,
      );
      expect((words as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    } finally {
      await embedded.close();
      await server.close();
    }

    // A second move into the now used database is refused and changes nothing.
    await expect(moveToPostgres(dataDir, url)).rejects.toThrow(MoveError);
    await expect(moveToPostgres(dataDir, url)).rejects.toThrow(
      /is not empty: the store is moved only into an empty database, so nothing was changed/,
    );
    const check = openPostgres(url, 1);
    try {
      expect(await rowsOf(check, 'order_items')).toBe(2);
      expect(await rowsOf(check, 'categories')).toBe(2);
    } finally {
      await check.close();
    }
  });
});
