// Why a transaction changes products' prices. A trigger writes every price change into
// product_price_changes (the migration 0019_i21-markdowns.sql) and reads the reason from these
// transaction-local settings, like the stock history (src/server/lib/stock-reason.ts).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '~/server/db/client';

/** Must run inside the transaction that changes the price: the settings end with it. */
export async function markPriceChange(
  tx: DbOrTx,
  change: {
    reason: 'markdown' | 'staff' | 'import';
    step?: number | null;
    userId?: number | null;
    /** When the change counts as made (the markdown job's injectable "today"); now when not given. */
    at?: Date;
  },
): Promise<void> {
  await tx.execute(sql`select
    set_config('store.price_reason', ${change.reason}, true),
    set_config('store.price_step', ${change.step == null ? '' : String(change.step)}, true),
    set_config('store.price_user', ${change.userId == null ? '' : String(change.userId)}, true),
    set_config('store.price_at', ${change.at ? change.at.toISOString() : ''}, true)`);
}
