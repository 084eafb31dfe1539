/** Stock below this (and above 0) is 'Low Stock' on the pages and LimitedAvailability for search engines. */
export const LOW_STOCK_BELOW = 10;

/**
 * Stock labels: 0 or less Out of Stock; below 10 Low Stock; 10 or more In Stock. Colours keep at least
 * 4.5:1 contrast on white (amber-600 was 3.2:1).
 */
export function stockLabel(stock: number | null | undefined): {
  text: string;
  level: 'out' | 'low' | 'in';
  className: string;
} {
  const n = Number(stock ?? 0);
  if (!(n > 0)) return { text: 'Out of Stock', level: 'out', className: 'text-red-600' };
  if (n < LOW_STOCK_BELOW) return { text: 'Low Stock', level: 'low', className: 'text-amber-700' };
  return { text: 'In Stock', level: 'in', className: 'text-emerald-700' };
}
