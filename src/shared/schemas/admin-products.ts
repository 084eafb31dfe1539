// The administrator's product contracts: one schema for the add/edit form (react-hook-form), the
// routes (POST /api/products, PUT /api/products/{id}) and the types. Messages are the specification's
// where it gives them.
import { z } from 'zod';
import { MAX_DB_ID } from './catalog';
import { PRODUCT_CONDITIONS } from '~/shared/constants';
import { centsToString } from '~/shared/money';
import { isIdLike, productSlug, SLUG_ONLY_DIGITS_MESSAGE, slugify } from '~/shared/slug';

/** numeric(10,2): the largest amount the database holds. */
export const MAX_PRICE_CENTS = 9_999_999_999;
export const MAX_STOCK = 2_147_483_647;
export const PRODUCT_NAME_MAX = 200;
export const LOT_NUMBER_MAX = 100;
export const CONDITION_NOTES_MAX = 1000;
export const SLUG_MAX = 200;
export const DESCRIPTION_MAX = 20_000;
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
/**
 * The most pictures a product carries: CSV image matching fills positions _1 to _10. The product
 * form adds pictures only up to MAX_PRODUCT_IMAGES (5) but keeps imported ones (decision 0098).
 */
export const MAX_IMAGES_PER_LOT = 10;

export type MoneyParse =
  | { ok: true; cents: number }
  | { ok: false; reason: 'invalid' | 'negative' | 'decimals' | 'large' };

/**
 * A decimal amount typed by a person: "12.5", "12.50", 12.5, and (from spreadsheets) "$1,299.00".
 * Refuses anything else rather than guessing.
 */
export function parseMoneyInput(value: string | number): MoneyParse {
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : value.trim();
  text = text.replace(/^\$\s*/, '').replace(/^(-?)\$\s*/, '$1');
  if (/^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) text = text.replaceAll(',', '');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return { ok: false, reason: 'invalid' };
  const fraction = match[3] ?? '';
  if (match[1] === '-' && /[1-9]/.test(`${match[2]}${fraction}`)) return { ok: false, reason: 'negative' };
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return { ok: false, reason: 'decimals' };
  const whole = match[2] === '' ? 0 : Number(match[2]);
  const cents = whole * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_PRICE_CENTS) return { ok: false, reason: 'large' };
  return { ok: true, cents };
}

export function moneyMessage(label: string, reason: Exclude<MoneyParse, { ok: true }>['reason']): string {
  switch (reason) {
    case 'invalid':
      return `${label} must be a valid number`;
    case 'negative':
      return `${label} must be 0 or more`;
    case 'decimals':
      return `${label} can have at most 2 decimal places`;
    case 'large':
      return `${label} must be less than 100,000,000`;
  }
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const priceField = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (blank(value)) {
      ctx.addIssue({ code: 'custom', message: 'Price is required' });
      return z.NEVER;
    }
    const parsed = parseMoneyInput(value as string | number);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: moneyMessage('Price', parsed.reason) });
      return z.NEVER;
    }
    return centsToString(parsed.cents);
  });

const compareAtPriceField = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (blank(value)) return null;
    const parsed = parseMoneyInput(value as string | number);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: moneyMessage('Compare-at price', parsed.reason) });
      return z.NEVER;
    }
    return centsToString(parsed.cents);
  });

export function parseStockInput(
  value: unknown,
): { ok: true; stock: number } | { ok: false; message: string } {
  if (blank(value)) return { ok: true, stock: 0 };
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(n) || !Number.isInteger(n))
    return { ok: false, message: 'Stock must be a whole number' };
  if (n < 0) return { ok: false, message: 'Stock must be 0 or more' };
  if (n > MAX_STOCK) return { ok: false, message: 'Stock is too large' };
  return { ok: true, stock: n };
}

/** A stock typed by staff: a whole number of units, blank meaning 0. */
export const stockField = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    const parsed = parseStockInput(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.stock;
  });

/** 'None' (empty, null, 'none') means no category. */
const categoryField = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (blank(value) || value === 'none') return null;
    const n = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_DB_ID) {
      ctx.addIssue({ code: 'custom', message: 'Please choose a category or None' });
      return z.NEVER;
    }
    return n;
  });

/** Uploaded images (/uploads/...) or pasted http(s) links: nothing that could run script. */
export const productImageUrlField = z
  .string()
  .trim()
  .max(2000, 'Image URL is too long')
  .refine(
    (url) =>
      (/^\/uploads\/[A-Za-z0-9/_.-]+$/.test(url) && !url.includes('..')) ||
      /^https?:\/\/[^\s"'<>]+$/i.test(url),
    'Image must be an uploaded image or an http(s) link',
  );

export const UPC_MAX = 100;
export const BRAND_MAX = 100;

/**
 * A lot's text fields as staff type them, wherever they type them: the product form, the CSV import,
 * a manifest's lines, the load table and the intake screen all check them here, so each limit and its
 * message are defined once.
 */
export const productText = {
  name: z
    .string({ error: 'Product name must be at least 2 characters.' })
    .trim()
    .min(2, 'Product name must be at least 2 characters.')
    .max(PRODUCT_NAME_MAX, `Product name must be at most ${PRODUCT_NAME_MAX} characters`),
  description: z.string().max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  upc: z.string().trim().max(UPC_MAX, `UPC must be at most ${UPC_MAX} characters`),
  brand: z.string().trim().max(BRAND_MAX, `Brand must be at most ${BRAND_MAX} characters`),
  conditionNotes: z
    .string()
    .max(CONDITION_NOTES_MAX, `Condition notes must be at most ${CONDITION_NOTES_MAX} characters`),
};

const productFields = z.object({
  name: productText.name,
  /** Optional: a product without a French name shows its English one on French pages. */
  nameFr: z
    .string({ error: 'French name must be text' })
    .trim()
    .max(PRODUCT_NAME_MAX, `French name must be at most ${PRODUCT_NAME_MAX} characters`)
    .refine((v) => v === '' || v.length >= 2, 'French name must be at least 2 characters.')
    .nullish()
    .transform((v) => v ?? ''),
  slug: z
    .string()
    .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
    .nullish()
    .transform((v) => v ?? ''),
  lotNumber: z
    .string()
    .trim()
    .max(LOT_NUMBER_MAX, `Lot number must be at most ${LOT_NUMBER_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  description: productText.description.nullish().transform((v) => v ?? ''),
  descriptionFr: z
    .string({ error: 'French description must be text' })
    .max(DESCRIPTION_MAX, `French description must be at most ${DESCRIPTION_MAX} characters`)
    .nullish()
    .transform((v) => v ?? ''),
  price: priceField,
  compareAtPrice: compareAtPriceField,
  stock: stockField,
  categoryId: categoryField,
  featured: z.boolean().default(false),
  new: z.boolean().default(false),
  active: z.boolean().default(true),
  applyDailyDiscount: z.boolean().default(true),
  condition: z
    .enum(PRODUCT_CONDITIONS, { error: `Condition must be one of: ${PRODUCT_CONDITIONS.join(', ')}` })
    .default('new'),
  conditionNotes: productText.conditionNotes.nullish().transform((v) => (v ?? '').trim()),
  conditionNotesFr: z
    .string({ error: 'French condition notes must be text' })
    .max(CONDITION_NOTES_MAX, `French condition notes must be at most ${CONDITION_NOTES_MAX} characters`)
    .nullish()
    .transform((v) => (v ?? '').trim()),
  finalSale: z.boolean({ error: 'Final sale must be true or false' }).default(false),
  imageUrl: productImageUrlField
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  // The most a product can carry (pictures imported by lot number go up to _10); the form itself
  // adds pictures only up to MAX_PRODUCT_IMAGES (decision 0098).
  images: z.array(productImageUrlField).max(MAX_IMAGES_PER_LOT, 'Too many images').default([]),
});

/**
 * A lot shown in the store cannot cost $0.00: a shopper could take it for nothing, and a draft's price
 * not yet set is not a give-away (docs/decisions/0466-dashboard-counts-and-zero-prices.md).
 */
export const ZERO_PRICE_ON_SALE =
  'A product shown in the store needs a price above $0.00. Set its price, or hide it from the store.';

/** Whether a price string is $0.00 (the form of priceField's output). */
export const isZeroPrice = (price: string) => /^0+(\.0+)?$/.test(price.trim());

/** Completes a product's fields: its slug and its ordered pictures. */
function withSlugAndImages<
  T extends {
    name: string;
    slug: string;
    images: string[];
    imageUrl: string | null;
    active: boolean;
    price: string;
  },
>(input: T, ctx: z.RefinementCtx) {
  if (input.active && isZeroPrice(input.price)) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: ZERO_PRICE_ON_SALE });
    return z.NEVER;
  }
  // The slug is generated from the name when left empty, and normalised either way. A typed slug of
  // digits only is refused rather than changed: the administrator chose it (decision 0097).
  const typed = input.slug.trim();
  const slug = typed ? slugify(typed) : productSlug(input.name);
  if (!slug) {
    ctx.addIssue({ code: 'custom', path: ['slug'], message: 'Slug is required' });
    return z.NEVER;
  }
  if (isIdLike(slug)) {
    ctx.addIssue({ code: 'custom', path: ['slug'], message: SLUG_ONLY_DIGITS_MESSAGE });
    return z.NEVER;
  }
  // The first image is the main one; a lone imageUrl (older clients) is the only image.
  const images = [
    ...new Set(input.images.length > 0 ? input.images : input.imageUrl ? [input.imageUrl] : []),
  ];
  return { ...input, slug, images, imageUrl: images[0] ?? null };
}

/** POST /api/products: a new product, its opening stock included. */
export const ProductInputSchema = productFields.transform(withSlugAndImages);

export const PRODUCT_VERSION_MESSAGE = 'version must be the version of the product the edit started from';

/**
 * PUT /api/products/{id}: the product's own fields, based on `version` (the version the form loaded;
 * a write based on an older one is refused with 409 and the current product). Stock is changed by
 * adjustment, never by this write: `stock` may be left out, and when sent must be the current stock
 * (docs/decisions/0210-product-edits-and-stock-history.md).
 */
export const ProductUpdateSchema = productFields
  .extend({
    stock: z
      .union([z.string(), z.number(), z.null()])
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === null || value === '') return undefined;
        const parsed = parseStockInput(value);
        if (!parsed.ok) {
          ctx.addIssue({ code: 'custom', message: parsed.message });
          return z.NEVER;
        }
        return parsed.stock;
      }),
    version: z
      .number({ error: PRODUCT_VERSION_MESSAGE })
      .int(PRODUCT_VERSION_MESSAGE)
      .positive(PRODUCT_VERSION_MESSAGE)
      .max(MAX_STOCK, PRODUCT_VERSION_MESSAGE)
      .optional(),
  })
  .transform(withSlugAndImages);
export type ProductUpdate = z.output<typeof ProductUpdateSchema>;
export type ProductData = z.output<typeof ProductInputSchema>;

export const ProductStatusSchema = z.object({ active: z.boolean({ error: 'active must be true or false' }) });

/** A product as the administrator sees it: raw stock, inactive products too, every image. */
export const AdminProductSchema = z.object({
  id: z.number().int(),
  lotNumber: z.string().nullable(),
  name: z.string(),
  /** '' when the product has no French name (the English then shows on French pages). */
  nameFr: z.string(),
  slug: z.string(),
  description: z.string(),
  descriptionFr: z.string(),
  price: z.string(),
  compareAtPrice: z.string().nullable(),
  imageUrl: z.string().nullable(),
  stock: z.number().int(),
  /** Bumped by each edit of the product's own fields; a PUT based on another version answers 409. */
  version: z.number().int(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  featured: z.boolean(),
  new: z.boolean(),
  active: z.boolean(),
  applyDailyDiscount: z.boolean(),
  condition: z.enum(PRODUCT_CONDITIONS),
  conditionNotes: z.string(),
  /** '' when the notes have no French (the English then shows on French pages). */
  conditionNotesFr: z.string(),
  finalSale: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Every image in order; the first is the main image. */
  images: z.array(z.string()),
  /** The images after the main one (spec section 3: objects with imageUrl). */
  additionalImages: z.array(z.object({ imageUrl: z.string() })),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PRODUCTS_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  /**
   * 'true': only active products low on stock, more than 0 and at most the store's low-stock threshold
   * (docs/decisions/0251-low-stock.md).
   */
  lowStock: z
    .enum(['true', 'false'], { error: "lowStock must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true'),
  /**
   * 'true': only lots whose struck compare-at price has no recorded evidence (no manifest source): the
   * claims to check (docs/decisions/0567-price-claims-with-evidence.md).
   */
  noEvidence: z
    .enum(['true', 'false'], { error: "noEvidence must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true'),
});

export const DeleteProductResultSchema = z.object({
  /** 'deleted', or 'archived' when orders refer to the product (kept for their history). */
  outcome: z.enum(['deleted', 'archived']),
  message: z.string(),
});

export const UploadedImageSchema = z.object({ url: z.string() });

/** POST /api/products/import */
export const ImportResultSchema = z.object({
  total: z.number().int(),
  success: z.number().int(),
  errors: z.number().int(),
  messages: z.array(z.string()),
  created: z.number().int(),
  updated: z.number().int(),
  images: z.object({ total: z.number().int(), matched: z.number().int(), unmatched: z.number().int() }),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/**
 * POST /api/products/import asked with `Accept: application/x-ndjson` answers one JSON object per line:
 * `{ progress }` while rows are written and pictures processed, then `{ result }` (the plain answer) or
 * `{ error }` (decision 0053).
 */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';

export type ImportProgress = {
  /** Bytes of the upload read and handled so far, of `totalBytes` (its Content-Length, 0 if unknown). */
  bytes: number;
  totalBytes: number;
  /** CSV rows handled so far (written or reported). */
  rows: number;
  /** Pictures processed after the upload, of `imagesTotal`. */
  images: number;
  imagesTotal: number;
};

export type ImportStreamLine =
  | { progress: ImportProgress }
  | { result: ImportResult }
  | { error: { statusCode: number; message: string } };

/** POST /api/products/images-only */
export const ImagesOnlyResultSchema = z.object({
  total: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  errors: z.number().int(),
  messages: z.array(z.string()),
});
export type ImagesOnlyResult = z.infer<typeof ImagesOnlyResultSchema>;

/** Columns of the import file (spec section 5); lotNumber, name and price are required. */
export const IMPORT_COLUMNS = [
  'lotNumber',
  'name',
  'description',
  'price',
  'compareAtPrice',
  'stock',
  'categoryId',
  'featured',
  'new',
  'active',
  'condition',
  'conditionNotes',
  'finalSale',
  // French texts (docs/decisions/0350-french-catalogue-fields.md): last, so older files and tools
  // keep their column positions.
  'nameFr',
  'descriptionFr',
  'conditionNotesFr',
] as const;
export const IMPORT_REQUIRED_COLUMNS = ['lotNumber', 'name', 'price'] as const;
export const MAX_UPLOAD_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_FILE_PATTERN = /\.(jpe?g|png|webp|gif|avif)$/i;

/**
 * `LOT-123_2.jpg` -> { lotNumber: 'LOT-123', position: 2 }; a name without a suffix is position 1.
 * Null when the name cannot belong to a lot (no lot number, or a suffix outside 1..10).
 */
export function lotImageName(fileName: string): { lotNumber: string; position: number } | null {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]+$/, '');
  const match = /^(.+?)_(\d{1,3})$/.exec(base);
  if (match) {
    const position = Number(match[2]);
    if (position < 1 || position > MAX_IMAGES_PER_LOT) return null;
    return { lotNumber: match[1]!.trim(), position };
  }
  return base.trim() ? { lotNumber: base.trim(), position: 1 } : null;
}

export const STOCK_ADJUSTMENT_DELTA_MESSAGE =
  'The change in stock must be a whole number of units, not 0 (for example 5 or -2).';
export const STOCK_ADJUSTMENT_REASON_MESSAGE = 'Please say why the stock changes (at most 200 characters).';

/** POST /api/products/{id}/stock-adjustments: units found (+) or lost, damaged, counted out (-). */
export const StockAdjustmentSchema = z.object({
  delta: z
    .number({ error: STOCK_ADJUSTMENT_DELTA_MESSAGE })
    .int(STOCK_ADJUSTMENT_DELTA_MESSAGE)
    .min(-MAX_STOCK, STOCK_ADJUSTMENT_DELTA_MESSAGE)
    .max(MAX_STOCK, STOCK_ADJUSTMENT_DELTA_MESSAGE)
    .refine((n) => n !== 0, STOCK_ADJUSTMENT_DELTA_MESSAGE),
  reason: z
    .string({ error: STOCK_ADJUSTMENT_REASON_MESSAGE })
    .trim()
    .min(1, STOCK_ADJUSTMENT_REASON_MESSAGE)
    .max(200, STOCK_ADJUSTMENT_REASON_MESSAGE),
});

/** One change of a product's stock, newest first in the product's stock history. */
export const StockMovementSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  stockAfter: z.number().int(),
  /** opening, created, adjustment, sale, refund, payment-failed, payment-reset, cancelled, import or other. */
  reason: z.string(),
  note: z.string().nullable(),
  orderId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

export const StockAdjustmentResultSchema = z.object({
  product: AdminProductSchema,
  movement: StockMovementSchema,
});

export const StockHistorySchema = z.object({ items: z.array(StockMovementSchema) });

export const MAX_BULK_EDIT_PRODUCTS = 500;
export const BULK_PERCENT_MESSAGE =
  'The price change must be a percentage from -99.99 to 1000 with at most 2 decimals, not 0 (for example -10 or 5.5).';
export const BULK_NOTHING_MESSAGE =
  'Choose at least one change: category, shown in store, daily discount or price.';
export const BULK_IDS_MESSAGE = `Select from 1 to ${MAX_BULK_EDIT_PRODUCTS} products.`;

/** "-10", "+5.5", 12.25 -> the percentage in hundredths (-1000, 550, 1225); null when it is not one. */
export function percentToHundredths(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : value.trim();
  const match = /^([+-]?)(\d{1,4})(?:\.(\d{1,2}))?%?$/.exec(text.replace(/\s+/g, ''));
  if (!match) return null;
  const hundredths = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -hundredths : hundredths;
}

/**
 * POST /api/products/bulk: changes for the selected products, all or none
 * (docs/decisions/0243-bulk-edit-of-products.md). Only the fields sent change; stock never does, and
 * prices are worked out by the server from each product's own price.
 */
export const BulkEditSchema = z
  .object({
    ids: z
      .array(
        z
          .number({ error: BULK_IDS_MESSAGE })
          .int(BULK_IDS_MESSAGE)
          .positive(BULK_IDS_MESSAGE)
          .max(MAX_DB_ID, BULK_IDS_MESSAGE),
        {
          error: BULK_IDS_MESSAGE,
        },
      )
      .min(1, BULK_IDS_MESSAGE)
      .max(MAX_BULK_EDIT_PRODUCTS, BULK_IDS_MESSAGE)
      .transform((ids) => [...new Set(ids)]),
    categoryId: z
      .number({ error: 'Please choose a category or None' })
      .int('Please choose a category or None')
      .positive('Please choose a category or None')
      .max(MAX_DB_ID, 'Please choose a category or None')
      .nullable()
      .optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
    applyDailyDiscount: z.boolean({ error: 'applyDailyDiscount must be true or false' }).optional(),
    pricePercent: z
      .union([z.string(), z.number()], { error: BULK_PERCENT_MESSAGE })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
        const hundredths = percentToHundredths(value);
        if (hundredths === null || hundredths === 0 || hundredths < -9_999 || hundredths > 100_000) {
          ctx.addIssue({ code: 'custom', message: BULK_PERCENT_MESSAGE });
          return z.NEVER;
        }
        return hundredths;
      }),
  })
  .superRefine((input, ctx) => {
    if (
      input.categoryId === undefined &&
      input.active === undefined &&
      input.applyDailyDiscount === undefined &&
      input.pricePercent === undefined
    )
      ctx.addIssue({ code: 'custom', message: BULK_NOTHING_MESSAGE });
  });
export type BulkEdit = z.output<typeof BulkEditSchema>;

export const BulkEditResultSchema = z.object({ updated: z.number().int(), message: z.string() });

/** An archived product: out of the store and the product list, kept because orders refer to it. */
export const ArchivedProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  price: z.string(),
  categoryName: z.string().nullable(),
  /** The lot number it had when archived (archiving frees it for new products). */
  lotNumber: z.string().nullable(),
  archivedAt: z.string(),
});
export type ArchivedProduct = z.infer<typeof ArchivedProductSchema>;

export const RestoreProductResultSchema = z.object({ product: AdminProductSchema, message: z.string() });
