import { z } from 'zod';
import { fixedErrorText } from '~/shared/i18n/error-text';
import {
  DEFAULT_LIST_LIMIT,
  LIST_SORTS,
  MAX_LIST_LIMIT,
  MAX_DB_ID,
  MAX_LIST_PAGE,
  MAX_PRICE_FILTER,
  PRODUCT_CONDITIONS,
  type ProductCondition,
} from '~/shared/constants';
import { LOCALES } from '~/shared/i18n/locales';

/**
 * The language a catalogue text is in: the request's language when staff wrote that text in it, else
 * English (docs/decisions/0350-french-catalogue-fields.md). A page marks a text in another language
 * than its own with `lang` (`LOCALE_TAGS[language]` from src/shared/i18n/locales.ts).
 */
export const TextLanguageSchema = z.enum(LOCALES);

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  imageUrl: z.string().nullable(),
  active: z.boolean(),
  /** The language `name` is in (the request's, or English when the category has no French name). */
  languages: z.object({ name: TextLanguageSchema }),
});
export type Category = z.infer<typeof CategorySchema>;

/** A product as shoppers see it: prices already worked out for today by src/shared/pricing.ts. */
export const ProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  compareAtPrice: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Units a shopper can buy now: stock less the units held by checkouts in progress. */
  stock: z.number().int(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  categorySlug: z.string().nullable(),
  createdAt: z.string(),
  featured: z.boolean(),
  new: z.boolean(),
  applyDailyDiscount: z.boolean(),
  lotNumber: z.string().nullable(),
  active: z.boolean(),
  /** The lot's graded condition, the grader's notes, and whether it is sold as final sale. */
  condition: z.enum(PRODUCT_CONDITIONS),
  conditionNotes: z.string(),
  finalSale: z.boolean(),
  /** Today's discount in percent, taken off `price`; 0 when none. */
  discountPercentage: z.number().int(),
  /**
   * The badge: the saving against `originalPrice` in whole percent, 0 when today's discount does not
   * apply (docs/decisions/0130-daily-discount-lowers-the-selling-price.md).
   */
  savingPercentage: z.number().int(),
  /** What one unit costs today. */
  discountedPrice: z.string(),
  /** The struck-through original price, or null. */
  originalPrice: z.string().nullable(),
  /**
   * "Price dropped": the price before the latest markdown, struck through beside the price, when it
   * was honestly charged before (docs/decisions/0320-markdowns-lower-the-selling-price.md); else null.
   */
  priceDroppedFrom: z.string().nullable(),
  /**
   * What the struck price is and its evidence (docs/decisions/0567-price-claims-with-evidence.md):
   * 'estimated-retail' (a compare-at price; from a manifest, `source` names the supplier and load and
   * `date` the day it was received; null when no evidence is recorded) or 'was' (the shop's own price
   * before its latest markdown, `date` the day it was lowered). Null when nothing is struck through
   * but the selling price itself.
   */
  referencePrice: z
    .object({
      kind: z.enum(['estimated-retail', 'was']),
      amount: z.string(),
      source: z.string().nullable(),
      date: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /**
   * The language each text is in: `name`, `description` and `categoryName` are in the request's
   * language (Accept-Language) when staff wrote it, else in English.
   */
  languages: z.object({
    name: TextLanguageSchema,
    description: TextLanguageSchema,
    categoryName: TextLanguageSchema,
  }),
});
export type Product = z.infer<typeof ProductSchema>;

export const ErrorSchema = z.object({ message: z.string() }).passthrough();

/** One picture of a product: the main image first (isPrimary), then the gallery in order. */
export const ProductImageSchema = z.object({
  imageUrl: z.string(),
  isPrimary: z.boolean(),
  sortOrder: z.number().int(),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

/**
 * The product page's product: a Product plus its pictures, the main image first (isPrimary true), each
 * URL once. The same list, with sortOrder, is GET /api/products/{id}/images.
 */
export const ProductDetailSchema = ProductSchema.extend({
  additionalImages: z.array(ProductImageSchema.pick({ imageUrl: true, isPrimary: true })),
  /**
   * When units are held by other shoppers' unpaid checkouts: the time (ISO 8601) the earliest of those
   * holds ends, when a unit may come back; null when none is held
   * (docs/decisions/0502-held-units-say-when-they-may-return.md).
   */
  heldUntil: z.string().nullable(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

// ---------------------------------------------------------------------------------------------------
// Listing, search and related-products query strings (docs/decisions/0010-catalogue-listing-api.md).
// Query strings arrive as text: each field accepts the text form and says what is wrong in words.

// In constants.ts so the listing and checkout pages read them without this module's zod code.
export { MAX_DB_ID, MAX_LIST_PAGE, MAX_PRICE_FILTER };
export const MAX_SEARCH_LENGTH = 200;
export const SEARCH_REQUIRED_MESSAGE = 'Please enter a search term.';

/** Query-string text that says nothing ('' or spaces) counts as left out. */
const blank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

/** A whole number written as digits ("12"), or a number; left out or blank gives `fallback`. */
function wholeNumber<F extends number | undefined>(
  message: string,
  options: { min: number; max?: number; capAt?: number; fallback: F },
) {
  const number = z
    .number({ error: message })
    .int({ error: message })
    .min(options.min, { error: message })
    .max(options.max ?? Number.MAX_SAFE_INTEGER, { error: message });
  const parsed = z.preprocess(
    (value) => {
      if (blank(value)) return options.fallback;
      let n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
      // A limit above the cap is answered with the cap, however large it was written.
      if (options.capAt !== undefined && typeof n === 'number' && n > options.capAt) n = options.capAt;
      return n;
    },
    options.fallback === undefined ? number.optional() : number,
  );
  // The default marks the parameter optional in the API description; blank text still gives it.
  return (options.fallback === undefined ? parsed : parsed.default(options.fallback)) as unknown as z.ZodType<
    F extends number ? number : number | undefined,
    unknown
  >;
}

/** A non-negative amount in dollars: "25", "25.5", "25.50"; left out or blank is undefined. */
const amount = (message: string) =>
  z.preprocess((value) => {
    if (blank(value)) return undefined;
    return typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  }, z
    .number({ error: message })
    .min(0, { error: message })
    .max(MAX_PRICE_FILTER, { error: message })
    .optional());

/** true/false (also 1/0) in a query string; left out or blank is undefined. */
const flag = (message: string) =>
  z.preprocess((value) => {
    if (blank(value)) return undefined;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return value;
  }, z.boolean({ error: message }).optional());

/** Control characters (a NUL cannot even be stored in PostgreSQL text) count as spaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const withoutControls = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, ' ');

const searchText = (required: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? withoutControls(value).trim() || undefined : value),
    required
      ? z.string({ error: SEARCH_REQUIRED_MESSAGE }).max(MAX_SEARCH_LENGTH, {
          error: fixedErrorText('Search terms must be {{max}} characters or fewer.', {
            max: MAX_SEARCH_LENGTH,
          }),
        })
      : z
          .string({ error: 'Search must be text.' })
          .max(MAX_SEARCH_LENGTH, {
            error: fixedErrorText('Search terms must be {{max}} characters or fewer.', {
              max: MAX_SEARCH_LENGTH,
            }),
          })
          .optional(),
  );

const CONDITION_FILTER_MESSAGE = fixedErrorText('Condition must be one or more of: {{conditions}}.', {
  conditions: PRODUCT_CONDITIONS.join(', '),
});

/** One condition code or several separated by commas ("used-good,used-like-new"); blank is left out. */
const conditionList = z.preprocess((value) => {
  if (blank(value)) return undefined;
  if (typeof value !== 'string') return value;
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}, z
  .array(z.enum(PRODUCT_CONDITIONS, { error: CONDITION_FILTER_MESSAGE }), { error: CONDITION_FILTER_MESSAGE })
  .optional()) as unknown as z.ZodType<ProductCondition[] | undefined, unknown>;

const categoryRef = z.preprocess(
  (value) => (typeof value === 'string' ? withoutControls(value).trim() || undefined : value),
  z.string({ error: 'Category must be a category slug or id.' }).optional(),
);

/**
 * GET /api/products, /api/categories/{slug}/products and /api/products/search: paging, sort and filters.
 * `sort` left out means relevance when searching, otherwise newest first.
 */
export const ProductListQuerySchema = z.object({
  page: wholeNumber('Page must be a whole number of 1 or more.', { min: 1, fallback: 1 }).pipe(
    z
      .number()
      .max(MAX_LIST_PAGE, { error: fixedErrorText('Page must be {{max}} or less.', { max: MAX_LIST_PAGE }) }),
  ),
  limit: wholeNumber('Limit must be a whole number of 1 or more.', {
    min: 1,
    capAt: MAX_LIST_LIMIT,
    fallback: DEFAULT_LIST_LIMIT,
  }),
  sort: z.preprocess(
    (value) => (blank(value) ? undefined : value),
    z
      .enum(LIST_SORTS, {
        error: fixedErrorText('Sort must be one of: {{sorts}}.', { sorts: LIST_SORTS.join(', ') }),
      })
      .optional(),
  ),
  /** Inclusive, on today's price (after the daily discount). */
  minPrice: amount('Minimum price must be a number of 0 or more.'),
  maxPrice: amount('Maximum price must be a number of 0 or more.'),
  /** true hides products whose available stock is 0. */
  inStock: flag('inStock must be true or false.'),
  /** A category slug or id; an unknown or hidden category answers 404. */
  category: categoryRef,
  new: flag('new must be true or false.'),
  /** true lists only products with a discount today. */
  daily: flag('daily must be true or false.'),
  /** Only products in these conditions. */
  condition: conditionList,
  search: searchText(false),
});
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;

export const ProductSearchQuerySchema = ProductListQuerySchema.extend({ q: searchText(true) });

export const CategoryProductsQuerySchema = ProductListQuerySchema.omit({ category: true });

/**
 * GET /api/products/related: other products of a category. `productId` (or its alias `exclude`) is
 * the product being shown: it is left out, and its category is used when categoryId is not given.
 * With no category at all the store's featured and newest products are the fallback.
 */
export const RelatedProductsQuerySchema = z.object({
  categoryId: wholeNumber('categoryId must be a category id.', {
    min: 1,
    max: MAX_DB_ID,
    fallback: undefined,
  }),
  productId: wholeNumber('productId must be a product id.', { min: 1, max: MAX_DB_ID, fallback: undefined }),
  exclude: wholeNumber('exclude must be a product id.', { min: 1, max: MAX_DB_ID, fallback: undefined }),
  limit: wholeNumber('Limit must be a whole number of 1 or more.', { min: 1, capAt: 12, fallback: 4 }),
});
export type RelatedProductsQuery = z.output<typeof RelatedProductsQuerySchema>;
