import { PRODUCT_LABELS_EN } from './product-labels.messages';

/** Stock below this (and above 0) is 'Low Stock' on the pages and LimitedAvailability for search engines. */
export const LOW_STOCK_BELOW = 10;

/** `text` is the English; `key` the message in the `product-labels` catalogue, for the page's language. */
export type StockLabel = {
  text: string;
  key: 'outOfStock' | 'lowStock' | 'inStock';
  level: 'out' | 'low' | 'in';
  className: string;
};

/**
 * Stock labels: 0 or less Out of Stock; below 10 Low Stock; 10 or more In Stock. Colours keep at least
 * 4.5:1 contrast on white (amber-600 was 3.2:1).
 */
export function stockLabel(stock: number | null | undefined): StockLabel {
  const n = Number(stock ?? 0);
  if (!(n > 0))
    return { text: PRODUCT_LABELS_EN.outOfStock, key: 'outOfStock', level: 'out', className: 'text-red-600' };
  if (n < LOW_STOCK_BELOW)
    return { text: PRODUCT_LABELS_EN.lowStock, key: 'lowStock', level: 'low', className: 'text-amber-700' };
  return { text: PRODUCT_LABELS_EN.inStock, key: 'inStock', level: 'in', className: 'text-emerald-700' };
}
