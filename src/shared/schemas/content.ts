// Content pages and FAQ items. The messages are the
// specification's; the page editor and the FAQ dialog show them as 'Validation Error' toasts.
import { z } from 'zod';
import { htmlHasContent } from '~/shared/html-text';
import { TextLanguageSchema } from './catalog';
import { SLUG_PATTERN } from '~/shared/slug';

export const SLUG_FORMAT_MESSAGE = 'Use only lowercase letters, numbers, and hyphens.';

/** A page as stored: the English and the French ('' when none) side by side (the page editor's). */
export const AdminContentPageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  titleFr: z.string(),
  /** Sanitised HTML (src/server/lib/sanitize-html.ts), safe to render as is. */
  content: z.string(),
  contentFr: z.string(),
  isStructured: z.boolean(),
  /** An unpublished page is a draft: only administrators see it, shoppers get 404. */
  published: z.boolean(),
  /** ISO date-time, null for a page never saved through the editor. */
  updatedAt: z.string().nullable(),
});
export type AdminContentPage = z.infer<typeof AdminContentPageSchema>;

/**
 * A page as a reader sees it: `title` and `content` in the request's language (Accept-Language),
 * each falling back to the English when it has no French; `languages` says which
 * (docs/decisions/0350-french-catalogue-fields.md).
 */
export const ContentPageSchema = AdminContentPageSchema.omit({ titleFr: true, contentFr: true }).extend({
  languages: z.object({ title: TextLanguageSchema, content: TextLanguageSchema }),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

/** The list: no content, which can be large (images are embedded as data URLs). */
export const ContentPageSummarySchema = ContentPageSchema.omit({ content: true, languages: true }).extend({
  languages: z.object({ title: TextLanguageSchema }),
});
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
  /** Optional: a page without a French title shows its English one on French pages. */
  titleFr: z
    .string({ error: 'French title must be text' })
    .trim()
    .max(200, 'French title must be at most 200 characters')
    .default(''),
  content: z.string().default(''),
  contentFr: z.string({ error: 'French content must be text' }).default(''),
  isStructured: z.boolean().default(false),
  published: z.boolean({ error: 'published must be true or false' }).default(true),
});
export type ContentPageInput = z.input<typeof ContentPageInputSchema>;

/** An FAQ item as stored, English and French ('' when none) side by side (the FAQ editor's). */
export const AdminFaqItemSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  questionFr: z.string(),
  /** Sanitised HTML. */
  answer: z.string(),
  answerFr: z.string(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type AdminFaqItem = z.infer<typeof AdminFaqItemSchema>;

/** An FAQ item in the request's language, each text falling back to the English; `languages` says which. */
export const FaqItemSchema = AdminFaqItemSchema.omit({ questionFr: true, answerFr: true }).extend({
  languages: z.object({ question: TextLanguageSchema, answer: TextLanguageSchema }),
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
  /** Optional: an item without French shows its English on French pages. */
  questionFr: z
    .string({ error: 'French question must be text' })
    .trim()
    .max(500, 'French question must be at most 500 characters')
    .default(''),
  answerFr: z
    .string({ error: 'French answer must be text' })
    .max(100_000, 'French answer is too long')
    .default(''),
  active: z.boolean().default(true),
  /** New items default to 0 (spec section 9); an update without it keeps the current order. */
  sortOrder: sortOrder.optional(),
});
export type FaqItemInput = z.input<typeof FaqItemInputSchema>;

export const FaqOrderSchema = z.object({ sortOrder });
