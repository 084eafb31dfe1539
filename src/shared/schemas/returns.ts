// Return requests (docs/decisions/0540-return-requests.md): what the shopper sends from the order page
// (POST /api/orders/{reference}/returns, multipart with photos), what staff send at each step of the
// admin's Returns tab, and the return as both read it. One schema per contract, used by the handler
// and the form.
import { z } from 'zod';
import { PRODUCT_CONDITIONS } from '~/shared/constants';
import { fixedErrorText } from '~/shared/i18n/error-text';
import { REFUND_DESTINATIONS, RefundLinesCreateSchema } from './admin-orders-dialog';
import { parseMoneyInput } from './admin-products';
import { MAX_DB_ID } from './catalog';

export const RETURN_REASONS = [
  'changed-mind',
  'not-as-described',
  'defective',
  'damaged-in-transit',
  'wrong-item',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/**
 * The reasons that are a claim under the legal warranty (Quebec's Consumer Protection Act, ss. 37, 38
 * and 41: goods fit for their use, durable, as described): accepted outside the return window and on
 * final-sale lots, which a "final sale" wording cannot exclude. Staff judge the claim when approving.
 */
export const WARRANTY_REASONS: readonly ReturnReason[] = [
  'not-as-described',
  'defective',
  'damaged-in-transit',
  'wrong-item',
];
export const isWarrantyReason = (reason: ReturnReason) => WARRANTY_REASONS.includes(reason);

export const RETURN_STATUSES = [
  'requested',
  'approved',
  'refused',
  'received',
  'refunded',
  'closed',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_METHODS = ['ship', 'drop-off'] as const;

export const RETURN_EVENT_KINDS = [
  'requested',
  'approved',
  'refused',
  'instructions',
  'received',
  'restocked',
  'refunded',
  'closed',
] as const;
export type ReturnEventKind = (typeof RETURN_EVENT_KINDS)[number];

export const RETURN_COMMENT_MAX = 2000;
export const RETURN_MESSAGE_MAX = 2000;
export const MAX_RETURN_PHOTOS = 5;

/** "RMA-000042": the return's number, from its id, as the shopper and staff read it. */
export const returnNumber = (id: number) => `RMA-${String(id).padStart(6, '0')}`;

const orderItemId = z
  .number({ error: 'orderItemId must be an order line id' })
  .int('orderItemId must be an order line id')
  .positive('orderItemId must be an order line id')
  .max(MAX_DB_ID, 'orderItemId must be an order line id');
const units = (field: string, min: number) =>
  z
    .number({ error: `${field} must be a whole number of units` })
    .int(`${field} must be a whole number of units`)
    .min(min, min === 1 ? `${field} must be at least 1` : `${field} cannot be negative`)
    .max(10_000, `${field} is too large`);
const lineId = z
  .number({ error: 'lineId must be a line of this return' })
  .int('lineId must be a line of this return')
  .positive('lineId must be a line of this return')
  .max(MAX_DB_ID, 'lineId must be a line of this return');

/** Each line once. */
function onceEach<T>(key: (item: T) => number, message: string) {
  return (list: T[], ctx: z.RefinementCtx) => {
    if (new Set(list.map(key)).size !== list.length) ctx.addIssue({ code: 'custom', message });
  };
}

/** The shopper's request: the lines and units, a reason from the list, a comment. */
export const ReturnCreateSchema = z.strictObject({
  lines: z
    .array(z.strictObject({ orderItemId, quantity: units('quantity', 1) }), {
      error: 'Choose the items to return',
    })
    .min(1, 'Choose at least one item to return')
    .max(200, 'At most 200 lines in one return')
    .superRefine(onceEach((l) => l.orderItemId, 'Each item may appear once')),
  reason: z.enum(RETURN_REASONS, { error: 'Choose a reason for the return' }),
  comment: z
    .string({ error: 'comment must be text' })
    .trim()
    .max(
      RETURN_COMMENT_MAX,
      fixedErrorText('The comment must be at most {{max}} characters', { max: RETURN_COMMENT_MAX }),
    )
    .default(''),
});
export type ReturnCreate = z.output<typeof ReturnCreateSchema>;

const staffMessage = z
  .string({ error: 'message must be text' })
  .trim()
  .max(RETURN_MESSAGE_MAX, `A message must be at most ${RETURN_MESSAGE_MAX} characters`);

/** Approve or refuse; a refusal must say why. */
export const ReturnDecisionSchema = z
  .strictObject({
    decision: z.enum(['approve', 'refuse'], { error: 'decision must be approve or refuse' }),
    message: staffMessage.default(''),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'refuse' && v.message === '')
      ctx.addIssue({ code: 'custom', message: 'Say why the return is refused', path: ['message'] });
  });
export type ReturnDecision = z.output<typeof ReturnDecisionSchema>;

/** How the goods come back: shipped to an address, or dropped off at the store's pickup place. */
export const ReturnInstructionsSchema = z
  .strictObject({
    method: z.enum(RETURN_METHODS, { error: 'method must be ship or drop-off' }),
    address: z
      .string({ error: 'address must be text' })
      .trim()
      .max(1000, 'The address is too long')
      .default(''),
    message: staffMessage.default(''),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'ship' && v.address === '')
      ctx.addIssue({ code: 'custom', message: 'Give the address to ship the return to', path: ['address'] });
  });
export type ReturnInstructions = z.output<typeof ReturnInstructionsSchema>;

/** What came back, per line: units received and, of those, units damaged. */
export const ReturnReceiveSchema = z.strictObject({
  lines: z
    .array(
      z
        .strictObject({ lineId, received: units('received', 0), damaged: units('damaged', 0) })
        .superRefine((l, ctx) => {
          if (l.damaged > l.received)
            ctx.addIssue({
              code: 'custom',
              message: 'damaged cannot be more than received',
              path: ['damaged'],
            });
        }),
      { error: 'lines must list each line of the return' },
    )
    .min(1, 'lines must list each line of the return')
    .superRefine(onceEach((l) => l.lineId, 'Each line may appear once')),
  message: staffMessage.default(''),
});
export type ReturnReceive = z.output<typeof ReturnReceiveSchema>;

const gradePrice = z
  .union([z.string(), z.number(), z.null()], { error: 'price must be an amount' })
  .transform((value, ctx) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const parsed = parseMoneyInput(value);
    if (!parsed.ok || parsed.cents <= 0) {
      ctx.addIssue({ code: 'custom', message: 'price must be an amount above 0.00' });
      return z.NEVER;
    }
    return parsed.cents;
  });

/**
 * Each received unit re-graded: its condition and notes, and a new price (null keeps the sold lot's
 * price) or written off. The units of one line are listed one entry each.
 */
export const ReturnRestockSchema = z.strictObject({
  units: z
    .array(
      z.strictObject({
        lineId,
        condition: z.enum(PRODUCT_CONDITIONS, { error: 'condition must be a known grade' }),
        notes: z.string({ error: 'notes must be text' }).trim().max(1000, 'Notes are too long').default(''),
        price: gradePrice.default(null),
        writeOff: z.boolean({ error: 'writeOff must be true or false' }).default(false),
      }),
      { error: 'units must list each received unit' },
    )
    .min(1, 'units must list each received unit')
    .max(10_000, 'Too many units'),
});
export type ReturnRestock = z.output<typeof ReturnRestockSchema>;

/** The refund of the return, through the refund-by-line service: units of each line, shipping, where. */
export const ReturnRefundSchema = z.strictObject({
  lines: z
    .array(z.strictObject({ lineId, quantity: units('quantity', 0) }), {
      error: 'lines must list the units to refund',
    })
    .min(1, 'lines must list the units to refund')
    .superRefine(onceEach((l) => l.lineId, 'Each line may appear once')),
  shipping: RefundLinesCreateSchema.shape.shipping,
  destination: z.enum(REFUND_DESTINATIONS, { error: 'destination must be original or store_credit' }),
  reason: RefundLinesCreateSchema.shape.reason,
});
export type ReturnRefund = z.output<typeof ReturnRefundSchema>;

export const ReturnCloseSchema = z.strictObject({ message: staffMessage.default('') });

export const ReturnUnitSchema = z.object({
  id: z.number().int(),
  condition: z.enum(PRODUCT_CONDITIONS),
  notes: z.string(),
  price: z.string().nullable(),
  writeOff: z.boolean(),
  outcome: z.enum(['original', 'new-lot', 'written-off']),
  productId: z.number().int().nullable(),
});

export const ReturnLineSchema = z.object({
  id: z.number().int(),
  orderItemId: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  productId: z.number().int().nullable(),
  unitPrice: z.string(),
  condition: z.enum(PRODUCT_CONDITIONS).nullable(),
  finalSale: z.boolean(),
  quantity: z.number().int(),
  receivedQuantity: z.number().int().nullable(),
  damagedQuantity: z.number().int().nullable(),
  units: z.array(ReturnUnitSchema),
});

export const ReturnEventSchema = z.object({
  kind: z.enum(RETURN_EVENT_KINDS),
  message: z.string(),
  at: z.string(),
});

/** A return as staff read it in the Returns tab's detail (the shopper's answer leaves staff out). */
export const ReturnSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  orderId: z.number().int(),
  orderReference: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  locale: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  comment: z.string(),
  photos: z.array(z.string()),
  defectClaim: z.boolean(),
  staffMessage: z.string(),
  returnMethod: z.enum(RETURN_METHODS).nullable(),
  returnAddress: z.string().nullable(),
  instructions: z.string(),
  refund: z
    .object({
      id: z.number().int(),
      amount: z.string(),
      status: z.string(),
      creditNote: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lines: z.array(ReturnLineSchema),
  events: z.array(ReturnEventSchema),
});
export type Return = z.infer<typeof ReturnSchema>;

/** The shopper's answer to their request: the return's number, state and lines. */
export const ShopperReturnSchema = ReturnSchema.pick({
  id: true,
  number: true,
  orderReference: true,
  status: true,
  reason: true,
  comment: true,
  photos: true,
  defectClaim: true,
  createdAt: true,
}).extend({ lines: z.array(ReturnLineSchema.pick({ orderItemId: true, name: true, quantity: true })) });

export const ReturnListItemSchema = ReturnSchema.pick({
  id: true,
  number: true,
  orderId: true,
  orderReference: true,
  customerName: true,
  status: true,
  reason: true,
  defectClaim: true,
  createdAt: true,
  updatedAt: true,
}).extend({ units: z.number().int(), photos: z.number().int() });
export type ReturnListItem = z.infer<typeof ReturnListItemSchema>;

export const ReturnListQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: 'status must be a return state' }).optional(),
  reason: z.enum(RETURN_REASONS, { error: 'reason must be a return reason' }).optional(),
  q: z.string().trim().max(100, 'The search is too long').optional(),
});
export type ReturnListQuery = z.infer<typeof ReturnListQuerySchema>;

export const ReturnListSchema = z.object({
  returns: z.array(ReturnListItemSchema),
  counts: z.record(z.enum(RETURN_STATUSES), z.number().int()),
});

export const ReturnIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a return id' }).int().positive().max(MAX_DB_ID),
});

/** GET /api/returns/policy: the return window per condition (days; 0: no return but a defect claim). */
export const ReturnPolicySchema = z.object({
  windows: z.record(z.enum(PRODUCT_CONDITIONS), z.number().int()),
});
