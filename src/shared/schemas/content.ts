// Content pages and FAQ items. The messages are the
// specification's; the page editor and the FAQ dialog show them as 'Validation Error' toasts.
import { z } from 'zod';
import { htmlHasContent } from '~/shared/html-text';
import { SLUG_PATTERN } from '~/shared/slug';

export const SLUG_FORMAT_MESSAGE = 'Use only lowercase letters, numbers, and hyphens.';

export const ContentPageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML (src/server/lib/sanitize-html.ts), safe to render as is. */
  content: z.string(),
  isStructured: z.boolean(),
  /** An unpublished page is a draft: only administrators see it, shoppers get 404. */
  published: z.boolean(),
  /** ISO date-time, null for a page never saved through the editor. */
  updatedAt: z.string().nullable(),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

/** The list: no content, which can be large (images are embedded as data URLs). */
export const ContentPageSummarySchema = ContentPageSchema.omit({ content: true });
export type ContentPageSummary = z.infer<typeof ContentPageSummarySchema>;

export const ContentPageInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .min(1, 'Slug is required')
    .max(200, 'Slug must be at most 200 characters')
    .regex(SLUG_PATTERN, SLUG_FORMAT_MESSAGE),
  content: z.string().default(''),
  isStructured: z.boolean().default(false),
  published: z.boolean({ error: 'published must be true or false' }).default(true),
});
export type ContentPageInput = z.input<typeof ContentPageInputSchema>;

export const FaqItemSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  /** Sanitised HTML. */
  answer: z.string(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;

// PostgreSQL integer range, so a sortOrder never fails in the database.
const sortOrder = z
  .number({ error: 'sortOrder must be a whole number' })
  .int('sortOrder must be a whole number')
  .min(-2_000_000_000)
  .max(2_000_000_000);

export const FaqItemInputSchema = z.object({
  question: z
    .string({ error: 'Question is required' })
    .trim()
    .min(1, 'Question is required')
    .max(500, 'Question must be at most 500 characters'),
  answer: z
    .string({ error: 'Answer is required' })
    .max(100_000, 'Answer is too long')
    .refine(htmlHasContent, 'Answer is required'),
  active: z.boolean().default(true),
  /** New items default to 0 (spec section 9); an update without it keeps the current order. */
  sortOrder: sortOrder.optional(),
});
export type FaqItemInput = z.input<typeof FaqItemInputSchema>;

export const FaqOrderSchema = z.object({ sortOrder });
