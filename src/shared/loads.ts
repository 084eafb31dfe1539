// Loads and their lots (docs/decisions/0310-loads-and-manifest-intake.md): the intake's fields, the
// suggested selling price and the spread of a load's cost, all in integer cents.
import type { Cents } from './money';

/** What a manifest column can be mapped to. */
export const MANIFEST_FIELDS = [
  'title',
  'description',
  'upc',
  'brand',
  'quantity',
  'unitRetail',
  'condition',
] as const;
export type ManifestField = (typeof MANIFEST_FIELDS)[number];
export const MANIFEST_FIELD_LABELS: Record<ManifestField, string> = {
  title: 'Title',
  description: 'Description',
  upc: 'UPC/SKU',
  brand: 'Brand',
  quantity: 'Quantity',
  unitRetail: 'Unit retail',
  condition: 'Condition',
};
/** A manifest cannot be read without these. */
export const REQUIRED_MANIFEST_FIELDS: readonly ManifestField[] = ['title', 'unitRetail'];

export const DEFAULT_SUGGESTED_PRICE_PERCENT = 40;

/**
 * The suggested selling price: the highest price ending in .99 that is not above `percent` of the
 * retail price (40% of 49.99 = 19.996 -> 19.99; 40% of 52.50 = 21.00 -> 20.99), and never under 0.99.
 * Whole-number arithmetic: n dollars + 99 cents <= retail * percent / 100.
 */
export function suggestedPriceCents(retailCents: Cents, percent: number): Cents {
  const dollars = Math.floor((retailCents * percent - 9900) / 10000);
  return Math.max(0, dollars) * 100 + 99;
}

/**
 * Splits `totalCents` over parts in proportion to their weights, in whole cents that add up exactly
 * to the total (largest remainder: each part gets its floor, then the parts with the largest
 * fractions get one more cent each, the earlier part first on a tie). Equal shares when every weight is 0.
 */
export function spreadCents(totalCents: Cents, weights: readonly number[]): Cents[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const w = sum > 0 ? weights : weights.map(() => 1);
  const total = sum > 0 ? sum : weights.length;
  // BigInt: total cost cents x retail cents can pass 2^53 for a big load.
  const parts = w.map((weight, index) => {
    const exact = BigInt(totalCents) * BigInt(weight);
    return { index, floor: exact / BigInt(total), rest: exact % BigInt(total) };
  });
  let left = BigInt(totalCents) - parts.reduce((a, p) => a + p.floor, 0n);
  const order = [...parts].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const p of order) {
    if (left <= 0n) break;
    p.floor += 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(p.floor));
}

/**
 * Each lot's cost per unit so that units x cost per unit add up to the total exactly (largest remainder):
 * every unit first gets its exact share rounded down (its weight is per unit), then the cents left are
 * handed out a cent per unit to the lots whose unit lost the most to rounding, as long as the lot's units
 * fit in what is left; then to any lot that fits. Only when no lot has few enough units (a 1-cent rest
 * over lots of 2+ units) can a few cents stay unspread: `unspread` says how many.
 */
export function spreadPerUnit(
  totalCents: Cents,
  lots: readonly { unitWeight: number; units: number }[],
): { perUnit: Cents[]; unspread: Cents } {
  if (lots.length === 0) return { perUnit: [], unspread: totalCents };
  const sum = lots.reduce((a, l) => a + BigInt(l.unitWeight) * BigInt(l.units), 0n);
  const even = sum === 0n;
  const weightOf = (l: { unitWeight: number }) => (even ? 1n : BigInt(l.unitWeight));
  const total = even ? lots.reduce((a, l) => a + BigInt(l.units), 0n) : sum;
  const parts = lots.map((l, index) => {
    const exact = BigInt(totalCents) * weightOf(l);
    return { index, units: BigInt(l.units), cents: exact / total, rest: exact % total };
  });
  let left = BigInt(totalCents) - parts.reduce((a, p) => a + p.cents * p.units, 0n);
  const order = [...parts].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const p of order) {
    if (left <= 0n) break;
    if (p.units <= left && p.rest > 0n) {
      p.cents += 1n;
      left -= p.units;
    }
  }
  const bySize = [...parts].sort((a, b) =>
    a.units === b.units ? a.index - b.index : a.units < b.units ? -1 : 1,
  );
  while (left > 0n) {
    const fits = bySize.find((p) => p.units <= left);
    if (!fits) break;
    fits.cents += 1n;
    left -= fits.units;
  }
  return { perUnit: parts.map((p) => Number(p.cents)), unspread: Number(left) };
}

/** A supplier's name as its saved mapping is keyed: lower case, single spaces. */
export function supplierKey(supplier: string): string {
  return supplier.trim().toLowerCase().replace(/\s+/g, ' ');
}
