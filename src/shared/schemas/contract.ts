// GET /api/contract-terms: the merchant and the return windows the checkout's contract block shows
// (docs/decisions/0566-checkout-is-a-distance-contract.md).
import { z } from 'zod';
import { PRODUCT_CONDITIONS } from '~/shared/constants';

export const ContractTermsSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  returnWindowDays: z.record(z.enum(PRODUCT_CONDITIONS), z.number()),
  version: z.string(),
});
export type ContractTerms = z.infer<typeof ContractTermsSchema>;
