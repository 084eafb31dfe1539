// The order dialog's contracts beyond the order itself: staff notes, refunds through the payment
// provider, and the e-mails sent about an order (docs/decisions/0230-refunds-through-the-provider.md,
// 0231-staff-notes-and-the-order-timeline.md).
import { z } from 'zod';

export const STAFF_NOTE_MAX = 2000;

/** POST /api/orders/{id}/notes: a private note for staff, never shown to the customer. */
export const OrderNoteCreateSchema = z.strictObject({
  text: z
    .string({ error: 'Note must be text' })
    .trim()
    .min(1, 'Write a note first')
    .max(STAFF_NOTE_MAX, `A note must be at most ${STAFF_NOTE_MAX} characters`),
});

export const OrderNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** The author's username; null when the account was deleted since. */
  who: z.string().nullable(),
  at: z.string(),
});
export type OrderNote = z.infer<typeof OrderNoteSchema>;

const AMOUNT_MESSAGE = 'Amount must be a positive amount of money, to the cent (e.g. 12.50)';

/**
 * An amount of money to the cent, as "12.50" or 12.5: more decimals are refused rather than
 * rounded, because money given back must be exactly what staff typed. Parsed into integer cents.
 */
export const refundAmountField = z
  .union([z.string(), z.number()], { error: AMOUNT_MESSAGE })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text);
    const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
    if (!match || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
      return z.NEVER;
    }
    return cents;
  });

/**
 * POST /api/orders/{id}/refunds: `amount` of the order's payment goes back through the provider;
 * `restock` puts the order's items back in stock.
 */
export const RefundCreateSchema = z.strictObject({
  amount: refundAmountField,
  restock: z.boolean({ error: 'restock must be true or false' }),
});
export type RefundCreateInput = z.input<typeof RefundCreateSchema>;

export const OrderRefundSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  restock: z.boolean(),
  /** pending while the provider is asked; completed once it accepted; failed when it refused. */
  status: z.enum(['pending', 'completed', 'failed']),
  providerRefundId: z.string().nullable(),
  error: z.string().nullable(),
  who: z.string().nullable(),
  at: z.string(),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

/** An e-mail the store sent (or queued) about the order, from the mail outbox. */
export const OrderEmailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  at: z.string(),
});
export type OrderEmail = z.infer<typeof OrderEmailSchema>;
