// Loads, manifest intake and the recovery report (docs/decisions/0310-loads-and-manifest-intake.md).
import { z } from 'zod';
import { PRODUCT_CONDITIONS } from '../constants';
import { MANIFEST_FIELDS } from '../loads';
import { toCents } from '../money';
import { priceField, productText, stockField } from './admin-products';
import { isCalendarDate } from './admin-orders';

const MAX_COST_CENTS = 99_999_999_99;

/** POST /api/admin/loads */
export const LoadInputSchema = z.object({
  supplier: z
    .string({ error: 'Supplier is required.' })
    .trim()
    .min(1, 'Supplier is required.')
    .max(200, 'Supplier must be at most 200 characters.'),
  receivedOn: z
    .string({ error: 'Received date is required.' })
    .trim()
    .refine(
      (v) => isCalendarDate(v) && v >= '2000-01-01' && v <= '2999-12-31',
      'Received date must be a real date written YYYY-MM-DD.',
    ),
  reference: z
    .string({ error: 'Reference is required.' })
    .trim()
    .min(1, 'Reference is required.')
    .max(40, 'Reference must be at most 40 characters.')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, 'Reference may use letters, digits, spaces and . _ / - only.'),
  totalCost: z.union([z.string(), z.number()], { error: 'Total cost is required.' }).transform((v, ctx) => {
    const cents = toCents(typeof v === 'string' ? v.replace(/[$,\s]/g, '') : v);
    if (cents === null || cents < 0 || cents > MAX_COST_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Total cost must be an amount of 0 or more.' });
      return z.NEVER;
    }
    return cents;
  }),
});

export const ManifestMappingSchema = z
  .object(
    Object.fromEntries(MANIFEST_FIELDS.map((f) => [f, z.string().trim().max(200).nullable().optional()])),
  )
  .transform((m) => m as Partial<Record<(typeof MANIFEST_FIELDS)[number], string | null>>);
export type ManifestMapping = z.output<typeof ManifestMappingSchema>;

/**
 * The supplier's grade words -> the store's conditions, sent with a mapping (field "grades") and saved
 * with it; a word left out keeps what is known of it.
 */
export const ManifestGradesSchema = z.record(
  z.string().trim().min(1).max(100),
  z.enum(PRODUCT_CONDITIONS, { error: `Condition must be one of: ${PRODUCT_CONDITIONS.join(', ')}` }),
);
export type ManifestGrades = z.output<typeof ManifestGradesSchema>;

/** A line of the manifest as it would be drafted with the mapping: the draft, or why it would not be. */
export const ManifestDraftPreviewSchema = z.object({
  row: z.number(),
  title: z.string().nullable(),
  upc: z.string().nullable(),
  brand: z.string().nullable(),
  quantity: z.number().nullable(),
  unitRetail: z.string().nullable(),
  condition: z.string().nullable(),
  /** Why the line would be refused; null when it becomes a draft. */
  problem: z.string().nullable(),
});

/**
 * What an upload without "apply" answers: the columns, the first rows, the mapping to start from (or
 * the one sent to preview), the grade words found in the condition column with the condition each maps
 * to (null: unknown, staff choose), and the first lines as they would be drafted.
 */
export const ManifestPreviewSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  /** The supplier's saved mapping, else one guessed from the column names. */
  mapping: z.record(z.string(), z.string().nullable()),
  saved: z.boolean(),
  grades: z.array(z.object({ word: z.string(), lines: z.number(), condition: z.string().nullable() })),
  drafts: z.array(ManifestDraftPreviewSchema),
  /** Lines of the file (after the header). */
  total: z.number(),
});

/** What applying a manifest answers. */
export const ManifestResultSchema = z.object({
  total: z.number(),
  created: z.number(),
  /** Rows drafted by an earlier upload of the same manifest. */
  alreadyCreated: z.number(),
  /** Drafts of an earlier upload made again from this mapping ("remap"). */
  remapped: z.number(),
  errors: z.number(),
  messages: z.array(z.string()),
});

export const LoadSchema = z.object({
  id: z.number(),
  supplier: z.string(),
  receivedOn: z.string(),
  reference: z.string(),
  totalCost: z.string(),
  createdAt: z.string(),
});

export const RecoveryFiguresSchema = z.object({
  cost: z.string(),
  lots: z.number(),
  drafts: z.number(),
  unitsListed: z.number(),
  unitsSold: z.number(),
  revenue: z.string(),
  /** Revenue / cost as a percentage with one decimal; null when the cost is 0. */
  recoveryPercent: z.number().nullable(),
  /** Median days from the load's date to each sold lot's first paid order; null before any sale. */
  medianDaysToSell: z.number().nullable(),
});

export const LoadSummarySchema = LoadSchema.extend({ figures: RecoveryFiguresSchema });

export const LoadDraftSchema = z.object({
  id: z.number(),
  lotNumber: z.string().nullable(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  condition: z.string(),
  price: z.string(),
  compareAtPrice: z.string().nullable(),
  compareAtSource: z.string().nullable(),
  unitCost: z.string().nullable(),
  stock: z.number(),
  active: z.boolean(),
  manifestLine: z.number().nullable(),
  version: z.number(),
  description: z.string(),
  upc: z.string().nullable(),
  brand: z.string().nullable(),
});

/**
 * PATCH /api/admin/loads/{id}/lots/{productId}: a draft reviewed in the load's table, based on the
 * version the table showed. The stock is set outright: nobody can buy a draft meanwhile.
 */
export const DraftEditSchema = z.object({
  version: z
    .number({ error: 'version must be the version of the lot the edit started from' })
    .int()
    .positive(),
  condition: z.enum(PRODUCT_CONDITIONS, {
    error: `Condition must be one of: ${PRODUCT_CONDITIONS.join(', ')}`,
  }),
  price: priceField,
  stock: stockField,
  /** Left out: unchanged. The limits are the product form's (productText). */
  name: productText.name.optional(),
  description: productText.description.trim().optional(),
  upc: productText.upc.optional(),
  brand: productText.brand.optional(),
});

export const LoadReportSchema = LoadSummarySchema.extend({
  /** Revenue per day of paid orders, with the running total against the cost: the chart. */
  days: z.array(z.object({ date: z.string(), revenue: z.string(), cumulative: z.string() })),
  lots: z.array(LoadDraftSchema),
});

export const SupplierReportSchema = z.array(
  z.object({ supplier: z.string(), loads: z.number(), figures: RecoveryFiguresSchema }),
);

export const PublishInputSchema = z.object({
  productIds: z.array(z.number().int().positive()).min(1, 'Choose at least one draft.').max(1000),
});
export const PublishResultSchema = z.object({ published: z.number(), messages: z.array(z.string()) });

export const SuggestedPriceSettingSchema = z.object({
  percent: z
    .number({ error: 'Percentage must be a whole number from 1 to 100.' })
    .int('Percentage must be a whole number from 1 to 100.')
    .min(1, 'Percentage must be a whole number from 1 to 100.')
    .max(100, 'Percentage must be a whole number from 1 to 100.'),
});
