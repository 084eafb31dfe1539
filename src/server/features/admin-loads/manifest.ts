// Reading a supplier's manifest (docs/decisions/0310-loads-and-manifest-intake.md and
// 0461-manifest-intake-a-shop-can-trust.md): the same CSV reader as the product import
// (src/server/lib/csv-input.ts: UTF-8 or Windows-1252, comma, semicolon or tab, parsed a slice at a time
// with a row limit), plus what manifests do that our own template does not: currency signs and
// thousands separators, grade words, UPCs a spreadsheet has mangled.
import { conditionFromText } from '~/shared/condition';
import type { ProductCondition } from '~/shared/constants';
import { MANIFEST_FIELDS, type ManifestField } from '~/shared/loads';
import { toCents } from '~/shared/money';
import { productText } from '~/shared/schemas/admin-products';
import { csvRecords } from '~/server/lib/csv-input';
import { badRequest } from '~/server/lib/http-error';

export type ManifestRecord = { row: number; cells: string[] };

/**
 * The header and the records with their spreadsheet row numbers (the header is row 1), read a slice
 * at a time; more than `maxRows` lines refuse the file before anything is drafted.
 */
export async function readManifest(
  buffer: Buffer,
  maxRows: number,
): Promise<{ columns: string[]; records: ManifestRecord[] }> {
  let header: string[] | null = null;
  const records: ManifestRecord[] = [];
  const unreadable: string[] = [];
  for await (const record of csvRecords(buffer, (row, message) => unreadable.push(`row ${row}: ${message}`), {
    maxRows,
  })) {
    if (record.cells.every((c) => c.trim() === '')) continue;
    if (!header) header = record.cells;
    else records.push({ row: record.row, cells: record.cells });
  }
  if (unreadable.length > 0) throw badRequest(`The manifest could not be read as CSV: ${unreadable[0]}`);
  return { columns: (header ?? []).map((c) => c.trim()), records };
}

const GUESSES: Record<ManifestField, string[]> = {
  // Words before codes: "Item Description" is the title, "Item #" is the supplier's code.
  title: [
    'title',
    'itemtitle',
    'name',
    'productname',
    'itemname',
    'itemdescription',
    'productdescription',
    'shortdescription',
    'description',
    'desc',
    'product',
  ],
  description: ['description', 'desc', 'details', 'longdescription', 'itemdetails', 'notes'],
  upc: ['upc', 'upccode', 'sku', 'upcsku', 'ean', 'gtin', 'asin', 'model'],
  brand: ['brand', 'brandname', 'manufacturer', 'make', 'mfr', 'vendorbrand'],
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
 * Words manifests use for a grade that is not one of ours, known out of the box; a supplier's own words
 * are mapped in the upload and saved with its mapping. Refurbished goods and returns are not like new to
 * a shopper: they become "used - good" until staff grade them otherwise (drafts are reviewed anyway); a
 * shelf pull was never sold (its box may be worn); uninspected goods are promised nothing more than
 * "used - acceptable".
 */
export const CONDITION_SYNONYMS: Record<string, ProductCondition> = {
  shelfpull: 'new-open-box',
  shelfpulls: 'new-open-box',
  overstock: 'new',
  customerreturn: 'used-good',
  customerreturns: 'used-good',
  returns: 'used-good',
  returned: 'used-good',
  testedworking: 'used-good',
  tested: 'used-good',
  uninspected: 'used-acceptable',
  untested: 'used-acceptable',
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

/** A supplier's grade words, keyed as they are compared: squashed (lower case, letters and digits). */
export type GradeMap = Record<string, ProductCondition>;
export const gradeKey = squash;

export function manifestCondition(text: string, grades: GradeMap = {}): ProductCondition | null {
  return grades[squash(text)] ?? conditionFromText(text) ?? CONDITION_SYNONYMS[squash(text)] ?? null;
}

/**
 * Why a UPC cannot be kept, or null. A spreadsheet shows a long number as "6.47808E+11" and saves it so:
 * the digits are gone and a scan of the real barcode never finds the lot. A UPC-A has 12 digits; 9 to
 * 11 digits are a UPC or EAN that lost its leading zeros to a number column.
 */
export function upcProblem(upc: string): string | null {
  if (/^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i.test(upc))
    return `UPC "${upc}" was turned into a rounded number by a spreadsheet: format the column as text and export the manifest again`;
  if (/^\d{9,11}$/.test(upc))
    return `UPC "${upc}" has ${upc.length} digits, not 12: a spreadsheet may have dropped its leading zeros; format the column as text and export the manifest again`;
  return null;
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
  /** The maker's brand; null when the manifest has none. */
  brand: string | null;
  quantity: number;
  retailCents: number;
  condition: ProductCondition;
};

const MAX_QUANTITY = 100_000;

/** One record through the mapping: the line, or why it cannot become a draft. */
export function manifestLine(
  record: ManifestRecord,
  index: Partial<Record<ManifestField, number>>,
  grades: GradeMap = {},
): ManifestLine | string {
  const cell = (f: ManifestField) => {
    const i = index[f];
    return i === undefined ? '' : (record.cells[i] ?? '').trim();
  };
  const title = cell('title');
  if (!title) return 'Title is missing';
  // The product form's own limits and messages (productText), so a draft holds what the form would.
  const name = productText.name.safeParse(title);
  if (!name.success) return `${name.error.issues[0]!.message} ("${title.slice(0, 40)}")`;
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
  const condition = conditionText ? manifestCondition(conditionText, grades) : 'new';
  if (!condition) return `Unknown condition "${conditionText}": map it to one of the store's conditions`;
  const upc = cell('upc');
  const problem = upc ? upcProblem(upc) : null;
  if (problem) return problem;
  const texts = { description: cell('description'), upc, brand: cell('brand') };
  for (const [field, text] of Object.entries(texts)) {
    const checked = productText[field as keyof typeof texts].safeParse(text);
    if (!checked.success) return checked.error.issues[0]!.message;
  }
  return {
    row: record.row,
    title,
    description: texts.description,
    upc: upc || null,
    brand: texts.brand || null,
    quantity,
    retailCents,
    condition,
  };
}
