// Orders written straight into the database for tests that need orders but do not test the checkout flow.
import { randomBytes } from 'node:crypto';
import type { Db } from '~/server/db/client';
import { orderItems, orders } from '~/server/db/schema';

type OrderValues = Partial<typeof orders.$inferInsert>;
type ItemValues = Partial<typeof orderItems.$inferInsert> & { productId: number | null };

export async function insertOrder(db: Db, values: OrderValues = {}, items: ItemValues[] = []) {
  const [order] = await db
    .insert(orders)
    .values({
      orderReference: randomBytes(12).toString('base64url'),
      customerEmail: 'buyer@example.com',
      customerName: 'Pat Buyer',
      shippingAddress: {
        addressLine1: '12 King St W',
        city: 'Toronto',
        state: 'ON',
        zipCode: 'M5H 1A1',
        country: 'Canada',
      },
      subtotal: '20.00',
      shippingCost: '5.99',
      taxRate: '13',
      taxAmount: '3.38',
      total: '29.37',
      status: 'processing',
      paymentStatus: 'completed',
      ...values,
    })
    .returning();
  for (const item of items) {
    await db.insert(orderItems).values({ orderId: order!.id, quantity: 1, price: '10.00', ...item });
  }
  return order!;
}
