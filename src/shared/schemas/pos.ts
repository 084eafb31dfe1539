// The till at /pos (docs/decisions/0600-till.md): registers, sessions with an opening float, sales on the
// same stock as the storefront, tenders (cash rounded to 5 cents, card through the Square Terminal, gift
// card, store credit), cash drops and payouts, closing counts and the X/Z report. One contract for the
// till page and the server's handlers.
import { z } from 'zod';
import { TAX_CODES } from '~/shared/constants';
import { LOCALES } from '~/shared/i18n/locales';

const MONEY_MESSAGE = 'Enter an amount like 150.00';
/** A non-negative amount as the till sends it: "150.00". */
export const posMoney = z
  .string({ error: MONEY_MESSAGE })
  .trim()
  .regex(/^\d{1,7}(?:\.\d{1,2})?$/, MONEY_MESSAGE);

export const POS_REASON_MAX = 200;
const reasonField = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(1, 'A reason is required')
  .max(POS_REASON_MAX, `A reason must be at most ${POS_REASON_MAX} characters`);

export const RegisterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The session open on this register, if any. */
  openSessionId: z.number().int().nullable(),
  /** The Square Terminal paired with this register (its device id): where the card part goes. */
  squareDeviceId: z.string().nullable().optional(),
});

/** PUT /api/pos/registers/{id}/terminal (administrators): pair the register's Square Terminal, or null to unpair. */
export const RegisterTerminalSchema = z.strictObject({
  squareDeviceId: z
    .string({ error: 'Enter the Square Terminal device id' })
    .trim()
    .min(1, 'Enter the Square Terminal device id')
    .max(100, 'A device id is at most 100 characters')
    .regex(/^[A-Za-z0-9:_-]+$/, 'A device id is letters, digits, ":", "_" or "-"')
    .nullable(),
});
export const RegistersSchema = z.object({ registers: z.array(RegisterSchema) });

/** POST /api/pos/sessions: open a session on a register with the cash in its drawer. */
export const OpenSessionSchema = z.strictObject({
  registerId: z.number({ error: 'Choose a register' }).int().positive().max(2_147_483_647),
  openingFloat: posMoney,
});

export const PosSessionSchema = z.object({
  id: z.number().int(),
  registerId: z.number().int(),
  registerName: z.string(),
  status: z.enum(['open', 'closed']),
  openedBy: z.string(),
  openedAt: z.string(),
  openingFloat: z.string(),
  closedAt: z.string().nullable(),
});
export type PosSession = z.infer<typeof PosSessionSchema>;

/** A lot as the till finds it: by lot label, UPC/GTIN or SKU (`GET /api/pos/lookup?code=`) or a search. */
export const PosProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  price: z.string(),
  stock: z.number().int(),
  /** Units held by unpaid online checkouts: the till warns before selling them. */
  heldOnline: z.number().int(),
  condition: z.string(),
  imageUrl: z.string().nullable(),
});
export const PosProductsSchema = z.object({ products: z.array(PosProductSchema) });

const DISCOUNT_MESSAGE = 'A discount is a percentage (1 to 100) or an amount like 5.00';
/** A line or order discount the cashier gives, within their limit (checked by the server). */
export const PosDiscountSchema = z.strictObject({
  kind: z.enum(['percent', 'amount'], { error: DISCOUNT_MESSAGE }),
  value: z
    .string({ error: DISCOUNT_MESSAGE })
    .trim()
    .regex(/^\d{1,7}(?:\.\d{1,2})?$/, DISCOUNT_MESSAGE),
});

export const PosLineSchema = z.strictObject({
  productId: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(1).max(99),
  discount: PosDiscountSchema.optional(),
});

/** Tenders other than card; the card part is `cardAmount`, paid on the Square Terminal. */
export const PosTenderSchema = z.discriminatedUnion('kind', [
  /** Cash handed over: change is what exceeds the rounded cash due. */
  z.strictObject({ kind: z.literal('cash'), tendered: posMoney }),
  z.strictObject({ kind: z.literal('gift_card'), code: z.string().trim().min(1).max(40), amount: posMoney }),
  z.strictObject({ kind: z.literal('store_credit'), amount: posMoney }),
]);

/** The basket the till prices (POST /api/pos/quote) and sells (POST /api/pos/sales). */
export const PosBasketSchema = z.strictObject({
  sessionId: z.number().int().positive().max(2_147_483_647),
  lines: z.array(PosLineSchema).min(1, 'Add a lot to the sale').max(100),
  orderDiscount: PosDiscountSchema.optional(),
  /** A customer for the receipt and store credit: an account or just an e-mail. */
  customer: z
    .strictObject({
      userId: z.number().int().positive().max(2_147_483_647).optional(),
      email: z.email().optional(),
    })
    .optional(),
});

export const PosSaleRequestSchema = PosBasketSchema.extend({
  /** Made by the till once per sale, so a retried or synced sale is recorded once. */
  clientSaleId: z.uuid(),
  tenders: z.array(PosTenderSchema).max(10),
  /** The part paid by card on the register's Square Terminal, "0.00" for none. */
  cardAmount: posMoney.default('0.00'),
  receiptLanguage: z.enum(LOCALES).default('en'),
  /** Set by the offline queue: when the cash sale was made while the server could not be reached. */
  offlineAt: z.iso.datetime().optional(),
});
export type PosSaleRequest = z.infer<typeof PosSaleRequestSchema>;

const TaxLineSchema = z.object({ code: z.enum(TAX_CODES), rate: z.string(), amount: z.string() });

export const PosTotalsSchema = z.object({
  lines: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      unitPrice: z.string(),
      discount: z.string(),
      total: z.string(),
    }),
  ),
  subtotal: z.string(),
  discount: z.string(),
  taxLines: z.array(TaxLineSchema),
  total: z.string(),
});
export type PosTotals = z.infer<typeof PosTotalsSchema>;

export const PosSaleSchema = PosTotalsSchema.extend({
  id: z.number().int(),
  /** The receipt's code: the order reference, scanned to start a return. */
  reference: z.string(),
  status: z.enum(['awaiting_card', 'completed', 'cancelled', 'conflict']),
  tenders: z.array(
    z.object({
      kind: z.enum(['cash', 'card', 'gift_card', 'store_credit']),
      amount: z.string(),
      last4: z.string().nullable(),
    }),
  ),
  /** What cash rounding added (positive) or took (negative). */
  cashRounding: z.string(),
  changeDue: z.string(),
  terminalCheckout: z.object({ id: z.string(), status: z.string() }).nullable(),
  receiptLanguage: z.enum(LOCALES),
  createdAt: z.string(),
  /** An offline sale's conflict: what it sold that was sold online meanwhile, for staff to resolve. */
  conflict: z.string().nullable().optional(),
});
export type PosSale = z.infer<typeof PosSaleSchema>;

export const PosConflictsSchema = z.object({ sales: z.array(PosSaleSchema) });
export const ResolveConflictSchema = z.strictObject({
  note: z
    .string({ error: 'Say how it was resolved' })
    .trim()
    .min(1, 'Say how it was resolved')
    .max(POS_REASON_MAX, `A note must be at most ${POS_REASON_MAX} characters`),
});

export const PosCashMovementSchema = z.strictObject({
  kind: z.enum(['drop', 'payout']),
  amount: posMoney,
  reason: reasonField,
});

/** Canadian notes and coins counted at close, by value in cents: { "2000": 3, "25": 8 }. */
export const DENOMINATIONS_CENTS = [10000, 5000, 2000, 1000, 500, 200, 100, 25, 10, 5] as const;
export const CloseSessionSchema = z.strictObject({
  counts: z.partialRecord(
    z.enum(DENOMINATIONS_CENTS.map(String) as [string, ...string[]]),
    z.number().int().min(0).max(100000),
  ),
  note: z.string().trim().max(POS_REASON_MAX).optional(),
});

export const PosReportSchema = z.object({
  kind: z.enum(['X', 'Z']),
  session: PosSessionSchema,
  salesCount: z.number().int(),
  byTender: z.array(z.object({ kind: z.string(), amount: z.string() })),
  taxLines: z.array(TaxLineSchema),
  discounts: z.string(),
  refunds: z.string(),
  cashRounding: z.string(),
  drops: z.string(),
  payouts: z.string(),
  expectedCash: z.string(),
  countedCash: z.string().nullable(),
  variance: z.string().nullable(),
});
export type PosReport = z.infer<typeof PosReportSchema>;

/**
 * A sale as the till finds it to take a return (docs/decisions/0614-returns-at-the-till.md): by the
 * receipt's code (the order reference), with the units of each line still refundable and how it was
 * paid. `GET /api/pos/returns/{reference}`.
 */
export const PosReturnableSchema = z.object({
  orderId: z.number().int(),
  reference: z.string(),
  channel: z.enum(['online', 'till', 'draft']),
  createdAt: z.string(),
  total: z.string(),
  refunded: z.string(),
  /** Whether the order belongs to an account, which can be given store credit. */
  hasAccount: z.boolean(),
  lines: z.array(
    z.object({
      orderItemId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      unitPrice: z.string(),
      refundable: z.number().int(),
    }),
  ),
  /** What paid it: the card through the payment provider, or cash (a till sale), gift cards, store credit. */
  paidBy: z.object({
    card: z.string(),
    cash: z.string(),
    giftCards: z.string(),
    storeCredit: z.string(),
  }),
});
export type PosReturnable = z.infer<typeof PosReturnableSchema>;

/** A refund made at the till: its credit note and where the money went, with the cash to hand back. */
export const PosRefundSchema = z.object({
  refundId: z.number().int(),
  creditNoteNumber: z.string().nullable(),
  total: z.string(),
  taxLines: z.array(TaxLineSchema),
  tenders: z.object({ card: z.string(), cash: z.string(), giftCards: z.string(), storeCredit: z.string() }),
  /** The cash to hand back: the cash share rounded to 5 cents. */
  cashBack: z.string(),
  cashRounding: z.string(),
});
export type PosRefund = z.infer<typeof PosRefundSchema>;
