// Recall screening's contracts (docs/decisions/0571-recall-screening.md): an import's result, the
// recalls loaded, and the quarantine report.
import { z } from 'zod';

export const RecallSchema = z.object({
  id: z.number(),
  source: z.enum(['health-canada', 'cpsc']),
  sourceId: z.string(),
  title: z.string(),
  /** Health Canada's French title, when its French file was loaded. */
  titleFr: z.string().nullable(),
  recalledOn: z.string().nullable(),
  url: z.string().nullable(),
  gtins: z.number().describe('How many GTINs the recall names'),
});
export type Recall = z.output<typeof RecallSchema>;

const LotSchema = z.object({
  id: z.number(),
  lotNumber: z.string().nullable(),
  name: z.string(),
  upc: z.string().nullable(),
  brand: z.string().nullable(),
});

export const QuarantinedLotSchema = LotSchema.extend({
  quarantinedAt: z.string(),
  recall: RecallSchema.omit({ gtins: true }),
});
export type QuarantinedLot = z.output<typeof QuarantinedLotSchema>;

export const RecallImportResultSchema = z.object({
  source: z.enum(['health-canada', 'cpsc']),
  recalls: z.number().describe('Recalls read from the file (new or updated)'),
  skipped: z.number().describe('Records without a number or a title'),
  gtins: z.number().describe('GTINs named by the recalls read'),
  quarantined: z.array(QuarantinedLotSchema.extend({ wasOnSale: z.boolean() })),
});
export type RecallImportResult = z.output<typeof RecallImportResultSchema>;

export const QuarantineReportSchema = z.object({
  quarantined: z.array(QuarantinedLotSchema),
  /** Lots whose brand a recall names and whose title or description holds one of its model words. */
  possibleMatches: z.array(LotSchema.extend({ recall: RecallSchema.omit({ gtins: true }) })),
});
export type QuarantineReport = z.output<typeof QuarantineReportSchema>;

/** Why the owner releases a lot from quarantine (a wrong match): kept in the audit log. */
export const ReleaseQuarantineSchema = z.strictObject({
  reason: z
    .string({ error: 'Please give the reason for the release.' })
    .trim()
    .min(5, 'Please give the reason for the release (at least 5 characters).')
    .max(500, 'The reason must be at most 500 characters.'),
});
