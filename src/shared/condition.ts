// A lot's condition in words: what shoppers read, what a CSV cell may say, and what search engines are
// told (docs/decisions/0301-condition-and-final-sale.md).
import { PRODUCT_CONDITIONS, type ProductCondition } from './constants';
import { PRODUCT_LABELS_EN } from './product-labels.messages';

/** Each condition's message in the `product-labels` catalogue (both languages). */
export const CONDITION_LABEL_KEYS = {
  new: 'conditionNew',
  'new-open-box': 'conditionNewOpenBox',
  'used-like-new': 'conditionUsedLikeNew',
  'used-good': 'conditionUsedGood',
  'used-acceptable': 'conditionUsedAcceptable',
  'for-parts': 'conditionForParts',
} as const satisfies Record<ProductCondition, keyof typeof PRODUCT_LABELS_EN>;

/** The conditions in English: the admin area, CSV cells and the intake labels. */
export const PRODUCT_CONDITION_LABELS: Record<ProductCondition, string> = Object.fromEntries(
  PRODUCT_CONDITIONS.map((code) => [code, PRODUCT_LABELS_EN[CONDITION_LABEL_KEYS[code]]]),
) as Record<ProductCondition, string>;

/** What a final-sale lot says where it is offered (both languages: `finalSaleNote` in `product-labels`). */
export const FINAL_SALE_NOTE = PRODUCT_LABELS_EN.finalSaleNote;

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const BY_WORDS = new Map<string, ProductCondition>(
  PRODUCT_CONDITIONS.flatMap((code) => [
    [squash(code), code],
    [squash(PRODUCT_CONDITION_LABELS[code]), code],
  ]),
);

/** A condition written as its code or its words, in any case and spacing ("Used - good", "used_good"); null if none. */
export function conditionFromText(text: string): ProductCondition | null {
  return BY_WORDS.get(squash(text)) ?? null;
}

/**
 * schema.org's itemCondition. An opened box is no longer "new" to Google's merchant rules, so it is
 * Used, as every used grade; a unit sold for parts is Damaged.
 */
export function schemaOrgCondition(condition: ProductCondition): string {
  if (condition === 'new') return 'https://schema.org/NewCondition';
  if (condition === 'for-parts') return 'https://schema.org/DamagedCondition';
  return 'https://schema.org/UsedCondition';
}

/** The checkout's confirmation of final-sale items, and the refusal when it was not given. */
export const FINAL_SALE_ACKNOWLEDGEMENT =
  'I understand that final-sale items cannot be returned or exchanged.';
export const FINAL_SALE_UNACKNOWLEDGED =
  'Some items in your order are final sale. Please confirm that you understand they cannot be returned or exchanged.';
