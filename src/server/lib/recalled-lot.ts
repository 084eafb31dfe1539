// Recall screening (docs/decisions/0571-recall-screening.md): the database refuses to put a quarantined lot
// on sale (products_recalled_not_on_sale); this is how that refusal reads, wherever it comes from.
/** What a write that would put a quarantined lot on sale is told (products_recalled_not_on_sale). */
export const RECALLED_LOT_NOT_ON_SALE =
  'This lot is in quarantine because a product recall names it: it cannot be put on sale.';

/** Whether a database error (PGlite or node-postgres, possibly wrapped by drizzle) is that refusal. */
export function putsRecalledLotOnSale(error: unknown): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  )
    if (e.code === '23514' && e.constraint === 'products_recalled_not_on_sale') return true;
  return false;
}
