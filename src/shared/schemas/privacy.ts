// Privacy contracts: the privacy officer published on the privacy page, a guest's request for their data,
// the account's data export format and the incident register (docs/decisions/0561-0564).
import { z } from 'zod';

/** GET /api/privacy-contact: the person in charge of personal information (blank fields: not named yet). */
export const PrivacyContactSchema = z.object({
  name: z.string(),
  title: z.string(),
  titleFr: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type PrivacyContact = z.infer<typeof PrivacyContactSchema>;

export const DataExportQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});

/** POST /api/privacy-requests: a guest asks, by e-mail, for a copy or the deletion of their data. */
export const PrivacyRequestInputSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  kind: z.enum(['export', 'delete'], { error: 'kind must be export or delete' }),
});
export type PrivacyRequestInput = z.infer<typeof PrivacyRequestInputSchema>;

export const PRIVACY_REQUEST_SENT =
  'If we keep orders or messages under this address, we have sent it a link. It works for 24 hours.';

const TEXT_MAX = 5000;
const day = (label: string) => z.iso.date({ error: `${label} must be a date (yyyy-mm-dd)` });

/** One entry of the incident register, as the administrator writes it (POST, and PATCH with every field optional). */
export const PrivacyIncidentInputSchema = z
  .strictObject({
    occurredOn: day('Date of the incident').nullable().optional(),
    discoveredOn: day('Date discovered'),
    description: z
      .string({ error: 'What happened is required' })
      .trim()
      .min(1, 'What happened is required')
      .max(TEXT_MAX, `What happened must be at most ${TEXT_MAX} characters`),
    affectedPeople: z
      .string({ error: 'Who was affected is required' })
      .trim()
      .min(1, 'Who was affected is required')
      .max(TEXT_MAX, `Who was affected must be at most ${TEXT_MAX} characters`),
    affectedCount: z
      .number({ error: 'Number of people affected must be a whole number' })
      .int('Number of people affected must be a whole number')
      .min(0, 'Number of people affected cannot be negative')
      .max(100_000_000, 'Number of people affected is too large')
      .nullable()
      .optional(),
    riskOfSeriousInjury: z.boolean({ error: 'Risk of serious injury must be true or false' }).default(false),
    measures: z
      .string()
      .trim()
      .max(TEXT_MAX, `Measures taken must be at most ${TEXT_MAX} characters`)
      .default(''),
    commissionNotifiedOn: day('Commission notified on').nullable().optional(),
    peopleNotifiedOn: day('People notified on').nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const today = new Date().toISOString().slice(0, 10);
    if (v.discoveredOn > today)
      ctx.addIssue({
        code: 'custom',
        path: ['discoveredOn'],
        message: 'Date discovered cannot be in the future',
      });
    if (v.occurredOn && v.occurredOn > v.discoveredOn)
      ctx.addIssue({
        code: 'custom',
        path: ['occurredOn'],
        message: 'Date of the incident cannot be after the date discovered',
      });
    for (const key of ['commissionNotifiedOn', 'peopleNotifiedOn'] as const) {
      const date = v[key];
      if (date && date < (v.occurredOn ?? v.discoveredOn))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'A notification cannot come before the incident',
        });
    }
  });

export const PrivacyIncidentSchema = z.object({
  id: z.number().int(),
  occurredOn: z.string().nullable(),
  discoveredOn: z.string(),
  description: z.string(),
  affectedPeople: z.string(),
  affectedCount: z.number().int().nullable(),
  riskOfSeriousInjury: z.boolean(),
  measures: z.string(),
  commissionNotifiedOn: z.string().nullable(),
  peopleNotifiedOn: z.string().nullable(),
  /** The first day the entry may be removed: 24 months after it was discovered. */
  keepUntil: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PrivacyIncident = z.infer<typeof PrivacyIncidentSchema>;

export const IncidentIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Unknown incident' })
    .int('Unknown incident')
    .min(1, 'Unknown incident')
    .max(2_147_483_647, 'Unknown incident'),
});

/** The register keeps each entry at least this long after the incident was discovered (Law 25 regulation s. 11). */
export const INCIDENT_KEEP_MONTHS = 24;
