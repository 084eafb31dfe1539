// Store credit (docs/decisions/0530-store-credit-ledger.md): a customer's balance and its ledger, and
// the form staff issue or take credit with, from the customer's record.
import { z } from 'zod';

export const STORE_CREDIT_KINDS = ['refund', 'staff', 'spent', 'reversal'] as const;
export const STORE_CREDIT_REASON_MAX = 500;
/** The most staff may issue or take in one movement: $10,000.00. */
export const STORE_CREDIT_MOVE_MAX_CENTS = 1_000_000;

export const StoreCreditMovementSchema = z.object({
  id: z.number().int(),
  /** Signed: "25.00" issued, "-10.00" spent or taken. */
  amount: z.string(),
  kind: z.enum(STORE_CREDIT_KINDS),
  reason: z.string().nullable(),
  orderId: z.number().int().nullable(),
  refundId: z.number().int().nullable(),
  balanceAfter: z.string(),
  createdAt: z.string(),
});

export const StoreCreditSchema = z.object({
  balance: z.string(),
  movements: z.array(StoreCreditMovementSchema),
});

const AMOUNT_MESSAGE = 'Enter an amount like 25.00 or -10.00, not 0.00, of at most 10000.00';

/** Staff's movement: a signed amount in dollars ("25.00" issues, "-10.00" takes) and a reason. */
export const StoreCreditAdjustSchema = z.strictObject({
  amount: z
    .string({ error: AMOUNT_MESSAGE })
    .trim()
    .transform((text, ctx) => {
      const match = /^(-)?(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text);
      const cents = match
        ? (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0')))
        : 0;
      if (!match || cents === 0 || Math.abs(cents) > STORE_CREDIT_MOVE_MAX_CENTS) {
        ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
        return z.NEVER;
      }
      return cents;
    }),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(STORE_CREDIT_REASON_MAX, `A reason must be at most ${STORE_CREDIT_REASON_MAX} characters`),
});
