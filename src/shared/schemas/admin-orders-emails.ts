// The administrator's view of the e-mail outbox (docs/decisions/0273-admin-e-mails-view.md): what was
// sent, what waits and what failed, and each message as it was written.
import { z } from 'zod';

export const ADMIN_EMAILS_PAGE_SIZE = 20;
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'queued', 'failed'] as const;

/** What each status means to the administrator. */
export const MAIL_STATUS_LABELS: Record<(typeof MAIL_STATUSES)[number], string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  queued: 'In the outbox',
  failed: 'Failed',
};

export const AdminEmailsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_EMAILS_PAGE_SIZE),
  status: z
    .union([z.literal('all'), z.enum(MAIL_STATUSES)], {
      error: `status must be one of ${MAIL_STATUSES.join(', ')}.`,
    })
    .optional()
    .transform((v) => (v === 'all' ? undefined : v)),
  /** Only the e-mails of this order. */
  orderId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AdminEmailsQuery = z.infer<typeof AdminEmailsQuerySchema>;

export const AdminEmailSchema = z.object({
  id: z.number().int(),
  /** 'order-confirmation', 'order-shipped', 'order-new-alert', 'contact', ... */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  orderId: z.number().int().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminEmail = z.infer<typeof AdminEmailSchema>;

export const AdminEmailsPageSchema = z.object({
  items: z.array(AdminEmailSchema),
  total: z.number().int(),
});
export type AdminEmailsPage = z.infer<typeof AdminEmailsPageSchema>;

/** One message with both its parts. */
export const AdminEmailDetailSchema = AdminEmailSchema.extend({
  text: z.string(),
  html: z.string().nullable(),
});
export type AdminEmailDetail = z.infer<typeof AdminEmailDetailSchema>;

export const AdminEmailIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'E-mail not found.' }).int().positive().max(2_147_483_647),
});

/** Labels of the order e-mails' kinds; other kinds show as they are. */
export const MAIL_KIND_LABELS: Record<string, string> = {
  'order-confirmation': 'Order confirmation',
  'order-shipped': 'Shipped',
  'order-tracking-updated': 'Tracking updated',
  'order-ready-for-pickup': 'Ready for pickup',
  'order-pickup-reminder': 'Pickup reminder',
  'order-delivered': 'Delivered',
  'order-picked-up': 'Picked up',
  'order-cancelled': 'Cancelled',
  'order-refunded': 'Refunded',
  'order-new-alert': 'New order (to the store)',
  'order-attention': 'Needs attention (to the store)',
  'draft-order-pay-link': 'Draft order pay link',
  'draft-order-expired': 'Draft order expired',
};
