// Newsletter subscriptions and the bits of store
// configuration the browser needs (which popup variant is live, the contact address).
import { z } from 'zod';

export const SubscribeInputSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  /** Popup variant A asks for it; passed on to the external e-mail marketing form. */
  firstName: z.string().trim().max(100, 'First name is too long').optional(),
  /** Honeypot (see ContactMessageInputSchema). */
  website: z.string().max(500).optional(),
  /** Which form the consent was given in; the wording shown is the consent catalogue's (consent.messages.ts). */
  source: z.enum(['popup', 'popup-relay', 'footer'], { error: 'Unknown sign-up form' }).default('footer'),
});

/** The same answer for a new and a repeated address: nothing tells whether an address is on the list. */
export const SubscribeAnswerSchema = z.object({ message: z.string() });

/** One recorded consent event (the admin's history of an address, the customer's data export). */
export const ConsentEventSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  action: z.enum(['granted', 'withdrawn']),
  source: z.string(),
  wording: z.string(),
  locale: z.string(),
  ipAddress: z.string().nullable(),
  orderId: z.number().int().nullable(),
  createdAt: z.string(),
});

/** The consent an address has now: express, or implied by a purchase or an inquiry (with its end). */
export const ConsentStatusSchema = z.object({
  basis: z.enum(['express', 'implied-purchase', 'implied-inquiry']),
  since: z.string(),
  expiresAt: z.string().nullable(),
});

/** GET /api/admin/consents?email=: an address's history and what holds now. */
export const ConsentHistoryQuerySchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
});
export const ConsentHistorySchema = z.object({
  email: z.string(),
  current: ConsentStatusSchema.nullable(),
  events: z.array(ConsentEventSchema),
});
export type ConsentHistory = z.infer<typeof ConsentHistorySchema>;

/** The account's marketing switch (GET and PUT /api/account/marketing). */
export const MarketingPreferenceSchema = z.object({
  subscribed: z.boolean({ error: 'subscribed must be true or false' }),
});
export const MarketingStateSchema = z.object({
  subscribed: z.boolean(),
  current: ConsentStatusSchema.nullable(),
});
export type MarketingState = z.infer<typeof MarketingStateSchema>;

/** POST /api/admin/consents/campaigns: a marketing message to every address with consent now. */
export const CampaignInputSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be at most 200 characters'),
  subjectFr: z.string().trim().max(200, 'French subject must be at most 200 characters').optional(),
  text: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(20000, 'Message must be at most 20000 characters'),
  textFr: z.string().trim().max(20000, 'French message must be at most 20000 characters').optional(),
});
export const CampaignAnswerSchema = z.object({ queued: z.number().int() });
