// Recall screening over the real HTTP layer (docs/decisions/0571-recall-screening.md): Health Canada's
// and the CPSC's files (small fixtures in their published shapes) loaded, a published lot taken off sale
// with an alert to staff, a manifest line with a recalled UPC drafted in quarantine and refused
// publishing in both languages, possible matches by brand and model, bad files refused with nothing
// changed, and the daily fetch from a configured address.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, products, recalls } from '~/server/db/schema';
import { sendMultipart, signedInClients } from '~/server/features/admin-products/test-support';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { fetchRecallData } from './service';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const HEALTH_CANADA = fixture('health-canada-recalls.json');
const CPSC = fixture('cpsc-recalls.json');

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
});
afterAll(() => t.close());

const upload = (content: string, fields: Record<string, string> = {}, client = clients.admin) =>
  sendMultipart(client, '/api/admin/recalls', [
    { field: 'file', filename: 'recalls.json', content, contentType: 'application/json' },
    ...Object.entries(fields).map(([field, value]) => ({ field, value })),
  ]);

const lot = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
const recallCount = async () => Number((await t.db.select({ n: count() }).from(recalls))[0]!.n);

describe('recall screening', () => {
  it("takes a published lot off sale when Health Canada's data names its UPC, and tells staff", async () => {
    // The 1.0 L kettle of recall 79123 (UPC 062100987650), on sale.
    const kettle = await createProduct(t.db, {
      name: 'Brightway 1.0 L Kettle',
      slug: 'kettle-recall-test',
      upc: '062100987650',
      active: true,
    });
    const safe = await createProduct(t.db, { slug: 'safe-recall-test', upc: '036000291452', active: true });
    expect((await clients.guest.get('/api/products/kettle-recall-test')).statusCode).toBe(200);

    const res = await upload(HEALTH_CANADA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Three records, each with a number and a title; GTINs: 629100123459 and 062100987650 (79123) and
    // 698527410367 (79140); the crib advisory names none.
    expect(body).toMatchObject({ source: 'health-canada', recalls: 3, skipped: 0, gtins: 3 });
    expect(body.quarantined).toHaveLength(1);
    expect(body.quarantined[0]).toMatchObject({
      id: kettle.id,
      wasOnSale: true,
      recall: {
        source: 'health-canada',
        sourceId: '79123',
        title: 'Brightway electric kettles recalled due to burn hazard',
        recalledOn: '2026-10-02',
      },
    });

    expect(await lot(kettle.id)).toMatchObject({ active: false });
    expect((await lot(kettle.id)).recallId).not.toBeNull();
    expect((await lot(safe.id)).active).toBe(true);
    expect((await clients.guest.get('/api/products/kettle-recall-test')).statusCode).toBe(404);

    const alerts = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'recall-alert'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.to).toBe(t.config.STORE_EMAIL);
    expect(alerts[0]!.subject).toBe('Recall: 1 lot taken off sale');
    expect(alerts[0]!.text).toContain(`${kettle.lotNumber} Brightway 1.0 L Kettle (UPC 062100987650)`);

    // Loading the same file again changes nothing and alerts nobody.
    const again = await upload(HEALTH_CANADA);
    expect(again.json()).toMatchObject({ recalls: 3, quarantined: [] });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'recall-alert'))).toHaveLength(1);
  });

  it('drafts a manifest line with a recalled UPC in quarantine and refuses to publish it, in both languages', async () => {
    const load = await clients.admin.post('/api/admin/loads', {
      supplier: 'Recall Test Supply',
      receivedOn: '2026-11-20',
      reference: 'RC-1',
      totalCost: '50.00',
    });
    const loadId = load.json().id as number;
    // The 1.7 L kettle's UPC written as Health Canada prints it, with spaces; and a lot that is fine.
    const manifest =
      'Title,UPC,Unit Retail\nBrightway 1.7 L Kettle,6 29100 12345 9,59.99\nOak Shelf,036000291452,80.00\n';
    const applied = await sendMultipart(clients.admin, `/api/admin/loads/${loadId}/manifest`, [
      { field: 'file', filename: 'manifest.csv', content: manifest, contentType: 'text/csv' },
      { field: 'mapping', value: JSON.stringify({ title: 'Title', upc: 'UPC', unitRetail: 'Unit Retail' }) },
    ]);
    expect(applied.json()).toMatchObject({ created: 2, errors: 0 });
    const drafts = await t.db.select().from(products).where(eq(products.loadId, loadId)).orderBy(products.id);
    const [kettle, shelf] = drafts;
    expect(kettle!.recallId).not.toBeNull();
    expect(kettle!.quarantinedAt).not.toBeNull();
    expect(shelf!.recallId).toBeNull();

    // Publishing from the load: the recalled draft stays a draft, with the reason.
    await t.db
      .update(products)
      .set({ imageUrl: '/uploads/products/x-640.webp' })
      .where(eq(products.loadId, loadId));
    const published = await clients.admin.post(`/api/admin/loads/${loadId}/publish`, {
      productIds: [kettle!.id, shelf!.id],
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({
      published: 1,
      messages: [
        `${kettle!.lotNumber}: This lot is in quarantine because a product recall names it: it cannot be put on sale.`,
      ],
    });
    expect((await lot(kettle!.id)).active).toBe(false);

    // Any other path meets the database's check: the products table's on/off switch, in French too.
    const english = await clients.admin.patch(`/api/products/${kettle!.id}/status`, { active: true });
    expect(english.statusCode).toBe(409);
    expect(english.json().message).toBe(
      'This lot is in quarantine because a product recall names it: it cannot be put on sale.',
    );
    const french = await clients.admin.patch(
      `/api/products/${kettle!.id}/status`,
      { active: true },
      { 'accept-language': 'fr-CA' },
    );
    expect(french.statusCode).toBe(409);
    expect(french.json().message).toBe(
      'Ce lot est en quarantaine parce qu’un rappel de produit le vise\u00a0: il ne peut pas être mis en vente.',
    );
    expect((await lot(kettle!.id)).active).toBe(false);
  });

  it("keeps the French title of Health Canada's French file beside the English one", async () => {
    const french = HEALTH_CANADA.replace(
      'Brightway electric kettles recalled due to burn hazard',
      'Rappel des bouilloires électriques Brightway en raison d’un risque de brûlure',
    );
    expect((await upload(french, { language: 'fr' })).statusCode).toBe(200);
    const [kettles] = await t.db.select().from(recalls).where(eq(recalls.sourceId, '79123'));
    expect(kettles).toMatchObject({
      title: 'Brightway electric kettles recalled due to burn hazard',
      titleFr: 'Rappel des bouilloires électriques Brightway en raison d’un risque de brûlure',
    });
  });

  it("quarantines the CPSC's UPCs and shows lots its brand and model words may concern", async () => {
    const hoverboard = await createProduct(t.db, {
      name: 'Volt Rider hoverboard',
      slug: 'hoverboard-recall-test',
      upc: '0884116123453',
      active: true,
    });
    const heater = await createProduct(t.db, {
      name: 'Acme SH-2200 ceramic heater',
      slug: 'heater-recall-test',
      brand: 'Acme',
      active: true,
    });
    const otherAcme = await createProduct(t.db, {
      name: 'Acme toaster',
      slug: 'toaster-recall-test',
      brand: 'Acme',
    });
    const res = await upload(CPSC);
    expect(res.json()).toMatchObject({ source: 'cpsc', recalls: 2, gtins: 2 });
    expect(res.json().quarantined.map((q: { id: number }) => q.id)).toEqual([hoverboard.id]);

    const report = await clients.admin.get('/api/admin/recalls/quarantine');
    expect(report.statusCode).toBe(200);
    const { quarantined, possibleMatches } = report.json();
    expect(quarantined.map((q: { id: number }) => q.id)).toContain(hoverboard.id);
    // A brand and a model word are a lead for staff, not a quarantine: the heater stays on sale.
    expect(possibleMatches.map((m: { id: number }) => m.id)).toContain(heater.id);
    expect(possibleMatches.map((m: { id: number }) => m.id)).not.toContain(otherAcme.id);
    expect((await lot(heater.id)).active).toBe(true);

    const list = await clients.admin.get('/api/admin/recalls');
    expect(list.json().find((r: { sourceId: string }) => r.sourceId === '26123')).toMatchObject({
      title: 'Volt Rider Hoverboards Recalled Due to Fire Hazard',
      recalledOn: '2026-09-18',
      gtins: 2,
    });
  });

  it('refuses a file that is not recall data, and a caller who is not the owner, changing nothing', async () => {
    const before = await recallCount();
    const notJson = await upload('NID,Title\n1,Kettle\n');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe(
      "The file is not recall data: upload Health Canada's or the CPSC's JSON file as published.",
    );
    expect((await upload('[{"name": "a product"}]')).statusCode).toBe(400);
    expect((await upload('{}')).statusCode).toBe(400);
    const csvName = await sendMultipart(clients.admin, '/api/admin/recalls', [
      { field: 'file', filename: 'recalls.csv', content: CPSC, contentType: 'text/csv' },
    ]);
    expect(csvName.statusCode).toBe(400);
    expect((await upload(CPSC, { language: 'de' })).statusCode).toBe(400);

    const staffUser = await createUser(t.db, { isStaff: true });
    const staff = new TestClient(t.app);
    await signInAs(t.db, staff, staffUser.id);
    expect((await upload(CPSC, {}, staff)).statusCode).toBe(403);
    expect((await staff.get('/api/admin/recalls/quarantine')).statusCode).toBe(200);
    expect((await clients.customer.get('/api/admin/recalls')).statusCode).toBe(403);
    expect(await recallCount()).toBe(before);
  });
});

describe('the daily fetch of recall data', () => {
  let server: Server;
  let fetched = 0;
  let app: TestApp;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      fetched++;
      response.writeHead(200, { 'content-type': 'application/json' }).end(CPSC);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    app = await createTestApp({ env: { RECALL_DATA_URLS: `http://127.0.0.1:${port}/Recall?format=json` } });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('loads each configured address once a day and screens the lots', async () => {
    const hoverboard = await createProduct(app.db, {
      slug: 'hoverboard-daily',
      upc: '777770123450',
      active: true,
    });
    const failures: unknown[] = [];
    const ctx = app.app.ctx;
    expect(await fetchRecallData(ctx, '2026-11-28', (error) => failures.push(error))).toBe(1);
    expect(failures).toEqual([]);
    expect(fetched).toBe(1);
    expect((await app.db.select().from(products).where(eq(products.id, hoverboard.id)))[0]).toMatchObject({
      active: false,
    });
    // The same day: nothing fetched again. The next day: fetched again.
    expect(await fetchRecallData(ctx, '2026-11-28', (error) => failures.push(error))).toBe(0);
    expect(fetched).toBe(1);
    await fetchRecallData(ctx, '2026-11-29', (error) => failures.push(error));
    expect(fetched).toBe(2);
  });
});
