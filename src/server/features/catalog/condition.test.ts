// A lot's condition and final sale (docs/decisions/0301-condition-and-final-sale.md): shoppers see and
// filter by the condition, the administrator sets it, and a cart with final-sale lots is refused at
// checkout until the shopper confirms they cannot be returned; the order records the confirmation.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '~/server/db/schema';
import {
  createCategory,
  createProduct,
  createUser,
  seedStoreSettings,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { postCheckout, validBody } from '~/server/features/checkout/test-support';

let t: TestApp;
let admin: TestClient;
let categorySlug: string;
let ids: { boxed: number; worn: number; parts: number; fresh: number };
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  await seedStoreSettings(t.db);
  admin = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
  const category = await createCategory(t.db, { name: 'Graded lots' });
  categorySlug = category.slug;
  const make = (values: Parameters<typeof createProduct>[1]) =>
    createProduct(t.db, { categoryId: category.id, applyDailyDiscount: false, ...values }).then((p) => p.id);
  ids = {
    fresh: await make({ name: 'Sealed kettle', price: '20.00' }),
    boxed: await make({ name: 'Open-box kettle', price: '15.00', condition: 'new-open-box' }),
    worn: await make({
      name: 'Returned kettle',
      price: '12.50',
      condition: 'used-good',
      conditionNotes: 'Scuff on the lid',
      finalSale: true,
    }),
    parts: await make({ name: 'Broken kettle', price: '3.00', condition: 'for-parts', finalSale: true }),
  };
});
afterAll(() => t.close());

const shopper = () => new TestClient(t.app);
const listed = async (query: string) => {
  const res = await shopper().get(`/api/categories/${categorySlug}/products?${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number }[]).map((p) => p.id).sort((a, b) => a - b);
};

describe('condition in the catalogue', () => {
  it("shows each lot's condition, notes and final sale to shoppers", async () => {
    const res = await shopper().get(`/api/products/${ids.worn}`);
    expect(res.json()).toMatchObject({
      condition: 'used-good',
      conditionNotes: 'Scuff on the lid',
      finalSale: true,
    });
    expect((await shopper().get(`/api/products/${ids.fresh}`)).json()).toMatchObject({
      condition: 'new',
      conditionNotes: '',
      finalSale: false,
    });
  });

  it('filters a listing by one condition or several, and counts only those', async () => {
    expect(await listed('condition=new')).toEqual([ids.fresh]);
    expect(await listed('condition=used-good,for-parts')).toEqual(
      [ids.parts, ids.worn].sort((a, b) => a - b),
    );
    const res = await shopper().get(`/api/categories/${categorySlug}/products?condition=new-open-box`);
    expect(res.headers['x-total-count']).toBe('1');
    // Left out or blank: every condition.
    expect(await listed('condition=')).toHaveLength(4);
  });

  it('refuses a condition it does not know, with the list of those it does', async () => {
    const res = await shopper().get('/api/products?condition=mint');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      'Condition must be one or more of: new, new-open-box, used-like-new, used-good, used-acceptable, for-parts.',
    );
  });
});

describe('condition in the administration', () => {
  it('creates and edits a product with its condition, notes and final sale', async () => {
    const created = await admin.post('/api/products', {
      name: 'Graded blender',
      price: '40.00',
      stock: 1,
      condition: 'used-acceptable',
      conditionNotes: '  Cracked jug lid  ',
      finalSale: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      condition: 'used-acceptable',
      conditionNotes: 'Cracked jug lid',
      finalSale: true,
    });
    const { id, version } = created.json();
    const edited = await admin.put(`/api/products/${id}`, {
      name: 'Graded blender',
      price: '40.00',
      condition: 'used-good',
      finalSale: false,
      version,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ condition: 'used-good', conditionNotes: '', finalSale: false });
  });

  it('refuses an unknown condition and changes nothing', async () => {
    const res = await admin.post('/api/products', { name: 'Mystery box', price: '5.00', condition: 'mint' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Condition must be one of');
    const list = await admin.get('/api/products?search=Mystery');
    expect(list.headers['x-total-count']).toBe('0');
  });
});

describe('final sale at checkout', () => {
  it('refuses a cart with final-sale lots until the shopper confirms, then records the confirmation', async () => {
    const lines = [
      { productId: ids.fresh, quantity: 1 },
      { productId: ids.worn, quantity: 1 },
    ];
    const body = await validBody(shopper(), lines, { state: 'ON' });
    // $20.00 + $12.50 = $32.50; standard shipping $5.99; 13% HST of $38.49 is $5.0037, $5.00.
    expect(body.orderData).toMatchObject({ subtotal: '32.50', taxAmount: '5.00', total: '43.49' });

    const refused = await postCheckout(shopper(), body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'final_sale_unacknowledged',
      productIds: [ids.worn],
      message:
        'Some items in your order are final sale. Please confirm that you understand they cannot be returned or exchanged.',
    });
    const notConfirmed = await postCheckout(shopper(), {
      ...body,
      orderData: { ...body.orderData, finalSaleAcknowledged: false },
    });
    expect(notConfirmed.json().code).toBe('final_sale_unacknowledged');
    const notABoolean = await postCheckout(shopper(), {
      ...body,
      orderData: { ...body.orderData, finalSaleAcknowledged: 'yes' },
    });
    expect(notABoolean.statusCode).toBe(400);

    const placed = await postCheckout(shopper(), {
      ...body,
      orderData: { ...body.orderData, finalSaleAcknowledged: true },
    });
    expect(placed.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, placed.json().orderId));
    expect(order!.finalSaleAcknowledgedAt).toBeInstanceOf(Date);
    expect(order!.total).toBe('43.49');
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(
      items.map((i) => ({ productId: i.productId, condition: i.condition, finalSale: i.finalSale })),
    ).toEqual(
      expect.arrayContaining([
        { productId: ids.fresh, condition: 'new', finalSale: false },
        { productId: ids.worn, condition: 'used-good', finalSale: true },
      ]),
    );
  });

  it('asks nothing of a cart without final-sale lots, and records no confirmation', async () => {
    const body = await validBody(shopper(), [{ productId: ids.boxed, quantity: 1 }], { state: 'ON' });
    const placed = await postCheckout(shopper(), body);
    expect(placed.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, placed.json().orderId));
    expect(order!.finalSaleAcknowledgedAt).toBeNull();
  });
});
