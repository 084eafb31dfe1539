// The checkout as a distance contract (docs/decisions/0566-checkout-is-a-distance-contract.md): who the
// merchant is, the return policy of each line, and the version of the wording the shopper accepts. The
// checkout's contract block and the confirmation e-mail (the contract's copy) both read it from here.
import type { TFunction } from 'i18next';
// No zod here: the checkout page imports this module, and the schema of GET /api/contract-terms lives
// in ./schemas/contract.ts so the page's first download carries no validation library.
import type { ProductCondition } from './constants';

/** The wording's version, kept on each order with its acceptance; a new wording is a new date. */
export const CONTRACT_VERSION = '2026-11-28';

export type { ContractTerms } from './schemas/contract';

/** Return windows in days by condition: 30 new, 14 open box and used, none for parts (sold as is). */
export const DEFAULT_RETURN_WINDOW_DAYS: Record<ProductCondition, number> = {
  new: 30,
  'new-open-box': 14,
  'used-like-new': 14,
  'used-good': 14,
  'used-acceptable': 14,
  'for-parts': 0,
};

/** The return policy of one line: final sale, no return in its condition, or its window in days. */
export function lineReturnPolicy(
  line: { condition?: ProductCondition | string | null; finalSale?: boolean | null },
  windows: Partial<Record<ProductCondition, number>>,
  /** The `contract` catalogue's translate function (useT on the page, translator in e-mails). */
  t: TFunction,
): string {
  if (line.finalSale) return t('finalSale');
  const days = windows[(line.condition ?? 'new') as ProductCondition] ?? 0;
  return days > 0 ? t('returnWithin', { days }) : t('noReturn');
}
