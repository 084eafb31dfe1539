// Phone intake (docs/decisions/0330-phone-intake-and-lot-labels.md): what a scan or a typed code asks
// for and the lots it finds.
import { z } from 'zod';
import { PRODUCT_CONDITIONS } from '~/shared/constants';
import { priceField, productText } from '~/shared/schemas/admin-products';

export const IntakeLookupQuerySchema = z.object({
  code: z
    .string({ error: 'Scan or type a lot number or UPC.' })
    .trim()
    .min(1, 'Scan or type a lot number or UPC.')
    .max(64, 'A lot number or UPC is at most 64 characters.'),
});

export const IntakeMatchSchema = z.object({
  id: z.number().int(),
  lotNumber: z.string().nullable(),
  name: z.string(),
  upc: z.string().nullable(),
  /** A draft is an inactive product: not yet on sale. */
  draft: z.boolean(),
  condition: z.enum(PRODUCT_CONDITIONS),
  conditionNotes: z.string(),
  price: z.string(),
  shelfLocation: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Every picture of the lot in order, the main one first. */
  images: z.array(z.string()),
  version: z.number().int(),
});
export type IntakeMatch = z.infer<typeof IntakeMatchSchema>;

export const IntakeLookupSchema = z.object({ matches: z.array(IntakeMatchSchema) });

/**
 * PATCH /api/admin/intake/products/{id}: what the grader sets on the phone, based on `version` (the
 * version the lookup answered), so an edit made meanwhile elsewhere is never undone (409).
 */
export const IntakeUpdateSchema = z.object({
  version: z
    .number({ error: 'version must be the version of the lot the edit started from' })
    .int()
    .positive(),
  condition: z.enum(PRODUCT_CONDITIONS, {
    error: `Condition must be one of: ${PRODUCT_CONDITIONS.join(', ')}`,
  }),
  conditionNotes: productText.conditionNotes.transform((v) => v.trim()),
  price: priceField,
  shelfLocation: z
    .string()
    .trim()
    .max(64, 'Shelf location must be at most 64 characters')
    .transform((v) => v || null),
});
export type IntakeUpdate = z.output<typeof IntakeUpdateSchema>;
