// Reading a supplier's manifest (docs/decisions/0310-loads-and-manifest-intake.md): the same CSV
// reader settings as the product import (src/server/features/admin-products/import-parse.ts: BOM,
// loose quotes, short rows, blank lines counted as rows), plus what manifests do that our own
// template does not: semicolons, currency signs and thousands separators, condition words.
import { parse } from 'csv-parse/sync';
import { conditionFromText } from '~/shared/condition';
import type { ProductCondition } from '~/shared/constants';
import { MANIFEST_FIELDS, type ManifestField } from '~/shared/loads';
import { toCents } from '~/shared/money';

export type ManifestRecord = { row: number; cells: string[] };

/** The delimiter of the header line: semicolon when it has more of them than commas. */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => first.split(c).length - 1;
  return count(';') > count(',') ? ';' : count('\t') > count(',') ? '\t' : ',';
}

/** The header and the records with their spreadsheet row numbers (the header is row 1). */
export function readManifest(buffer: Buffer): { columns: string[]; records: ManifestRecord[] } {
  const text = buffer.toString('utf8');
  const rows = parse(text, {
    bom: true,
    delimiter: delimiterOf(text.replace(/^\ufeff/, '')),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: 1_000_000,
  }) as string[][];
  const [header = [], ...rest] = rows;
  const records = rest
    .map((cells, index) => ({ row: index + 2, cells }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  return { columns: header.map((c) => c.trim()), records };
}

const GUESSES: Record<ManifestField, string[]> = {
  title: ['title', 'itemtitle', 'name', 'productname', 'itemname', 'item', 'product', 'itemdescription'],
  description: ['description', 'desc', 'details', 'longdescription'],
  upc: ['upc', 'sku', 'upcsku', 'ean', 'gtin', 'itemnumber', 'asin', 'model'],
  quantity: ['quantity', 'qty', 'units', 'count', 'unitqty'],
  unitRetail: ['unitretail', 'retail', 'retailprice', 'msrp', 'unitprice', 'price', 'extretail'],
  condition: ['condition', 'grade', 'itemcondition', 'status'],
};
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A first mapping from the column names, for a supplier seen for the first time. */
export function guessMapping(columns: string[]): Record<ManifestField, string | null> {
  const used = new Set<string>();
  const out = {} as Record<ManifestField, string | null>;
  for (const field of MANIFEST_FIELDS) {
    const hit = GUESSES[field]
      .map((g) => columns.find((c) => squash(c) === g && !used.has(c)))
      .find((c) => c !== undefined);
    out[field] = hit ?? null;
    if (hit) used.add(hit);
  }
  return out;
}

/**
 * Words manifests use for a grade that is not one of ours. Refurbished goods are not like new to a
 * shopper: they become "used - good" until staff grade them otherwise (drafts are reviewed anyway).
 */
const CONDITION_SYNONYMS: Record<string, ProductCondition> = {
  brandnew: 'new',
  sealed: 'new',
  newinbox: 'new',
  nib: 'new',
  openbox: 'new-open-box',
  newopenbox: 'new-open-box',
  boxdamaged: 'new-open-box',
  damagedbox: 'new-open-box',
  likenew: 'used-like-new',
  usedlikenew: 'used-like-new',
  excellent: 'used-like-new',
  refurbished: 'used-good',
  used: 'used-good',
  good: 'used-good',
  verygood: 'used-good',
  fair: 'used-acceptable',
  acceptable: 'used-acceptable',
  salvage: 'for-parts',
  forparts: 'for-parts',
  parts: 'for-parts',
  damaged: 'for-parts',
  asis: 'for-parts',
  notworking: 'for-parts',
  broken: 'for-parts',
};

export function manifestCondition(text: string): ProductCondition | null {
  return conditionFromText(text) ?? CONDITION_SYNONYMS[squash(text)] ?? null;
}

/** "$1,299.00", "1 299,00 €", "CAD 15" -> cents; null when not an amount. */
export function manifestMoney(text: string): number | null {
  let t = text.replace(/[$€£\s\u00a0]|CAD|USD/gi, '');
  if (/^\d{1,3}(\.\d{3})*,\d{1,2}$/.test(t) || /^\d+,\d{1,2}$/.test(t))
    t = t.replace(/\./g, '').replace(',', '.');
  else t = t.replace(/,(?=\d{3}(\D|$))/g, '');
  return toCents(t);
}

export type ManifestLine = {
  row: number;
  title: string;
  description: string;
  upc: string | null;
  quantity: number;
  retailCents: number;
  condition: ProductCondition;
};

const MAX_QUANTITY = 100_000;

/** One record through the mapping: the line, or why it cannot become a draft. */
export function manifestLine(
  record: ManifestRecord,
  index: Partial<Record<ManifestField, number>>,
): ManifestLine | string {
  const cell = (f: ManifestField) => {
    const i = index[f];
    return i === undefined ? '' : (record.cells[i] ?? '').trim();
  };
  const title = cell('title');
  if (title.length < 2)
    return title ? `Title must be at least 2 characters ("${title}")` : 'Title is missing';
  if (title.length > 200) return 'Title must be at most 200 characters';
  const qtyText = cell('quantity');
  let quantity = 1;
  if (index.quantity !== undefined) {
    if (!qtyText) return 'Quantity is missing';
    if (!/^[+]?\d+$/.test(qtyText.replace(/[,\s]/g, '')))
      return `Quantity must be a whole number of 1 or more ("${qtyText}")`;
    quantity = Number(qtyText.replace(/[,\s+]/g, ''));
    if (quantity < 1 || quantity > MAX_QUANTITY)
      return `Quantity must be a whole number of 1 or more ("${qtyText}")`;
  }
  const retailText = cell('unitRetail');
  if (!retailText) return 'Unit retail is missing';
  const retailCents = manifestMoney(retailText);
  if (retailCents === null) return `Unit retail must be an amount ("${retailText}")`;
  if (retailCents <= 0 || retailCents > 9_999_999_99)
    return `Unit retail must be more than 0 ("${retailText}")`;
  const conditionText = cell('condition');
  const condition = conditionText ? manifestCondition(conditionText) : 'new';
  if (!condition) return `Unknown condition "${conditionText}"`;
  const upc = cell('upc');
  return {
    row: record.row,
    title,
    description: cell('description').slice(0, 10_000),
    upc: upc ? upc.slice(0, 100) : null,
    quantity,
    retailCents,
    condition,
  };
}
