// Why a transaction changes products' stock. A trigger writes every change of stock into
// stock_movements (migration 0011_stock-history.sql) and reads the reason from these transaction-local
// settings, so every path that moves stock says why once, and no path can move stock unrecorded
// (docs/decisions/0210-product-edits-and-stock-history.md).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '~/server/db/client';

export const STOCK_REASONS = [
  'opening',
  'created',
  'adjustment',
  'sale',
  'refund',
  'payment-failed',
  'payment-reset',
  'cancelled',
  'import',
  // Sold at the outlet's till (docs/decisions/0600-till.md).
  'till',
  'other',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Must run inside the transaction that changes the stock: the settings end with it. */
export async function markStockChange(
  tx: DbOrTx,
  change: { reason: StockReason; note?: string | null; orderId?: number | null; userId?: number | null },
): Promise<void> {
  await tx.execute(sql`select
    set_config('store.stock_reason', ${change.reason}, true),
    set_config('store.stock_note', ${change.note ?? ''}, true),
    set_config('store.stock_order', ${change.orderId == null ? '' : String(change.orderId)}, true),
    set_config('store.stock_user', ${change.userId == null ? '' : String(change.userId)}, true)`);
}
