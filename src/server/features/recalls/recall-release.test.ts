// The owner releases a lot that a recall matched wrongly (docs/decisions/0568-recall-release.md), through
// the real HTTP layer: only the owner, only with a reason, audited; the lot leaves quarantine but stays
// off sale, and loading the same recall data again does not put it back.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, products } from '~/server/db/schema';
import { sendMultipart, signedInClients } from '~/server/features/admin-products/test-support';
import { createProduct } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';

const HEALTH_CANADA = readFileSync(
  path.join(import.meta.dirname, 'fixtures', 'health-canada-recalls.json'),
  'utf8',
);

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
});
afterAll(() => t.close());

const upload = () =>
  sendMultipart(clients.admin, '/api/admin/recalls', [
    { field: 'file', filename: 'recalls.json', content: HEALTH_CANADA, contentType: 'application/json' },
  ]);
const lot = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
const release = (id: number, body: unknown, client = clients.admin) =>
  client.post(`/api/admin/recalls/quarantine/${id}/release`, body);

describe('releasing a lot from quarantine', () => {
  it('only the owner, only with a reason; audited; stays off sale and is not quarantined again', async () => {
    // UPC 698527410367 is in recall 79140 of the fixture.
    const mixer = await createProduct(t.db, {
      slug: 'mixer-release-test',
      upc: '698527410367',
      active: true,
    });
    expect((await upload()).statusCode).toBe(200);
    const quarantined = await lot(mixer.id);
    expect(quarantined.recallId).not.toBeNull();
    expect(quarantined.active).toBe(false);

    expect(
      (await release(mixer.id, { reason: 'Wrong UPC on the manifest' }, clients.customer)).statusCode,
    ).toBe(403);
    expect((await release(mixer.id, { reason: 'Wrong UPC on the manifest' }, clients.guest)).statusCode).toBe(
      401,
    );
    const noReason = await release(mixer.id, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('reason');
    const short = await release(mixer.id, { reason: 'ok' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('at least 5 characters');
    expect((await lot(mixer.id)).recallId).toBe(quarantined.recallId);

    const res = await release(mixer.id, { reason: 'Wrong UPC on the manifest: the box says 698527410374' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: mixer.id, releasedFrom: quarantined.recallId });
    const released = await lot(mixer.id);
    expect(released).toMatchObject({
      recallId: null,
      quarantinedAt: null,
      active: false,
      recallReleasedId: quarantined.recallId,
    });
    const rows = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, String(mixer.id)));
    expect(rows.at(-1)!.after).toMatchObject({
      recallId: null,
      releasedFrom: quarantined.recallId,
      reason: 'recall-release',
      note: 'Wrong UPC on the manifest: the box says 698527410374',
    });
    expect(rows.at(-1)!.userId).toBe(clients.adminUser.id);

    // Released already: nothing to release; an unknown lot: 404.
    expect((await release(mixer.id, { reason: 'Again, by mistake' })).statusCode).toBe(409);
    expect((await release(2_000_000, { reason: 'No such lot here' })).statusCode).toBe(404);

    // The same recall data loaded again leaves it out of quarantine.
    const again = await upload();
    expect(again.statusCode).toBe(200);
    expect(again.json().quarantined.map((q: { id: number }) => q.id)).not.toContain(mixer.id);
    expect((await lot(mixer.id)).recallId).toBeNull();
  });
});
