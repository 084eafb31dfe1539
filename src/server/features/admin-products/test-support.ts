// Helpers for the administrator tests: signed-in clients and multipart bodies for inject.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '~/server/db/client';
import { orderItems, orders } from '~/server/db/schema';
import { createUser, signInAs } from '~/server/test/fixtures';
import { type TestApp, TestClient } from '~/server/test/test-app';

export async function signedInClients(t: TestApp) {
  const adminUser = await createUser(t.db, { isAdmin: true });
  const customerUser = await createUser(t.db);
  const admin = new TestClient(t.app);
  const customer = new TestClient(t.app);
  await signInAs(t.db, admin, adminUser.id);
  await signInAs(t.db, customer, customerUser.id);
  return { admin, customer, guest: new TestClient(t.app), adminUser, customerUser };
}

export type FilePart = { field: string; filename: string; content: Buffer | string; contentType?: string };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: (FilePart | { field: string; value: string })[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
        ),
      );
      continue;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function sendMultipart(client: TestClient, url: string, parts: Parameters<typeof multipart>[0]) {
  const { payload, headers } = multipart(parts);
  return client.request({ method: 'POST', url, payload, headers });
}

/** A real picture with EXIF data (camera and orientation) for upload tests. */
export async function realImage(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width = 800,
  height = 600,
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });
  if (format === 'jpeg')
    return base
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'TestCam' } } })
      .toBuffer();
  if (format === 'png') return base.png().toBuffer();
  if (format === 'gif') return base.gif().toBuffer();
  return base.webp().toBuffer();
}

export async function insertOrderWith(
  db: Db,
  productId: number,
  values: Partial<typeof orders.$inferInsert> = {},
) {
  const [order] = await db
    .insert(orders)
    .values({
      orderReference: randomBytes(12).toString('base64url'),
      customerEmail: 'buyer@example.com',
      customerName: 'Pat Buyer',
      shippingAddress: {
        addressLine1: '1 Main St',
        city: 'Toronto',
        province: 'ON',
        postalCode: 'M5H 1A1',
        country: 'Canada',
      },
      subtotal: '10.00',
      total: '11.30',
      ...values,
    })
    .returning();
  await db
    .insert(orderItems)
    .values({ orderId: order!.id, productId, quantity: 1, price: '10.00', productName: 'x' });
  return order!;
}
