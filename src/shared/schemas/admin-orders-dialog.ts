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
 * POST /api/orders/{id}/refunds by amount: `amount` of the order's payment goes back through the
 * provider; `restock` puts the order's items back in stock (a goodwill refund, tied to no line).
 */
export const RefundAmountCreateSchema = z.strictObject({
  amount: refundAmountField,
  restock: z.boolean({ error: 'restock must be true or false' }),
});

const SHIPPING_MESSAGE = 'Shipping must be an amount of money to the cent, 0 or more (e.g. 5.99)';

/** Shipping given back: "5.99", 5.99 or 0, to the cent. Parsed into integer cents. */
const refundShippingField = z
  .union([z.string(), z.number()], { error: SHIPPING_MESSAGE })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text === '' ? '0' : text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: SHIPPING_MESSAGE });
      return z.NEVER;
    }
    return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  });

export const REFUND_DESTINATIONS = ['original', 'store_credit'] as const;
export const REFUND_REASON_MAX = 500;

/**
 * A refund by line (docs/decisions/0510-refunds-by-line.md): units of order lines, each restocked or
 * not, and shipping (whole or part); the store works out each line's discount and tax. `destination`
 * 'original' is the order's payment; 'store_credit' issues the customer's store credit (0530).
 */
const refundLineFields = {
  lines: z
    .array(
      z.strictObject({
        orderItemId: z.number({ error: 'orderItemId must be an order line id' }).int().positive(),
        quantity: z
          .number({ error: 'quantity must be a whole number of units' })
          .int('quantity must be a whole number of units')
          .positive('quantity must be at least 1'),
        restock: z.boolean({ error: 'restock must be true or false' }),
      }),
      { error: 'lines must be a list of order lines' },
    )
    .max(200, 'At most 200 lines in one refund'),
  shipping: refundShippingField,
  destination: z.enum(REFUND_DESTINATIONS, { error: 'destination must be original or store_credit' }),
  reason: z
    .string({ error: 'reason must be text' })
    .trim()
    .max(REFUND_REASON_MAX, `A reason must be at most ${REFUND_REASON_MAX} characters`),
};

type LinesBody = {
  lines: { orderItemId: number; quantity: number; restock: boolean }[];
  shipping: number;
  destination: (typeof REFUND_DESTINATIONS)[number];
  reason: string;
};

/** The rules of a refund by line beyond each field's own: each line once, and something to refund. */
function checkLines(v: LinesBody, ctx: z.RefinementCtx): void {
  if (new Set(v.lines.map((l) => l.orderItemId)).size !== v.lines.length)
    ctx.addIssue({ code: 'custom', message: 'Each order line may appear once', path: ['lines'] });
  if (v.lines.length === 0 && v.shipping <= 0)
    ctx.addIssue({
      code: 'custom',
      message: 'Choose at least one line or some shipping to refund',
      path: ['lines'],
    });
}

export const RefundLinesCreateSchema = z
  .strictObject({
    ...refundLineFields,
    shipping: refundLineFields.shipping.default(0),
    reason: refundLineFields.reason.default(''),
  })
  .superRefine(checkLines);
export type RefundLinesCreateInput = z.input<typeof RefundLinesCreateSchema>;
export type RefundLinesCreate = z.output<typeof RefundLinesCreateSchema>;

/**
 * POST /api/orders/{id}/refunds: by line (the admin's form), or an amount (a goodwill refund). One
 * object rather than a union of two, so bad input is told which field is wrong: with `amount` it is
 * an amount refund (`restock` required, no line fields), otherwise a refund by line (`lines` and
 * `destination` required).
 */
export const RefundCreateSchema = z
  .strictObject({
    amount: refundAmountField.optional(),
    restock: z.boolean({ error: 'restock must be true or false' }).optional(),
    lines: refundLineFields.lines.optional(),
    shipping: refundLineFields.shipping.optional(),
    destination: refundLineFields.destination.optional(),
    reason: refundLineFields.reason.optional(),
  })
  .transform((v, ctx): RefundLinesCreate | { amount: number; restock: boolean } => {
    if (v.amount !== undefined) {
      if (v.lines !== undefined || v.shipping !== undefined || v.destination !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: 'Refund either an amount or lines, not both',
          path: ['amount'],
        });
      if (v.restock === undefined)
        ctx.addIssue({ code: 'custom', message: 'restock must be true or false', path: ['restock'] });
      return { amount: v.amount, restock: v.restock ?? false };
    }
    if (v.lines === undefined)
      ctx.addIssue({ code: 'custom', message: 'Choose the lines to refund (or an amount)', path: ['lines'] });
    if (v.destination === undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'destination must be original or store_credit',
        path: ['destination'],
      });
    if (v.restock !== undefined)
      ctx.addIssue({ code: 'custom', message: 'restock goes with each line', path: ['restock'] });
    const body = {
      lines: v.lines ?? [],
      shipping: v.shipping ?? 0,
      destination: v.destination ?? 'original',
      reason: v.reason ?? '',
    };
    checkLines(body, ctx);
    return body;
  });
export type RefundCreateInput = z.input<typeof RefundCreateSchema>;

const TaxLineSchema = z.object({ code: z.string(), rate: z.string(), amount: z.string() });

/**
 * A refund by line as its credit note reads: each line with its units, the amount given back and
 * the discount it carried, the shipping, the tax by component, the total. A preview has no id,
 * number or status.
 */
export const CreditNoteSchema = z.object({
  id: z.number().int().nullable(),
  /** The credit note's own number (CN-000042), once the refund completed. */
  number: z.string().nullable(),
  status: z.enum(['preview', 'pending', 'completed', 'failed']),
  orderId: z.number().int(),
  orderReference: z.string(),
  lines: z.array(
    z.object({
      orderItemId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      unitPrice: z.string(),
      amount: z.string(),
      discount: z.string(),
      restock: z.boolean(),
    }),
  ),
  subtotal: z.string(),
  discount: z.string(),
  shipping: z.string(),
  taxLines: z.array(TaxLineSchema),
  tax: z.string(),
  total: z.string(),
  destination: z.enum(REFUND_DESTINATIONS),
  reason: z.string(),
  at: z.string().nullable(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

export const OrderRefundSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  restock: z.boolean(),
  /** pending while the provider is asked; completed once it accepted; failed when it refused. */
  status: z.enum(['pending', 'completed', 'failed']),
  /** 'lines' for a refund by line, which has a credit note once completed; 'amount' for an amount. */
  kind: z.enum(['amount', 'lines']),
  creditNoteNumber: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  /**
   * Where a refund to the original payment went, card first (all "0.00" for one to store credit);
   * `cash` is what the till handed back for a cash sale, before its 5-cent rounding.
   */
  tenders: z.object({ card: z.string(), cash: z.string(), giftCards: z.string(), storeCredit: z.string() }),
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
