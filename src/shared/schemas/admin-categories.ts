// The administrator's category contracts: one schema for the category dialog and for
// POST /api/categories and PUT /api/categories/{id} (docs/decisions/0240-category-administration.md).
import { z } from 'zod';
import { isIdLike, isValidSlug, slugify } from '~/shared/slug';
import { productImageUrlField } from './admin-products';

export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_SLUG_MAX = 100;
export const MAX_CATEGORY_SORT_ORDER = 100_000;
export const CATEGORY_SLUG_MESSAGE = 'Slug may use only lowercase letters, numbers and single hyphens.';
export const CATEGORY_SORT_ORDER_MESSAGE = `Order must be a whole number from 0 to ${MAX_CATEGORY_SORT_ORDER}.`;
/** Words the category routes use themselves (/api/categories/admin). */
export const RESERVED_CATEGORY_SLUGS = ['admin'] as const;
export const CATEGORY_SLUG_DIGITS_MESSAGE =
  'Slug must contain at least one letter: a number alone is read as a category id.';
export const CATEGORY_SLUG_RESERVED_MESSAGE = 'This slug is used by the store itself: please choose another.';

export const CategoryInputSchema = z
  .object({
    name: z
      .string({ error: 'Category name is required.' })
      .trim()
      .min(1, 'Category name is required.')
      .max(CATEGORY_NAME_MAX, `Category name must be at most ${CATEGORY_NAME_MAX} characters.`),
    /** Optional: a category without a French name shows its English one on French pages. */
    nameFr: z
      .string({ error: 'French name must be text.' })
      .trim()
      .max(CATEGORY_NAME_MAX, `French name must be at most ${CATEGORY_NAME_MAX} characters.`)
      .nullish()
      .transform((v) => v ?? ''),
    slug: z
      .string()
      .trim()
      .max(CATEGORY_SLUG_MAX, `Slug must be at most ${CATEGORY_SLUG_MAX} characters.`)
      .nullish()
      .transform((v) => v ?? ''),
    imageUrl: productImageUrlField
      .nullish()
      .or(z.literal(''))
      .transform((v) => (v ? v : null)),
    active: z.boolean({ error: 'active must be true or false' }).default(true),
    sortOrder: z
      .number({ error: CATEGORY_SORT_ORDER_MESSAGE })
      .int(CATEGORY_SORT_ORDER_MESSAGE)
      .min(0, CATEGORY_SORT_ORDER_MESSAGE)
      .max(MAX_CATEGORY_SORT_ORDER, CATEGORY_SORT_ORDER_MESSAGE)
      .default(0),
  })
  .transform((input, ctx) => {
    // Left empty, the slug comes from the name; typed, it must already be a slug (it is an address
    // shoppers may have saved, so it is refused rather than silently changed).
    const slug = input.slug === '' ? slugify(input.name) : input.slug;
    if (!slug) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: 'Slug is required.' });
      return z.NEVER;
    }
    if (!isValidSlug(slug)) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: CATEGORY_SLUG_MESSAGE });
      return z.NEVER;
    }
    // /categories/{digits} and /api/categories/{digits} are read as an id.
    if (isIdLike(slug)) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: CATEGORY_SLUG_DIGITS_MESSAGE });
      return z.NEVER;
    }
    if ((RESERVED_CATEGORY_SLUGS as readonly string[]).includes(slug)) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: CATEGORY_SLUG_RESERVED_MESSAGE });
      return z.NEVER;
    }
    return { ...input, slug };
  });
export type CategoryData = z.output<typeof CategoryInputSchema>;

/** A category as the administrator sees it: inactive ones too, with how many products it holds. */
export const AdminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** '' when the category has no French name. */
  nameFr: z.string(),
  slug: z.string(),
  imageUrl: z.string().nullable(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** Products filed under it (not archived), shown or not. */
  productCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;
