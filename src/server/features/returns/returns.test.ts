// Return requests through real HTTP and the fake Square API on loopback
// (docs/decisions/0540-return-requests.md, 0541): the shopper's request with the order page's proof,
// the window per condition, final sale against a legal-warranty claim, the units left to return, bad
// input refused with nothing written; staff's approval and refusal, instructions, receipt with damaged
// units, re-grade and restock (the re-graded lot on sale in /api/products, the sold lot's stock back),
// the refund through the refund-by-line service worked out by hand; each step's e-mail in the order's
// language and the order page's timeline.
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderHistory, orderItems, orders, products, returnRequests } from '~/server/db/schema';
import { multipart, realImage, sendMultipart } from '~/server/features/admin-products/test-support';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import type { FakeSquare } from '~/server/payments/fake-square';
import { createProduct, createUser, setWeekdayDiscounts, signInAs } from '~/server/test/fixtures';
import { createSquareTestApp } from '~/server/test/square-test-app';
import { type TestApp, TestClient } from '~/server/test/test-app';

let fake: FakeSquare;
let t: TestApp;
let staff: TestClient;
let guest: TestClient;

beforeAll(async () => {
  ({ fake, t } = await createSquareTestApp(MANY_ORDER_EMAILS));
  const admin = await createUser(t.db, { isAdmin: true });
  staff = new TestClient(t.app);
  guest = new TestClient(t.app);
  await signInAs(t.db, staff, admin.id);
  await setWeekdayDiscounts(t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const DAY = 24 * 60 * 60 * 1000;
let lotSeq = 0;

/** A paid Quebec order, shipped then delivered `deliveredDaysAgo` days ago; its lines by product. */
async function deliveredOrder(
  lines: { productId: number; quantity: number }[],
  options: { deliveredDaysAgo?: number; locale?: 'en' | 'fr'; ship?: boolean } = {},
) {
  const client = new TestClient(t.app);
  const body = await validBody(client, lines, { state: 'QC' });
  body.orderData.finalSaleAcknowledged = true;
  const res = await postCheckout(client, body);
  expect(res.statusCode, res.body).toBe(200);
  const [placed] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
  fake.pay(placed!.paymentLinkId!);
  const paid = await client.patch(`/api/orders/${placed!.orderReference}/payment-status`, {
    paymentStatus: 'completed',
  });
  expect(paid.json().paymentStatus).toBe('completed');
  if (options.locale)
    await t.db.update(orders).set({ locale: options.locale }).where(eq(orders.id, placed!.id));
  if (options.ship !== false) {
    for (const status of ['processing', 'shipped', 'delivered']) {
      const r = await staff.patch(`/api/orders/${placed!.id}/status`, {
        status,
        ...(status === 'shipped' ? { trackingNumber: '1Z999AA10123456784', trackingCarrier: 'ups' } : {}),
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const ago = new Date(Date.now() - (options.deliveredDaysAgo ?? 2) * DAY);
    await t.db
      .update(orderHistory)
      .set({ createdAt: ago })
      .where(and(eq(orderHistory.orderId, placed!.id), eq(orderHistory.field, 'status')));
  }
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed!.id));
  const itemOf = (productId: number) => items.find((i) => i.productId === productId)!.id;
  const [order] = await t.db.select().from(orders).where(eq(orders.id, placed!.id));
  return { order: order!, itemOf };
}

const lot = (values: Parameters<typeof createProduct>[1]) =>
  createProduct(t.db, { lotNumber: `RET-${++lotSeq}`, stock: 5, applyDailyDiscount: false, ...values });

type Field = { field: string; value: string } | { field: string; filename: string; content: Buffer };

/** The order page's request: lines, reason, comment, the guest's e-mail as proof, photos. */
function askReturn(
  reference: string,
  body: { lines: unknown; reason: string; comment?: string; email?: string; photos?: Buffer[] },
  client = guest,
) {
  const parts: Field[] = [
    { field: 'lines', value: typeof body.lines === 'string' ? body.lines : JSON.stringify(body.lines) },
    { field: 'reason', value: body.reason },
    { field: 'comment', value: body.comment ?? '' },
    ...(body.email === undefined ? [] : [{ field: 'email', value: body.email }]),
    ...(body.photos ?? []).map((content, i) => ({ field: 'photos', filename: `photo-${i}.jpg`, content })),
  ];
  return sendMultipart(client, `/api/orders/${reference}/returns`, parts);
}

const returnsOf = async (orderId: number) =>
  (await t.db.select({ n: count() }).from(returnRequests).where(eq(returnRequests.orderId, orderId)))[0]!.n;
const mailsOf = (orderId: number, kind: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, kind)));
const EMAIL = 'jane@example.com';

describe('the return windows', () => {
  it('are settings per condition the owner edits; the policy answers them; a bad value changes nothing', async () => {
    const policy = await guest.get('/api/returns/policy');
    expect(policy.json().windows).toEqual({
      new: 30,
      'new-open-box': 14,
      'used-like-new': 14,
      'used-good': 14,
      'used-acceptable': 14,
      'for-parts': 0,
    });
    const bad = await staff.patch('/api/admin/settings', {
      returnWindowDays: { new: 30, 'new-open-box': -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/return window/i);
    const changed = await staff.patch('/api/admin/settings', { returnWindowDays: { 'used-good': '21' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().returnWindowDays).toMatchObject({ new: 30, 'new-open-box': 14, 'used-good': 21 });
    expect((await guest.get('/api/returns/policy')).json().windows['used-good']).toBe(21);
    await staff.patch('/api/admin/settings', { returnWindowDays: { 'used-good': 14 } });
    expect((await guest.patch('/api/admin/settings', { returnWindowDays: { new: 1 } })).statusCode).toBe(401);
  });
});

describe('a return request', () => {
  it('needs the order page’s proof: a wrong or missing e-mail is the same 404, nothing written', async () => {
    const cam = await lot({ name: 'Proof Cam', price: '10.00' });
    const { order, itemOf } = await deliveredOrder([{ productId: cam.id, quantity: 1 }]);
    const body = { lines: [{ orderItemId: itemOf(cam.id), quantity: 1 }], reason: 'changed-mind' };
    for (const email of [undefined, 'someone@example.com']) {
      const res = await askReturn(order.orderReference, { ...body, email });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Order not found.');
    }
    // Another signed-in shopper is not the owner either.
    const other = new TestClient(t.app);
    await signInAs(t.db, other, (await createUser(t.db)).id);
    expect((await askReturn(order.orderReference, body, other)).statusCode).toBe(404);
    expect(await returnsOf(order.id)).toBe(0);
    // The e-mail it was placed with, in any case, is proof.
    const ok = await askReturn(order.orderReference, { ...body, email: ' JANE@example.com ' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'requested', reason: 'changed-mind', defectClaim: false });
    expect(ok.json().number).toMatch(/^RMA-\d{6}$/);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const cam = await lot({ name: 'Input Cam', price: '10.00' });
    const other = await lot({ name: 'Other Order Cam', price: '10.00' });
    const { order, itemOf } = await deliveredOrder([{ productId: cam.id, quantity: 2 }]);
    const { itemOf: otherItem } = await deliveredOrder([{ productId: other.id, quantity: 1 }]);
    const line = (quantity: number, id = itemOf(cam.id)) => [{ orderItemId: id, quantity }];
    const cases: [Parameters<typeof askReturn>[1], RegExp][] = [
      [{ lines: 'not json', reason: 'changed-mind' }, /Choose the items to return/],
      [{ lines: [], reason: 'changed-mind' }, /at least one item/],
      [{ lines: line(3), reason: 'changed-mind' }, /Input Cam: at most 2 of 2 can still be returned/],
      [{ lines: line(0), reason: 'changed-mind' }, /quantity must be at least 1/],
      [{ lines: line(1), reason: 'because' }, /Choose a reason/],
      [{ lines: line(1, otherItem(other.id)), reason: 'changed-mind' }, /is not part of this order/],
      [{ lines: [...line(1), ...line(1)], reason: 'changed-mind' }, /Each item may appear once/],
      [{ lines: line(1), reason: 'changed-mind', comment: 'x'.repeat(2001) }, /at most 2000 characters/],
      [{ lines: line(1), reason: 'changed-mind', photos: [Buffer.from('not a picture')] }, /Only JPEG/],
      [
        { lines: line(1), reason: 'changed-mind', photos: Array.from({ length: 6 }, () => Buffer.from('x')) },
        /At most 5 photos/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await askReturn(order.orderReference, { ...body, email: EMAIL });
      expect([400, 415], res.body).toContain(res.statusCode);
      expect(res.json().message).toMatch(message);
    }
    expect(await returnsOf(order.id)).toBe(0);
    expect(await mailsOf(order.id, 'return-requested')).toHaveLength(0);
  });

  it('is refused before the order has shipped', async () => {
    const cam = await lot({ name: 'Unshipped Cam', price: '10.00' });
    const { order, itemOf } = await deliveredOrder([{ productId: cam.id, quantity: 1 }], { ship: false });
    const res = await askReturn(order.orderReference, {
      lines: [{ orderItemId: itemOf(cam.id), quantity: 1 }],
      reason: 'defective',
      email: EMAIL,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not been shipped or picked up yet/);
    expect(await returnsOf(order.id)).toBe(0);
  });

  it('keeps the window of each condition, and takes a defect claim outside it and on final sale', async () => {
    const cam = await lot({ name: 'Window Cam', price: '10.00', condition: 'new' });
    const poles = await lot({ name: 'Open Box Poles', price: '10.00', condition: 'new-open-box' });
    const blender = await lot({
      name: 'Final Blender',
      price: '10.00',
      condition: 'used-good',
      finalSale: true,
    });
    // Delivered 20 days ago: inside the 30 days of new, outside the 14 of open box.
    const { order, itemOf } = await deliveredOrder(
      [
        { productId: cam.id, quantity: 1 },
        { productId: poles.id, quantity: 1 },
        { productId: blender.id, quantity: 1 },
      ],
      { deliveredDaysAgo: 20 },
    );
    const ask = (productId: number, reason: string) =>
      askReturn(order.orderReference, {
        lines: [{ orderItemId: itemOf(productId), quantity: 1 }],
        reason,
        email: EMAIL,
      });
    const late = await ask(poles.id, 'changed-mind');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(
      /^The return window for Open Box Poles \(14 days\) ended on \d{4}-\d{2}-\d{2}\. A defective/,
    );
    // The French store says it in French.
    const body = multipart([
      { field: 'lines', value: JSON.stringify([{ orderItemId: itemOf(poles.id), quantity: 1 }]) },
      { field: 'reason', value: 'changed-mind' },
      { field: 'email', value: EMAIL },
    ]);
    const french = await new TestClient(t.app).request({
      method: 'POST',
      url: `/api/orders/${order.orderReference}/returns`,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': 'fr-CA' },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json().message).toMatch(
      /^Le délai de retour de Open Box Poles \(14 jours\) a pris fin le \d{4}-\d{2}-\d{2}\./,
    );
    const final = await ask(blender.id, 'changed-mind');
    expect(final.statusCode).toBe(400);
    expect(final.json().message).toMatch(/Final Blender was sold as final sale/);
    expect(await returnsOf(order.id)).toBe(0);

    expect((await ask(cam.id, 'changed-mind')).json()).toMatchObject({
      status: 'requested',
      defectClaim: false,
    });
    const claim = await ask(blender.id, 'defective');
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json().defectClaim).toBe(true);
    expect((await ask(poles.id, 'damaged-in-transit')).json().defectClaim).toBe(true);
    // The units asked for are taken: the cam cannot be asked for twice.
    const twice = await ask(cam.id, 'defective');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/every unit has already been returned, refunded or asked for/);
  });

  it('keeps the window the order promised when the store later shortens it', async () => {
    const cam = await lot({ name: 'Promise Cam', price: '10.00', condition: 'new' });
    // Sold with new's 30 days; delivered 20 days ago; the store then cuts new to 10 days.
    const { order, itemOf } = await deliveredOrder([{ productId: cam.id, quantity: 1 }], {
      deliveredDaysAgo: 20,
    });
    const cut = await staff.patch('/api/admin/settings', { returnWindowDays: { new: 10 } });
    expect(cut.statusCode).toBe(200);
    try {
      const res = await askReturn(order.orderReference, {
        lines: [{ orderItemId: itemOf(cam.id), quantity: 1 }],
        reason: 'changed-mind',
        email: EMAIL,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().defectClaim).toBe(false);
    } finally {
      await staff.patch('/api/admin/settings', { returnWindowDays: { new: 30 } });
    }
  });

  it('two requests at once for the last unit make one return', async () => {
    const cam = await lot({ name: 'Race Cam', price: '10.00' });
    const { order, itemOf } = await deliveredOrder([{ productId: cam.id, quantity: 1 }]);
    const body = {
      lines: [{ orderItemId: itemOf(cam.id), quantity: 1 }],
      reason: 'changed-mind',
      email: EMAIL,
    };
    const answers = await Promise.all([
      askReturn(order.orderReference, body),
      askReturn(order.orderReference, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(await returnsOf(order.id)).toBe(1);
  });
});

describe('a return from request to refund', () => {
  it('is approved, instructed, received with a damaged unit, re-graded, restocked and refunded', async () => {
    // Quebec order: dash cam 40.00 x 2 (new) and trekking poles 25.50, shipping 5.99; no discount.
    const cam = await lot({ name: 'Dash Cam', price: '40.00', condition: 'new', slug: 'dash-cam-ret' });
    const poles = await lot({ name: 'Trekking Poles', price: '25.50', condition: 'new' });
    const { order, itemOf } = await deliveredOrder(
      [
        { productId: cam.id, quantity: 2 },
        { productId: poles.id, quantity: 1 },
      ],
      { locale: 'fr' },
    );
    expect(order).toMatchObject({ subtotal: '105.50', shippingCost: '5.99' });
    const camStock = async () =>
      (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, cam.id)))[0]!.stock;
    expect(await camStock()).toBe(3);

    const photo = await realImage('jpeg', 400, 300);
    const asked = await askReturn(order.orderReference, {
      lines: [{ orderItemId: itemOf(cam.id), quantity: 2 }],
      reason: 'not-as-described',
      comment: 'The box says 4K; it records 1080p.',
      email: EMAIL,
      photos: [photo],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as number;
    expect(asked.json().photos).toHaveLength(1);
    expect(asked.json().photos[0]).toMatch(/\.webp$/);
    // The French order's e-mail is French.
    const [requestedMail] = await mailsOf(order.id, 'return-requested');
    expect(requestedMail!.subject).toContain('demande de retour RMA-');
    expect(requestedMail!.text).toContain('Non conforme à la description');

    // The queue and the detail.
    const queue = await staff.get('/api/admin/returns?status=requested');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().returns.find((r: { id: number }) => r.id === id)).toMatchObject({
      units: 2,
      photos: 1,
    });
    expect(
      (await staff.get(`/api/admin/returns?q=RMA-${id}`)).json().returns.map((r: { id: number }) => r.id),
    ).toEqual([id]);
    expect((await guest.get('/api/admin/returns')).statusCode).toBe(401);
    const detail = (await staff.get(`/api/admin/returns/${id}`)).json();
    expect(detail).toMatchObject({ status: 'requested', comment: 'The box says 4K; it records 1080p.' });
    const lineId = detail.lines[0].id as number;

    // Steps out of order are refused with nothing changed.
    const early = await staff.post(`/api/admin/returns/${id}/receive`, {
      lines: [{ lineId, received: 2, damaged: 0 }],
    });
    expect(early.statusCode).toBe(409);
    expect((await staff.post(`/api/admin/returns/${id}/decision`, { decision: 'maybe' })).statusCode).toBe(
      400,
    );

    const approved = await staff.post(`/api/admin/returns/${id}/decision`, {
      decision: 'approve',
      message: 'Sorry about that.',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await staff.post(`/api/admin/returns/${id}/decision`, { decision: 'approve' })).statusCode).toBe(
      409,
    );
    const [approvedMail] = await mailsOf(order.id, 'return-approved');
    expect(approvedMail!.subject).toContain('approuvé');
    expect(approvedMail!.text).toContain('Sorry about that.');

    expect(
      (await staff.post(`/api/admin/returns/${id}/instructions`, { method: 'ship', address: '' })).statusCode,
    ).toBe(400);
    const instructed = await staff.post(`/api/admin/returns/${id}/instructions`, { method: 'drop-off' });
    expect(instructed.statusCode, instructed.body).toBe(200);
    const [dropOffMail] = await mailsOf(order.id, 'return-instructions');
    expect(dropOffMail!.text).toContain('Apportez les articles');

    // Received: both units, one damaged. Damaged more than received is a 400.
    expect(
      (await staff.post(`/api/admin/returns/${id}/receive`, { lines: [{ lineId, received: 1, damaged: 2 }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await staff.post(`/api/admin/returns/${id}/receive`, { lines: [{ lineId, received: 3, damaged: 0 }] }))
        .statusCode,
    ).toBe(400);
    const received = await staff.post(`/api/admin/returns/${id}/receive`, {
      lines: [{ lineId, received: 2, damaged: 1 }],
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().lines[0]).toMatchObject({ receivedQuantity: 2, damagedQuantity: 1 });
    expect((await mailsOf(order.id, 'return-received'))[0]!.text).toContain('2 sur 2 reçus, 1 endommagés');

    // Re-grade: one as sold (back in the lot's stock), one used-good with notes at 30.00 (a new lot).
    const grade = (units: unknown[]) => staff.post(`/api/admin/returns/${id}/restock`, { units });
    const asSold = { lineId, condition: 'new' };
    const scuffed = { lineId, condition: 'used-good', notes: 'Scuffed lens', price: '30.00' };
    expect((await grade([asSold])).json().message).toMatch(/grade each of the 2 units received \(1 graded\)/);
    expect((await grade([asSold, { ...scuffed, price: '-1' }])).statusCode).toBe(400);
    expect(await camStock()).toBe(3);
    const restocked = await grade([asSold, scuffed]);
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(await camStock()).toBe(4);
    const units = restocked.json().lines[0].units;
    expect(units.map((u: { outcome: string }) => u.outcome)).toEqual(['original', 'new-lot']);
    const newLotId = units[1].productId as number;
    expect((await grade([asSold, scuffed])).statusCode).toBe(409);
    // The re-graded lot is on sale.
    const onSale = await guest.get(`/api/products/${newLotId}`);
    expect(onSale.statusCode, onSale.body).toBe(200);
    expect(onSale.json()).toMatchObject({
      name: 'Dash Cam',
      price: '30.00',
      condition: 'used-good',
      stock: 1,
    });
    expect(onSale.json().conditionNotes).toBe('Scuffed lens');
    const listed = await guest.get('/api/products?condition=used-good&limit=100');
    expect(listed.json().map((p: { id: number }) => p.id)).toContain(newLotId);

    // Refund: the destination is passed through to the refund service, which refuses store credit for a
    // guest's order (no account to credit); nothing changed and the return can still be refunded.
    const credit = await staff.post(`/api/admin/returns/${id}/refund`, {
      lines: [{ lineId, quantity: 2 }],
      destination: 'store_credit',
    });
    expect(credit.statusCode).toBe(400);
    expect(credit.json().message).toBe(
      'This order was placed without a customer account, so it cannot be refunded to store credit. Refund it to the original payment.',
    );
    const tooMany = await staff.post(`/api/admin/returns/${id}/refund`, {
      lines: [{ lineId, quantity: 3 }],
      destination: 'original',
    });
    expect(tooMany.statusCode).toBe(400);
    // Two dash cams: goods 80.00. GST 80.00 x 5% = 4.00; QST 80.00 x 9.975% = 7.98.
    // Total 80.00 + 4.00 + 7.98 = 91.98.
    const refunded = await staff.post(`/api/admin/returns/${id}/refund`, {
      lines: [{ lineId, quantity: 2 }],
      destination: 'original',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({
      status: 'refunded',
      refund: { amount: '91.98', status: 'completed' },
    });
    expect(refunded.json().refund.creditNote).toMatch(/^CN-\d{6}$/);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.refundedAmount).toBe('91.98');
    // The refund did not restock again: the re-grade did.
    expect(await camStock()).toBe(4);
    expect(await mailsOf(order.id, 'order-refunded')).toHaveLength(1);

    // The order page's timeline: the return's steps, and the refund with its tax lines.
    const page = await guest.post('/api/orders/lookup', { reference: order.orderReference, email: EMAIL });
    const kinds = page.json().timeline.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'return-requested',
        'return-approved',
        'return-instructions',
        'return-received',
        'refunded',
      ]),
    );
    const approvedEvent = page.json().timeline.find((e: { kind: string }) => e.kind === 'return-approved');
    expect(approvedEvent).toMatchObject({
      returnNumber: `RMA-${String(id).padStart(6, '0')}`,
      message: 'Sorry about that.',
    });
    const refundEvent = page.json().timeline.find((e: { kind: string }) => e.kind === 'refunded');
    expect(refundEvent).toMatchObject({
      amount: '91.98',
      taxLines: [
        { code: 'GST', rate: '5', amount: '4.00' },
        { code: 'QST', rate: '9.975', amount: '7.98' },
      ],
    });
    expect(kinds.indexOf('return-requested')).toBeLessThan(kinds.indexOf('refunded'));
  });

  it('is refused with a message (required), in English for an English order, and shows so on the timeline', async () => {
    const cam = await lot({ name: 'Refused Cam', price: '10.00' });
    const { order, itemOf } = await deliveredOrder([{ productId: cam.id, quantity: 1 }], { locale: 'en' });
    const asked = await askReturn(order.orderReference, {
      lines: [{ orderItemId: itemOf(cam.id), quantity: 1 }],
      reason: 'changed-mind',
      email: EMAIL,
    });
    const id = asked.json().id;
    const noWhy = await staff.post(`/api/admin/returns/${id}/decision`, { decision: 'refuse' });
    expect(noWhy.statusCode).toBe(400);
    expect(noWhy.json().message).toBe('Say why the return is refused');
    const refused = await staff.post(`/api/admin/returns/${id}/decision`, {
      decision: 'refuse',
      message: 'The seal is broken on this hygiene item.',
    });
    expect(refused.json().status).toBe('refused');
    const [mail] = await mailsOf(order.id, 'return-refused');
    expect(mail!.subject).toMatch(/return request RMA-\d{6} not accepted/);
    expect(mail!.to).toBe(EMAIL);
    const page = await guest.post('/api/orders/lookup', { reference: order.orderReference, email: EMAIL });
    expect(page.json().timeline.find((e: { kind: string }) => e.kind === 'return-refused').message).toBe(
      'The seal is broken on this hygiene item.',
    );
    // A refused return frees its units: the shopper may ask again (a defect claim this time).
    const again = await askReturn(order.orderReference, {
      lines: [{ orderItemId: itemOf(cam.id), quantity: 1 }],
      reason: 'defective',
      email: EMAIL,
    });
    expect(again.statusCode).toBe(201);
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `return:${id}:%`)),
    ).toHaveLength(2);
  });

  it('writes off a unit (no stock moves), and is closed with a message when nothing more is refunded', async () => {
    const toaster = await lot({ name: 'Toaster', price: '20.00', condition: 'new' });
    const { order, itemOf } = await deliveredOrder([{ productId: toaster.id, quantity: 2 }]);
    const stock = async () =>
      (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, toaster.id)))[0]!
        .stock;
    const asked = await askReturn(order.orderReference, {
      lines: [{ orderItemId: itemOf(toaster.id), quantity: 2 }],
      reason: 'defective',
      email: EMAIL,
    });
    const id = asked.json().id;
    await staff.post(`/api/admin/returns/${id}/decision`, { decision: 'approve' });
    const detail = (await staff.get(`/api/admin/returns/${id}`)).json();
    const lineId = detail.lines[0].id;
    // Only one of the two came back.
    const received = await staff.post(`/api/admin/returns/${id}/receive`, {
      lines: [{ lineId, received: 1, damaged: 1 }],
    });
    expect(received.json().lines[0]).toMatchObject({ quantity: 2, receivedQuantity: 1, damagedQuantity: 1 });
    const before = await stock();
    const wrongCount = await staff.post(`/api/admin/returns/${id}/restock`, {
      units: [
        { lineId, condition: 'for-parts', writeOff: true },
        { lineId, condition: 'for-parts', writeOff: true },
      ],
    });
    expect(wrongCount.json().message).toMatch(/grade each of the 1 units received \(2 graded\)/);
    const written = await staff.post(`/api/admin/returns/${id}/restock`, {
      units: [{ lineId, condition: 'for-parts', notes: 'Heating element dead', writeOff: true }],
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json().lines[0].units).toEqual([
      expect.objectContaining({ outcome: 'written-off', productId: null, writeOff: true }),
    ]);
    expect(await stock()).toBe(before);
    const closed = await staff.post(`/api/admin/returns/${id}/close`, {
      message: 'The second toaster never reached us.',
    });
    expect(closed.json().status).toBe('closed');
    expect((await staff.post(`/api/admin/returns/${id}/close`, {})).statusCode).toBe(409);
    const [mail] = await mailsOf(order.id, 'return-closed');
    expect(mail!.text).toContain('The second toaster never reached us.');
    const page = await guest.post('/api/orders/lookup', { reference: order.orderReference, email: EMAIL });
    expect(page.json().timeline.map((e: { kind: string }) => e.kind)).toContain('return-closed');
    // The re-grade stays the store's business: it is not on the shopper's timeline.
    expect(page.json().timeline.map((e: { kind: string }) => e.kind)).not.toContain('return-restocked');
  });

  it('taken twice at once, a step happens once: one approval, one refund, one e-mail each', async () => {
    const kettle = await lot({ name: 'Kettle', price: '30.00', condition: 'new' });
    const { order, itemOf } = await deliveredOrder([{ productId: kettle.id, quantity: 1 }]);
    const id = (
      await askReturn(order.orderReference, {
        lines: [{ orderItemId: itemOf(kettle.id), quantity: 1 }],
        reason: 'changed-mind',
        email: EMAIL,
      })
    ).json().id;
    const approvals = await Promise.all([
      staff.post(`/api/admin/returns/${id}/decision`, { decision: 'approve' }),
      staff.post(`/api/admin/returns/${id}/decision`, { decision: 'approve' }),
    ]);
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await mailsOf(order.id, 'return-approved')).toHaveLength(1);
    const lineId = (await staff.get(`/api/admin/returns/${id}`)).json().lines[0].id;
    await staff.post(`/api/admin/returns/${id}/receive`, { lines: [{ lineId, received: 1, damaged: 0 }] });
    const body = { lines: [{ lineId, quantity: 1 }], destination: 'original' };
    const refunds = await Promise.all([
      staff.post(`/api/admin/returns/${id}/refund`, body),
      staff.post(`/api/admin/returns/${id}/refund`, body),
    ]);
    expect(refunds.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    // One kettle to Quebec: 30.00 + GST 1.50 + QST 30.00 x 9.975% = 2.9925 -> 2.99; 34.49.
    expect(after!.refundedAmount).toBe('34.49');
    expect(await mailsOf(order.id, 'order-refunded')).toHaveLength(1);
  });
});
