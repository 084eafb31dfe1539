// The checkout as a distance contract (docs/decisions/0566-checkout-is-a-distance-contract.md): who the
// merchant is, the return policy of each line, and the version of the wording the shopper accepts. The
// checkout's contract block and the confirmation e-mail (the contract's copy) both read it from here.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { PRODUCT_CONDITIONS, type ProductCondition } from './constants';

/** The wording's version, kept on each order with its acceptance; a new wording is a new date. */
export const CONTRACT_VERSION = '2026-11-28';

/** GET /api/contract-terms: the merchant and the return windows the checkout's contract block shows. */
export const ContractTermsSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  returnWindowDays: z.record(z.enum(PRODUCT_CONDITIONS), z.number()),
  version: z.string(),
});
export type ContractTerms = z.infer<typeof ContractTermsSchema>;

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
