// npm run backup / npm run restore of a whole embedded store: the pictures travel with the dump, and a
// store started on the restored copy sends nothing that was waiting in it: no confirmation, no
// new-order alert, no failed e-mail retried (docs/decisions/0446-online-backups-with-pictures.md).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runMaintenance } from '~/server/maintenance';
import { createProduct } from '~/server/test/fixtures';
import { insertOrder } from '~/server/test/order-fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp } from '~/server/test/test-app';
import { testDbKind } from '~/server/test/test-database';
import { BACKUP_ENDPOINT_FILE, startOnlineBackup } from './online-backup';
import { backupDatabase, backupStore, RESTORED_MAIL_NOTE, restoreStore } from './backup';
import { openPglite } from './client';
import { categories, mailOutbox, orders } from './schema';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-backup-all-'));
  dirs.push(dir);
  return dir;
};
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  await inbox.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const settings = (dataDir: string) => ({ dataDir, FILE_STORAGE: 'local' as const, S3_REGION: 'us-east-1' });
const PICTURE = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 a desk lamp');

describe.runIf(testDbKind() === 'pglite')('a backup of the embedded store', () => {
  let original: string;
  let orderId: number;
  let dump: string;

  beforeAll(async () => {
    original = tempDir();
    const database = await openPglite({
      dataDir: path.join(original, 'pglite'),
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    try {
      const lamp = await createProduct(database.db, { name: 'Desk Lamp', price: '20.00' });
      // Paid, its confirmation not yet claimed; its alert queued; an older e-mail failed; one sent.
      const order = await insertOrder(database.db, { customerEmail: 'jane@example.com' }, [
        { productId: lamp.id, quantity: 1, price: '20.00' },
      ]);
      orderId = order.id;
      await database.db.insert(mailOutbox).values([
        {
          kind: 'order-new-alert',
          to: 'shop@store.test',
          subject: 'New order',
          text: 'x',
          status: 'pending',
          orderId,
          dedupeKey: `order:${orderId}:order-new-alert:paid`,
        },
        {
          kind: 'order-shipped',
          to: 'jane@example.com',
          subject: 'Shipped',
          text: 'x',
          status: 'failed',
          orderId,
          dedupeKey: `order:${orderId}:order-shipped:1`,
          attempts: 1,
          attemptAt: new Date(Date.now() - 3_600_000),
        },
        { kind: 'password-reset', to: 'jane@example.com', subject: 'Reset', text: 'x', status: 'pending' },
        {
          kind: 'order-refunded',
          to: 'jane@example.com',
          subject: 'Done',
          text: 'x',
          status: 'sent',
          orderId,
          dedupeKey: `order:${orderId}:order-refunded:1`,
        },
      ]);
    } finally {
      await database.close();
    }
    mkdirSync(path.join(original, 'uploads', 'products'), { recursive: true });
    writeFileSync(path.join(original, 'uploads', 'products', 'lamp-800.webp'), PICTURE);
    writeFileSync(path.join(original, 'uploads', 'logo.png'), 'png');
    dump = path.join(tempDir(), 'nightly', 'store.sql');
  });

  it('carries the pictures beside the dump, and puts back the missing ones only', async () => {
    const written = await backupStore(settings(original), dump);
    expect(written).toEqual({ file: dump, pictures: 2 });
    expect(readFileSync(`${dump}.pictures/products/lamp-800.webp`)).toEqual(PICTURE);

    const copy = tempDir();
    // A picture already there (uploaded after the restore began) is not overwritten.
    mkdirSync(path.join(copy, 'uploads'), { recursive: true });
    writeFileSync(path.join(copy, 'uploads', 'logo.png'), 'newer');
    expect(await restoreStore(settings(copy), dump)).toEqual({ pictures: 2 });
    expect(readFileSync(path.join(copy, 'uploads', 'products', 'lamp-800.webp'))).toEqual(PICTURE);
    expect(readFileSync(path.join(copy, 'uploads', 'logo.png'), 'utf8')).toBe('newer');
  });

  it('restores a store that sends nothing old when it starts, SMTP and jobs running', {
    timeout: 120_000,
  }, async () => {
    const copy = tempDir();
    await restoreStore(settings(copy), dump);
    expect(existsSync(path.join(copy, 'pglite'))).toBe(true);
    const database = await openPglite({ dataDir: path.join(copy, 'pglite') });
    const t = await createTestApp({ database, env: { SMTP_URL: inbox.url, STORE_EMAIL: 'shop@store.test' } });
    try {
      expect(await runMaintenance(t.app)).toBe(true);
      await runMaintenance(t.app);
      expect(inbox.received).toEqual([]);

      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({
        confirmationEmailSent: false,
        confirmationEmailStatus: 'restored',
        confirmationEmailError: RESTORED_MAIL_NOTE,
      });
      const outbox = await t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
      expect(outbox.map((m) => [m.kind, m.status])).toEqual([
        ['order-new-alert', 'restored'],
        ['order-shipped', 'restored'],
        ['password-reset', 'restored'],
        ['order-refunded', 'sent'],
      ]);

      // What happens after the restore is mailed as usual.
      await t.app.ctx.mailer.send({ kind: 'test', to: 'new@example.com', subject: 'After', text: 'x' });
      expect(inbox.received).toHaveLength(1);
    } finally {
      await t.close();
      await database.close();
    }
  });

  it('is taken through the running store, between two transactions, while it keeps working', {
    timeout: 120_000,
  }, async () => {
    const running = await openPglite({ dataDir: path.join(original, 'pglite') });
    const online = await startOnlineBackup(running, original, { error: () => {} });
    try {
      const refused = await fetch(`http://127.0.0.1:${online.endpoint.port}/snapshot`, {
        method: 'POST',
        headers: { authorization: 'Bearer not-the-token' },
      });
      expect(refused.status).toBe(401);

      // A transaction under way when the backup is asked for: the copy waits for it, whole.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = running.db.transaction(async (tx) => {
        await tx.insert(categories).values({ name: 'Mid-transaction', slug: 'mid-transaction' });
        await held;
        await tx.insert(categories).values({ name: 'Same transaction', slug: 'same-transaction' });
      });
      const file = path.join(tempDir(), 'online.sql');
      const backup = backupDatabase({ dataDir: original }, file);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await transaction;
      expect(await backup).toBe(file);
      // The store went on: a write after the copy is in the store, not in the backup.
      await running.db.insert(categories).values({ name: 'After the copy', slug: 'after-the-copy' });
      const text = readFileSync(file, 'utf8');
      expect(text).toContain("'Mid-transaction'");
      expect(text).toContain("'Same transaction'");
      expect(text).not.toContain("'After the copy'");

      const copy = tempDir();
      await restoreStore(settings(copy), file);
      const restored = await openPglite({ dataDir: path.join(copy, 'pglite') });
      try {
        const names = (await restored.db.select({ name: categories.name }).from(categories)).map(
          (c) => c.name,
        );
        expect(names).toEqual(expect.arrayContaining(['Mid-transaction', 'Same transaction']));
        expect(names).not.toContain('After the copy');
      } finally {
        await restored.close();
      }
    } finally {
      await online.stop();
      await running.close();
    }
    expect(existsSync(path.join(original, BACKUP_ENDPOINT_FILE))).toBe(false);
  });
});
