// Shipping from a CSV of tracking numbers (docs/decisions/0480-bulk-shipping-from-a-tracking-csv.md),
// through the real HTTP layer and a real SMTP server on loopback: two orders shipped with their own
// numbers, each customer e-mailed once with theirs; lines naming no order or an order that cannot ship
// reported by line and changing nothing; a Windows-1252 file with semicolons; files refused whole.
import { eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '~/server/db/schema';
import { createProduct } from '~/server/test/fixtures';
import { insertOrder } from '~/server/test/order-fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { MANY_ORDER_EMAILS } from '~/server/features/checkout/test-support';
import { sendMultipart, signedInClients } from '~/server/features/admin-products/test-support';

let inbox: SmtpInbox;
let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let productId: number;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: { ...MANY_ORDER_EMAILS, SMTP_URL: inbox.url, STORE_NAME: 'Liquidation Depot' },
  });
  clients = await signedInClients(t);
  productId = (await createProduct(t.db, { name: 'Desk Lamp', price: '20.00', stock: 50 })).id;
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});
beforeEach(() => {
  inbox.messages.length = 0;
});

const ship = (content: string | Buffer, client = clients.admin, filename = 'tracking.csv') =>
  sendMultipart(client, '/api/orders/bulk-ship', [
    { field: 'file', filename, content, contentType: 'text/csv' },
  ]);

let n = 0;
/** A paid order of one Desk Lamp to its own customer, in the given state. */
async function order(values: Partial<typeof orders.$inferInsert> = {}) {
  n++;
  return insertOrder(t.db, { customerEmail: `buyer${n}@example.com`, status: 'processing', ...values }, [
    { productId, productName: 'Desk Lamp', price: '20.00' },
  ]);
}

const rowOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const shippedMails = (to: string) =>
  inbox.mailsTo(to).filter((m) => (m.subject ?? '').includes('has shipped'));

describe('bulk shipping from a tracking CSV', () => {
  it('ships each order with its own number; each customer gets one e-mail with theirs', async () => {
    const one = await order();
    const two = await order({ status: 'pending', orderReference: 'ORD-ABCDEFGHIJKLMNOP' });
    const csv = [
      'Order #,Carrier,Tracking Number',
      `#${one.id},UPS,1Z999AA10123456784`,
      'ord-abcdefghijklmnop,Canada Post,7023210039414604',
    ].join('\r\n');
    const res = await ship(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      shipped: 2,
      refused: 0,
      results: [
        {
          line: 2,
          ok: true,
          orderId: one.id,
          trackingNumber: '1Z999AA10123456784',
          trackingCarrier: 'ups',
          changed: true,
        },
        {
          line: 3,
          ok: true,
          orderId: two.id,
          trackingNumber: '7023210039414604',
          trackingCarrier: 'canada-post',
          changed: true,
        },
      ],
    });
    expect(await rowOf(one.id)).toMatchObject({
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      trackingCarrier: 'ups',
    });
    expect(await rowOf(two.id)).toMatchObject({
      status: 'shipped',
      trackingNumber: '7023210039414604',
      trackingCarrier: 'canada-post',
    });

    const first = shippedMails(one.customerEmail);
    const second = shippedMails(two.customerEmail);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(first[0]!.text).toContain('Carrier: UPS\nTracking number: 1Z999AA10123456784');
    expect(first[0]!.text).toContain('https://www.ups.com/track?loc=en_CA&tracknum=1Z999AA10123456784');
    expect(first[0]!.text).not.toContain('7023210039414604');
    expect(second[0]!.text).toContain('Carrier: Canada Post\nTracking number: 7023210039414604');
    expect(second[0]!.text).not.toContain('1Z999AA10123456784');

    // The same file again: nothing changes, nothing more is sent.
    const again = await ship(csv);
    expect(again.json()).toMatchObject({ shipped: 2, refused: 0 });
    expect(again.json().results.map((r: { changed: boolean }) => r.changed)).toEqual([false, false]);
    expect(shippedMails(one.customerEmail)).toHaveLength(1);
    expect(shippedMails(two.customerEmail)).toHaveLength(1);
  });

  it('reports bad lines by line number and changes nothing for them; the good line ships', async () => {
    const good = await order();
    const unpaid = await order({ status: 'pending', paymentStatus: 'pending' });
    const cancelled = await order({ status: 'cancelled' });
    const refunded = await order({ paymentStatus: 'refunded' });
    const pickup = await order({ shippingMethod: 'pickup' });
    const delivered = await order({ status: 'delivered' });
    const csv = [
      'Order,Carrier,Tracking',
      '999999,UPS,1Z0000000000000001', // 2: no such order
      `${unpaid.id},UPS,1Z0000000000000002`, // 3
      `${cancelled.id},UPS,1Z0000000000000003`, // 4
      `${refunded.id},UPS,1Z0000000000000004`, // 5
      `${good.id},purolator,329012345678`, // 6
      `${good.id},UPS,1Z0000000000000005`, // 7: the same order again
      `${pickup.id},UPS,1Z0000000000000006`, // 8
      `${delivered.id},UPS,1Z0000000000000007`, // 9
      `${unpaid.id},DHL,1Z0000000000000008`, // 10: a carrier the store does not know
      `${unpaid.id},UPS,`, // 11: no number
      `${unpaid.id},UPS,1.23457E+15`, // 12: a number a spreadsheet rounded
      'not an order,UPS,1Z0000000000000009', // 13
    ].join('\n');
    const res = await ship(csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.shipped).toBe(1);
    expect(body.refused).toBe(11);
    const refusals = body.results
      .filter((r: { ok: boolean }) => !r.ok)
      .map((r: { line: number; message: string }) => [r.line, r.message]);
    expect(refusals).toEqual([
      [2, 'Order not found.'],
      [3, 'This order is not paid: it cannot be moved to Shipped until its payment is completed.'],
      [
        4,
        'This order is cancelled: it cannot be moved to Shipped. Set it to Pending first if it was cancelled by mistake.',
      ],
      [5, 'This order is fully refunded: it cannot be moved to Shipped.'],
      [7, `Order #${good.id} is already on line 6 of this file.`],
      [8, `Order #${pickup.id} is picked up in store: it is not shipped.`],
      [9, `Order #${delivered.id} is Delivered: it is not shipped again.`],
      [
        10,
        'The carrier must be one of Canada Post, Purolator, UPS, FedEx, USPS, or Other (or blank) for any other carrier.',
      ],
      [
        11,
        'No tracking number on this line: ship an order without one from its own dialog (local delivery, an untracked letter).',
      ],
      [
        12,
        'The tracking number "1.23457E+15" was rounded by a spreadsheet (scientific notation): format the column as text and export it again.',
      ],
      [13, 'Order not found.'],
    ]);
    expect(body.results.find((r: { line: number }) => r.line === 6)).toMatchObject({
      ok: true,
      orderId: good.id,
      trackingNumber: '329012345678',
      trackingCarrier: 'purolator',
    });

    // The refused orders are as they were, and nobody of theirs was e-mailed.
    const after = await t.db
      .select({ id: orders.id, status: orders.status, trackingNumber: orders.trackingNumber })
      .from(orders)
      .where(inArray(orders.id, [unpaid.id, cancelled.id, refunded.id, pickup.id, delivered.id]))
      .orderBy(orders.id);
    expect(after).toEqual([
      { id: unpaid.id, status: 'pending', trackingNumber: null },
      { id: cancelled.id, status: 'cancelled', trackingNumber: null },
      { id: refunded.id, status: 'processing', trackingNumber: null },
      { id: pickup.id, status: 'processing', trackingNumber: null },
      { id: delivered.id, status: 'delivered', trackingNumber: null },
    ]);
    const mailed = await t.db
      .select({ orderId: mailOutbox.orderId })
      .from(mailOutbox)
      .where(inArray(mailOutbox.orderId, [unpaid.id, cancelled.id, refunded.id, pickup.id, delivered.id]));
    expect(mailed).toEqual([]);
    expect(shippedMails(good.customerEmail)).toHaveLength(1);
    expect(shippedMails(good.customerEmail)[0]!.text).toContain('Tracking number: 329012345678');
  });

  it('reads a Windows-1252 file with semicolons and French headers, as Excel in French saves it', async () => {
    const one = await order();
    const csv = `Numéro de commande;Transporteur;Numéro de suivi\r\n${one.id};Postes Canada;7023210039414611\r\n`;
    const res = await ship(iconv.encode(csv, 'windows-1252'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ shipped: 1, refused: 0 });
    expect(await rowOf(one.id)).toMatchObject({
      status: 'shipped',
      trackingNumber: '7023210039414611',
      trackingCarrier: 'canada-post',
    });
    expect(shippedMails(one.customerEmail)[0]!.text).toContain('Tracking number: 7023210039414611');
  });

  it('refuses a file it cannot use as a whole, and refuses customers', async () => {
    const one = await order();
    const noTracking = await ship(`Order,Carrier\n${one.id},UPS\n`);
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json().message).toContain('a Tracking Number column');
    const empty = await ship('Order,Tracking Number\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file has no lines after its header.');
    const notCsv = await ship(`Order,Tracking Number\n${one.id},1Z1\n`, clients.admin, 'tracking.xlsx');
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().message).toBe('Please select a CSV file.');
    const json = await clients.admin.post('/api/orders/bulk-ship', { file: 'x' });
    expect(json.statusCode).toBe(400);
    const customer = await ship(`Order,Tracking Number\n${one.id},1Z1\n`, clients.customer);
    expect(customer.statusCode).toBe(403);
    const guest = await ship(`Order,Tracking Number\n${one.id},1Z1\n`, clients.guest);
    expect(guest.statusCode).toBe(401);
    expect(await rowOf(one.id)).toMatchObject({ status: 'processing', trackingNumber: null });
  });
});
