// A lot's condition in words: what shoppers read, what a CSV cell may say, and what search engines are
// told (docs/decisions/0301-condition-and-final-sale.md).
import { PRODUCT_CONDITIONS, type ProductCondition } from './constants';

export const PRODUCT_CONDITION_LABELS: Record<ProductCondition, string> = {
  new: 'New',
  'new-open-box': 'New - open box',
  'used-like-new': 'Used - like new',
  'used-good': 'Used - good',
  'used-acceptable': 'Used - acceptable',
  'for-parts': 'For parts or repair',
};

/** What a final-sale lot says wherever it is offered. */
export const FINAL_SALE_LABEL = 'Final sale';
export const FINAL_SALE_NOTE = 'Final sale: this item cannot be returned or exchanged.';

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
