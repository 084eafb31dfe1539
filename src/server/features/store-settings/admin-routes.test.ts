import { DEFAULT_PICKUP_SETTINGS } from '~/shared/pickup';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, canadianTaxRates, shippingSettings } from '~/server/db/schema';
import { seedStoreSettings } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { signedInClients } from '~/server/features/admin-products/test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
  await seedStoreSettings(t.db);
});
afterAll(() => t.close());

describe('PUT /api/shipping', () => {
  it('saves the prices, delivery times and pickup availability; the public read follows', async () => {
    const res = await clients.admin.put('/api/shipping', {
      standardPrice: '7.5',
      expressPrice: 19,
      pickupAvailable: false,
      standardMinDays: '4',
      standardMaxDays: 7,
      expressMinDays: 2,
      expressMaxDays: '2',
    });
    expect(res.statusCode).toBe(200);
    const saved = {
      standardPrice: '7.50',
      expressPrice: '19.00',
      pickupAvailable: false,
      standardMinDays: 4,
      standardMaxDays: 7,
      expressMinDays: 2,
      expressMaxDays: 2,
      // Not sent: the pickup place keeps what it had (the store's defaults here).
      ...DEFAULT_PICKUP_SETTINGS,
    };
    expect(res.json()).toEqual(saved);
    expect((await clients.guest.get('/api/shipping')).json()).toEqual(saved);
    const [audit] = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entity, 'shipping-settings'));
    expect(audit!.before).toEqual({
      standardPrice: '5.99',
      expressPrice: '14.99',
      pickupAvailable: true,
      standardMinDays: 3,
      standardMaxDays: 5,
      expressMinDays: 1,
      expressMaxDays: 2,
      ...DEFAULT_PICKUP_SETTINGS,
    });
    expect(audit!.after).toEqual(saved);
  });

  it.each([
    [{ standardPrice: 'abc', expressPrice: '1' }, 'Standard price must be a valid number'],
    [{ standardPrice: '', expressPrice: '1' }, 'Standard price must be a valid number'],
    [{ standardPrice: '1', expressPrice: 'x1' }, 'Express price must be a valid number'],
    [{ standardPrice: '-1', expressPrice: '1' }, 'Standard price must be a positive number'],
    [{ standardPrice: '1', expressPrice: '-0.5' }, 'Express price must be a positive number'],
    [
      { standardPrice: '1', expressPrice: '1', standardMinDays: 0 },
      'Standard delivery (from) must be a whole number of business days from 1 to 60',
    ],
    [
      { standardPrice: '1', expressPrice: '1', expressMaxDays: '2.5' },
      'Express delivery (to) must be a whole number of business days from 1 to 60',
    ],
    [
      { standardPrice: '1', expressPrice: '1', expressMaxDays: 61 },
      'Express delivery (to) must be a whole number of business days from 1 to 60',
    ],
    [
      { standardPrice: '1', expressPrice: '1', standardMinDays: 6, standardMaxDays: 5 },
      'Standard delivery (to) must be at least Standard delivery (from)',
    ],
    [
      { standardPrice: '1', expressPrice: '1', expressMinDays: 3, expressMaxDays: 2 },
      'Express delivery (to) must be at least Express delivery (from)',
    ],
  ])('refuses %j with the message and changes nothing', async (body, message) => {
    const before = await t.db.select().from(shippingSettings);
    const res = await clients.admin.put('/api/shipping', { pickupAvailable: true, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.db.select().from(shippingSettings)).toEqual(before);
  });

  it('allows free shipping (0)', async () => {
    const res = await clients.admin.put('/api/shipping', {
      standardPrice: 0,
      expressPrice: '0.00',
      pickupAvailable: true,
    });
    expect(res.json()).toMatchObject({ standardPrice: '0.00', expressPrice: '0.00' });
  });
});

describe('PATCH /api/taxes/{provinceCode}', () => {
  it('sets GST and PST/HST, works the total out itself, and the public rates follow', async () => {
    const res = await clients.admin.patch('/api/taxes/qc', {
      provinceCode: 'QC',
      gstRate: '5',
      pstRate: '9.975',
      taxRate: '99',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provinceCode: 'QC',
      gstRate: '5',
      pstRate: '9.975',
      taxRate: '14.975',
      active: true,
    });
    const on = await clients.admin.patch('/api/taxes/ON', { gstRate: 5, pstRate: 9 });
    expect(on.json().taxRate).toBe('14');
    const publicRates = (await clients.guest.get('/api/taxes')).json() as {
      provinceCode: string;
      taxRate: string;
    }[];
    expect(publicRates.find((r) => r.provinceCode === 'ON')!.taxRate).toBe('14');
    const [audit] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, 'ON'));
    expect(audit).toMatchObject({ entity: 'tax-rate', action: 'update' });
    expect((audit!.before as { taxRate: string }).taxRate).toBe('13.000');
  });

  it('deactivates a province: it leaves the public list, stays in the admin one', async () => {
    await clients.admin.patch('/api/taxes/YT', { gstRate: 5, pstRate: 0, active: false });
    expect(
      ((await clients.guest.get('/api/taxes')).json() as { provinceCode: string }[]).map(
        (r) => r.provinceCode,
      ),
    ).not.toContain('YT');
    const all = (await clients.admin.get('/api/taxes/all')).json() as {
      provinceCode: string;
      active: boolean;
    }[];
    expect(all.find((r) => r.provinceCode === 'YT')!.active).toBe(false);
    expect(all).toHaveLength(13);
  });

  it.each([
    [{ gstRate: 21, pstRate: 0 }, 'GST rate must be between 0 and 20'],
    [{ gstRate: 5, pstRate: -1 }, 'PST/HST rate must be between 0 and 20'],
    [{ gstRate: 'five', pstRate: 0 }, 'GST rate must be a valid number'],
    [{ gstRate: 5, pstRate: '9.9755' }, 'PST/HST rate can have at most 3 decimal places'],
    [{ gstRate: 5 }, 'PST/HST rate must be a valid number'],
  ])('refuses %j with the message and changes nothing', async (body, message) => {
    const before = await t.db.select().from(canadianTaxRates);
    const res = await clients.admin.patch('/api/taxes/BC', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.db.select().from(canadianTaxRates)).toEqual(before);
  });

  it('refuses an unknown province', async () => {
    const res = await clients.admin.patch('/api/taxes/XX', { gstRate: 5, pstRate: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown province');
  });
});
