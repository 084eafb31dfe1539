// One CSV row checked by the product schema's own field rules (ProductInputSchema in
// src/shared/schemas/admin-products.ts), the same rules and messages as the product form. What the
// import adds: a lot number and a name are required (the lot number says which product a row
// updates), a message quotes the cell it refuses, categories may be named instead of numbered,
// yes/no/1/0 are booleans, a compare-at price of 0 means none, and a cell left empty keeps the
// product's value (docs/decisions/0053-csv-import.md).
import type { z } from 'zod';
import { conditionFromText } from '~/shared/condition';
import { toCents } from '~/shared/money';
import { type IMPORT_COLUMNS, type ProductData, ProductInputSchema } from '~/shared/schemas/admin-products';
import type { DbOrTx } from '~/server/db/client';
import { categories } from '~/server/db/schema';

const fields = ProductInputSchema.in.shape;

export type Column = (typeof IMPORT_COLUMNS)[number] | 'applyDailyDiscount';

const HEADER_ALIASES: Record<string, Column> = {
  lotnumber: 'lotNumber',
  lot: 'lotNumber',
  lotno: 'lotNumber',
  name: 'name',
  description: 'description',
  price: 'price',
  compareatprice: 'compareAtPrice',
  stock: 'stock',
  categoryid: 'categoryId',
  category: 'categoryId',
  featured: 'featured',
  new: 'new',
  active: 'active',
  applydailydiscount: 'applyDailyDiscount',
  condition: 'condition',
  conditionnotes: 'conditionNotes',
  finalsale: 'finalSale',
  namefr: 'nameFr',
  frenchname: 'nameFr',
  descriptionfr: 'descriptionFr',
  frenchdescription: 'descriptionFr',
  conditionnotesfr: 'conditionNotesFr',
  frenchconditionnotes: 'conditionNotesFr',
};

/** Where each known column is in the header row (the first of repeated columns counts). */
export function headerColumns(header: string[]): Map<Column, number> {
  const columns = new Map<Column, number>();
  header.forEach((name, index) => {
    const column = HEADER_ALIASES[name.toLowerCase().replace(/[^a-z0-9]/g, '')];
    if (column && !columns.has(column)) columns.set(column, index);
  });
  return columns;
}

type Flag = 'featured' | 'new' | 'active' | 'applyDailyDiscount' | 'finalSale';

/** A row that passed validation: undefined means "not given" (keep the product's value, or the default). */
export type ImportRow = { row: number; lotNumber: string } & Pick<ProductData, 'name' | 'price'> &
  Partial<
    Pick<
      ProductData,
      | 'description'
      | 'nameFr'
      | 'descriptionFr'
      | 'compareAtPrice'
      | 'stock'
      | 'categoryId'
      | 'condition'
      | 'conditionNotes'
      | 'conditionNotesFr'
      | Flag
    >
  >;

export type CategoryLookup = Map<string, number>;

/** Categories by id, by name (any case) and by slug. */
export async function loadCategories(db: DbOrTx): Promise<CategoryLookup> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories);
  const lookup: CategoryLookup = new Map();
  for (const c of rows) {
    lookup.set(String(c.id), c.id);
    lookup.set(`name:${c.name.trim().toLowerCase()}`, c.id);
    lookup.set(`name:${c.slug}`, c.id);
  }
  return lookup;
}

function parseBoolean(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(v)) return true;
  if (['false', 'no', 'n', '0'].includes(v)) return false;
  return null;
}

class RowError extends Error {}

/** A cell through the schema's field: its value, or a RowError with the field's message (quoting the cell). */
function field<S extends z.ZodType>(schema: S, cell: unknown, quote: boolean): z.output<S> {
  const parsed = schema.safeParse(cell);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'is not valid';
  throw new RowError(quote && typeof cell === 'string' ? `${message} ("${cell}")` : message);
}

/** Checks one record; the reason when it cannot be imported. */
export function validateRecord(
  record: string[],
  columns: Map<Column, number>,
  lookup: CategoryLookup,
  row: number,
): ImportRow | string {
  const cell = (c: Column): string | undefined => {
    const index = columns.get(c);
    if (index === undefined) return undefined;
    const value = record[index];
    if (value === undefined || value.trim() === '') return undefined;
    // The export writes a cell a spreadsheet would run as a formula with a leading apostrophe
    // (src/server/lib/csv.ts); it is not part of the value (docs/decisions/0245-product-export.md).
    return value.trim().replace(/^'(?=[=+\-@])/, '');
  };
  try {
    const lotNumber = cell('lotNumber');
    if (!lotNumber) return 'Lot number is required';
    field(fields.lotNumber, lotNumber, false);
    const name = cell('name');
    if (!name) return 'Name is required';
    const out: ImportRow = {
      row,
      lotNumber,
      name: field(fields.name, name, false),
      price: field(fields.price, cell('price'), true),
    };
    const description = cell('description');
    if (description !== undefined) out.description = field(fields.description, description, false);
    // French texts: optional; an empty cell keeps the product's French, like every other column.
    const nameFr = cell('nameFr');
    if (nameFr !== undefined) out.nameFr = field(fields.nameFr, nameFr, false);
    const descriptionFr = cell('descriptionFr');
    if (descriptionFr !== undefined) out.descriptionFr = field(fields.descriptionFr, descriptionFr, false);
    const compareAt = cell('compareAtPrice');
    if (compareAt !== undefined) {
      const value = field(fields.compareAtPrice, compareAt, true);
      out.compareAtPrice = value !== null && (toCents(value) ?? 0) > 0 ? value : null;
    }
    const stock = cell('stock');
    if (stock !== undefined) out.stock = field(fields.stock, stock, true);
    const category = cell('categoryId');
    if (category !== undefined) {
      const id = /^\d+$/.test(category)
        ? lookup.get(String(Number(category)))
        : (lookup.get(`name:${category.toLowerCase()}`) ?? undefined);
      if (id === undefined) {
        if (category.toLowerCase() !== 'none') return `Unknown category "${category}"`;
        out.categoryId = null;
      } else {
        out.categoryId = id;
      }
    }
    const condition = cell('condition');
    if (condition !== undefined) {
      const code = conditionFromText(condition);
      if (!code) return `Unknown condition "${condition}"`;
      out.condition = code;
    }
    const notes = cell('conditionNotes');
    if (notes !== undefined) out.conditionNotes = field(fields.conditionNotes, notes, false);
    const notesFr = cell('conditionNotesFr');
    if (notesFr !== undefined) out.conditionNotesFr = field(fields.conditionNotesFr, notesFr, false);
    for (const flag of ['featured', 'new', 'active', 'applyDailyDiscount', 'finalSale'] as const) {
      const text = cell(flag);
      if (text === undefined) continue;
      const value = parseBoolean(text);
      if (value === null) return `${flag} must be true or false ("${text}")`;
      out[flag] = field(fields[flag], value, false);
    }
    return out;
  } catch (error) {
    if (error instanceof RowError) return error.message;
    throw error;
  }
}
