// The orders CSV for the accountant: every order matching the list's filters, newest first, read in
// batches and streamed, so tens of thousands of orders never sit in memory at once. Every cell goes
// through csvSafeCell (formula injection: = + - @ tab CR), headers included.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { and, desc, lt, type SQL } from 'drizzle-orm';
import { itemDisplayName, parseShippingAddress, shippingMethodLabel } from '~/shared/orders';
import type { AdminOrder } from '~/shared/schemas/admin-orders';
import type { DbOrTx } from '~/server/db/client';
import { orders } from '~/server/db/schema';
import { type CsvColumn, csvSafeCell } from '~/server/lib/csv';
import { adminOrdersByIds, type OrderFilters, orderFilters } from './repository';

export const EXPORT_BATCH = 500;

export const ORDER_CSV_COLUMNS: CsvColumn<AdminOrder>[] = [
  { header: 'Order Number', value: (o) => o.id },
  { header: 'Reference', value: (o) => o.orderReference },
  { header: 'Date', value: (o) => o.createdAt },
  { header: 'Customer Name', value: (o) => o.customerName },
  { header: 'Customer Email', value: (o) => o.customerEmail },
  { header: 'Customer Phone', value: (o) => o.customerPhone },
  { header: 'Shipping Address', value: (o) => parseShippingAddress(o.shippingAddress).lines.join(', ') },
  { header: 'Shipping Method', value: (o) => shippingMethodLabel(o.shippingMethod) },
  {
    header: 'Items',
    value: (o) =>
      o.items
        .map((i) => `${i.quantity} x ${itemDisplayName(i)}${i.sku ? ` [${i.sku}]` : ''} @ ${i.price}`)
        .join('; '),
  },
  { header: 'Subtotal', value: (o) => o.subtotal },
  { header: 'Discount Percentage', value: (o) => o.discountPercentage },
  { header: 'Discount Amount', value: (o) => o.discountAmount },
  { header: 'Shipping Cost', value: (o) => o.shippingCost },
  { header: 'Tax Rate', value: (o) => o.taxRate },
  { header: 'Tax Amount', value: (o) => o.taxAmount },
  { header: 'Total', value: (o) => o.total },
  { header: 'Status', value: (o) => o.status },
  { header: 'Payment Status', value: (o) => o.paymentStatus },
  { header: 'Payment Method', value: (o) => o.paymentMethod },
  { header: 'Payment Reference', value: (o) => o.paymentReference },
  { header: 'Tracking Number', value: (o) => o.trackingNumber },
  { header: 'Estimated Delivery', value: (o) => o.estimatedDeliveryDate },
  { header: 'Linked User', value: (o) => (o.user ? `${o.user.username} <${o.user.email}>` : '') },
  { header: 'Notes', value: (o) => o.notes },
];

function csvLines(records: unknown[][]): string {
  return stringify(
    records.map((r) => r.map(csvSafeCell)),
    { record_delimiter: 'windows' },
  );
}

/**
 * The CSV as a stream: a UTF-8 byte-order mark and the header row, then the orders batch by batch.
 * The date filters are days of `timeZone` (the store's).
 */
export function ordersCsvStream(
  db: DbOrTx,
  filters: OrderFilters,
  { timeZone = 'UTC', batchSize = EXPORT_BATCH }: { timeZone?: string; batchSize?: number } = {},
): Readable {
  async function* generate() {
    yield `\ufeff${csvLines([ORDER_CSV_COLUMNS.map((c) => c.header)])}`;
    const where = await orderFilters(db, filters, timeZone);
    // Keyset paging by id (newest first): each batch is one indexed range scan, however deep.
    let before: number | null = null;
    for (;;) {
      const conditions: (SQL | undefined)[] = [where, before === null ? undefined : lt(orders.id, before)];
      const ids = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(...conditions))
        .orderBy(desc(orders.id))
        .limit(batchSize);
      if (ids.length === 0) return;
      const batch = await adminOrdersByIds(
        db,
        ids.map((r) => r.id),
      );
      yield csvLines(batch.map((o) => ORDER_CSV_COLUMNS.map((c) => c.value(o))));
      if (ids.length < batchSize) return;
      before = ids[ids.length - 1]!.id;
    }
  }
  return Readable.from(generate());
}
