import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let standard: TestApp;
let westCoast: TestApp;
beforeAll(async () => {
  [standard, westCoast] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { STORE_PROVINCE: 'BC', STORE_NAME: 'Coast Liquidation' } }),
  ]);
});
afterAll(() => Promise.all([standard.close(), westCoast.close()]));

describe('GET /api/site-config', () => {
  it("tells the browser the store's name, address and pickup province from the configuration", async () => {
    const res = await westCoast.app.inject('/api/site-config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ storeName: 'Coast Liquidation', storeProvince: 'BC' });
  });

  it('answers Ontario when STORE_PROVINCE is not set', async () => {
    expect((await standard.app.inject('/api/site-config')).json()).toMatchObject({ storeProvince: 'ON' });
  });
});
