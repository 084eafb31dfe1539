// Whether the store still runs on the demo catalogue (store_meta 'demoData', set by the seed). The
// admin dashboard shows its 'Demo Mode' notice only while it is true; the first change an
// administrator makes to the catalogue, or dismissing the notice, ends it for good
// (docs/decisions/0052-demo-mode-notice.md).
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '~/server/db/client';
import { storeMeta } from '~/server/db/schema';

export async function isDemoMode(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ value: storeMeta.value })
    .from(storeMeta)
    .where(eq(storeMeta.key, 'demoData'));
  return row?.value === true;
}

/** Ends demo mode; true when it was on. */
export async function endDemoMode(db: DbOrTx): Promise<boolean> {
  const changed = await db
    .update(storeMeta)
    .set({ value: false })
    .where(and(eq(storeMeta.key, 'demoData'), sql`${storeMeta.value} = 'true'::jsonb`))
    .returning({ key: storeMeta.key });
  return changed.length > 0;
}
