import { DEFAULT_PICKUP_SETTINGS } from '~/shared/pickup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canadianTaxRates, shippingSettings } from '~/server/db/schema';
import { seedStoreSettings } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('public store settings', () => {
  it('answers the default shipping prices when none are stored', async () => {
    const res = await t.app.inject('/api/shipping');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      standardPrice: '5.99',
      expressPrice: '14.99',
      pickupAvailable: true,
      standardMinDays: 3,
      standardMaxDays: 5,
      expressMinDays: 1,
      expressMaxDays: 2,
      ...DEFAULT_PICKUP_SETTINGS,
    });
    expect(await t.app.inject('/api/taxes').then((r) => r.json())).toEqual([]);
  });

  it('answers the stored shipping settings and the active tax rates', async () => {
    await seedStoreSettings(t.db);
    await t.db.update(shippingSettings).set({ standardPrice: '7.25', pickupAvailable: false });
    await t.db.update(canadianTaxRates).set({ active: false }).where(eq(canadianTaxRates.provinceCode, 'YT'));
    expect((await t.app.inject('/api/shipping')).json()).toEqual({
      standardPrice: '7.25',
      expressPrice: '14.99',
      pickupAvailable: false,
      standardMinDays: 3,
      standardMaxDays: 5,
      expressMinDays: 1,
      expressMaxDays: 2,
      ...DEFAULT_PICKUP_SETTINGS,
    });
    const rates = (await t.app.inject('/api/taxes')).json() as { provinceCode: string }[];
    expect(rates).toHaveLength(12);
    expect(rates.map((r) => r.provinceCode)).not.toContain('YT');
    expect(rates.find((r) => r.provinceCode === 'QC')).toEqual({
      provinceCode: 'QC',
      provinceName: 'Quebec',
      taxRate: '14.975',
      gstRate: '5',
      pstRate: '9.975',
      active: true,
    });
    expect(rates.find((r) => r.provinceCode === 'ON')).toMatchObject({
      taxRate: '13',
      gstRate: '5',
      pstRate: '8',
    });
  });
});
