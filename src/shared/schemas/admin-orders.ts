// The administrator's order contracts: the paged
// list, the detail with its history, status, tracking, payment status and linking to a user.
import { z } from 'zod';
import { MAX_DB_ID, ORDER_STATUSES, PAYMENT_STATUSES } from '~/shared/constants';
import { TRACKING_CARRIERS } from '~/shared/tracking';
import { OrderEmailSchema, OrderRefundSchema } from './admin-orders-dialog';
import { OrderSchema } from './orders';

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const TRACKING_NUMBER_MAX = 100;

const STATUS_MESSAGE = `status must be one of ${ORDER_STATUSES.join(', ')}.`;
const PAYMENT_STATUS_MESSAGE = `paymentStatus must be one of ${PAYMENT_STATUSES.join(', ')}.`;

/**
 * Which orders the list shows (docs/decisions/0220-unpaid-checkouts.md): the orders to work (every order
 * but unpaid checkouts), only the unpaid checkouts (failed, or pending past their stock hold), or both.
 */
export const ORDER_VIEWS = ['orders', 'unpaid', 'all'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];
export const ORDER_VIEW_LABELS: Record<OrderView, string> = {
  orders: 'Orders',
  unpaid: 'Unpaid checkouts',
  all: 'Orders and unpaid checkouts',
};

/** The list's sortable columns; each has the direction a first click gives (newest, largest, A to Z). */
export const ORDER_SORTS = ['date', 'total', 'customer', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const DEFAULT_SORT_DIRECTION: Record<OrderSort, SortDirection> = {
  date: 'desc',
  total: 'desc',
  customer: 'asc',
  status: 'asc',
};
export const ADMIN_ORDERS_PAGE_SIZES = [20, 50, 100] as const;
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;

const dateFilter = (name: 'from' | 'to') =>
  z
    .string({ error: `${name} must be a date (yyyy-mm-dd).` })
    .trim()
    .refine(
      (v) => v === '' || (isCalendarDate(v) && v >= '2000-01-01' && v <= '2999-12-31'),
      `${name} must be a date (yyyy-mm-dd).`,
    )
    .optional()
    .transform((v) => (v ? v : undefined));

/** The filters shared by the list and its CSV export. */
const orderFilterFields = {
  /** orders (the default), unpaid or all. */
  view: z.enum(ORDER_VIEWS, { error: `view must be one of ${ORDER_VIEWS.join(', ')}.` }).default('orders'),
  /** One of the seven statuses; absent (or 'all') for every order. */
  status: z
    .union([z.literal('all'), z.enum(ORDER_STATUSES)], { error: STATUS_MESSAGE })
    .optional()
    .transform((v) => (v === 'all' ? undefined : v)),
  paymentStatus: z
    .union([z.literal('all'), z.enum(PAYMENT_STATUSES)], { error: PAYMENT_STATUS_MESSAGE })
    .optional()
    .transform((v) => (v === 'all' ? undefined : v)),
  /** Placed on or after this day (yyyy-mm-dd in the store's time zone). */
  from: dateFilter('from'),
  /** Placed on or before this day (inclusive). */
  to: dateFilter('to'),
  /** An order number or reference, or part of the customer's name or e-mail, any case. */
  search: z
    .string({ error: 'search must be text.' })
    .trim()
    .max(200, 'search must be at most 200 characters.')
    .optional(),
};

const dateRangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const DATE_RANGE_MESSAGE = { message: 'from must be on or before to.', path: ['from'] };

/** GET /api/orders/export.csv: the list's filters, without paging and sorting. */
export const AdminOrdersFilterSchema = z
  .object(orderFilterFields)
  .refine(dateRangeInOrder, DATE_RANGE_MESSAGE);
export type AdminOrdersFilter = z.infer<typeof AdminOrdersFilterSchema>;

/**
 * GET /api/orders/admin, and the admin page's query string (the same names, so a shared or reloaded
 * address shows the same list). `dir` defaults to the sort's own direction.
 */
export const AdminOrdersQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'page must be a whole number from 1.' })
      .int('page must be a whole number from 1.')
      .min(1, 'page must be a whole number from 1.')
      .max(100_000, 'page must be at most 100000.')
      .default(1),
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${ADMIN_ORDERS_MAX_PAGE_SIZE}.` })
      .int(`limit must be a whole number from 1 to ${ADMIN_ORDERS_MAX_PAGE_SIZE}.`)
      .min(1, `limit must be a whole number from 1 to ${ADMIN_ORDERS_MAX_PAGE_SIZE}.`)
      .max(
        ADMIN_ORDERS_MAX_PAGE_SIZE,
        `limit must be a whole number from 1 to ${ADMIN_ORDERS_MAX_PAGE_SIZE}.`,
      )
      .default(ADMIN_ORDERS_PAGE_SIZE),
    sort: z.enum(ORDER_SORTS, { error: `sort must be one of ${ORDER_SORTS.join(', ')}.` }).default('date'),
    dir: z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc.' }).optional(),
    ...orderFilterFields,
  })
  .refine(dateRangeInOrder, DATE_RANGE_MESSAGE)
  .transform((q) => ({ ...q, dir: q.dir ?? DEFAULT_SORT_DIRECTION[q.sort] }));
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

const DEFAULT_QUERY: AdminOrdersQuery = AdminOrdersQuerySchema.parse({});

/**
 * A query as URL parameters, leaving out what is the default (page 1, 20 a page, newest first, the
 * orders view, no filter): the admin page's address and the API call use the same names.
 */
export function adminOrdersSearchParams(query: Partial<AdminOrdersQuery>): URLSearchParams {
  const q = { ...DEFAULT_QUERY, ...query };
  const params = new URLSearchParams();
  if (q.view !== DEFAULT_QUERY.view) params.set('view', q.view);
  if (q.status) params.set('status', q.status);
  if (q.paymentStatus) params.set('paymentStatus', q.paymentStatus);
  if (q.from) params.set('from', q.from);
  if (q.to) params.set('to', q.to);
  if (q.search) params.set('search', q.search);
  if (q.sort !== DEFAULT_QUERY.sort) params.set('sort', q.sort);
  if (q.dir !== DEFAULT_SORT_DIRECTION[q.sort]) params.set('dir', q.dir);
  if (q.page !== DEFAULT_QUERY.page) params.set('page', String(q.page));
  if (q.limit !== DEFAULT_QUERY.limit) params.set('limit', String(q.limit));
  return params;
}

/**
 * The admin page's address read leniently: a value the schema refuses (typed by hand, or from an older
 * link) falls back to its default instead of breaking the page; the API would answer it with a 400.
 */
export function readAdminOrdersQuery(params: URLSearchParams): AdminOrdersQuery {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(AdminOrdersQuerySchema.in.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  for (;;) {
    const parsed = AdminOrdersQuerySchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')));
    const before = Object.keys(raw).length;
    for (const key of bad) delete raw[key];
    // An issue without a field of its own: start from the defaults.
    if (Object.keys(raw).length === before) return DEFAULT_QUERY;
  }
}

export const LinkedUserSchema = z.object({ id: z.number().int(), username: z.string(), email: z.string() });

/** An order as the administrator sees it: the customer's view plus delivery of the e-mail, stock and the linked user. */
export const AdminOrderSchema = OrderSchema.extend({
  confirmationEmailSent: z.boolean(),
  confirmationEmailStatus: z.string().nullable(),
  confirmationEmailError: z.string().nullable(),
  /** Sends tried so far; the maintenance job stops retrying at MAX_CONFIRMATION_EMAIL_ATTEMPTS. */
  confirmationEmailAttempts: z.number().int(),
  inventoryReduced: z.boolean(),
  /**
   * A payment that arrived after the order had closed (failed, expired, or paid once its stock was
   * sold): 'needed' until the provider gave it back, then 'refunded'; null when there was none
   * (docs/decisions/0121-payments-on-dead-orders.md).
   */
  refundStatus: z.enum(['needed', 'refunded']).nullable(),
  /** The provider's payment to give back, and its refund once given. */
  refundPaymentReference: z.string().nullable(),
  refundReference: z.string().nullable(),
  /** What staff gave back through the provider so far ("0.00" when nothing). */
  refundedAmount: z.string(),
  /** What store credit paid of the total at checkout ("0.00" when nothing; 0531). */
  storeCreditAmount: z.string().optional(),
  /** What gift cards paid of the total at checkout ("0.00" when nothing; 0533). */
  giftCardAmount: z.string().optional(),
  user: LinkedUserSchema.nullable(),
  /**
   * A checkout that was never paid and will not be (isUnpaidCheckout in src/shared/orders.ts,
   * docs/decisions/0220-unpaid-checkouts.md): shown apart, with no quick action.
   */
  unpaidCheckout: z.boolean(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/** An item a paid order lacks stock for: with any, no stock is taken for the order (decision 0043). */
export const PaymentShortageSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  needed: z.number().int(),
  available: z.number().int(),
});

/**
 * The answer of PATCH /api/orders/{id}/payment-status: the order, and after an administrator's
 * completion the items that lacked stock (an empty list when every item was taken).
 */
export const PaymentStatusAnswerSchema = OrderSchema.extend({
  shortages: z.array(PaymentShortageSchema).optional(),
});
export type PaymentStatusAnswer = z.infer<typeof PaymentStatusAnswerSchema>;

/** One change of an order: which field, from what, to what, by whom (actor kind and user), when. */
export const OrderHistoryEntrySchema = z.object({
  id: z.number().int(),
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** admin, return-page, webhook, payment-page, system, checkout... */
  actor: z.string(),
  actorUserId: z.number().int().nullable(),
  /** The acting user's username, when there was one and it still exists. */
  who: z.string().nullable(),
  at: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

/**
 * The detail dialog's order: its history (changes, staff notes as field 'staffNote', refunds as field
 * 'refund'), every refund asked of the provider, and the e-mails sent about it.
 */
export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  history: z.array(OrderHistoryEntrySchema),
  refunds: z.array(OrderRefundSchema),
  /**
   * Units of each order line given back or being given back by refunds by line, and the shipping
   * (docs/decisions/0510-refunds-by-line.md): what the refund form offers is the rest.
   */
  refundedUnits: z.array(z.object({ orderItemId: z.number().int(), quantity: z.number().int() })),
  refundedShipping: z.string(),
  emails: z.array(OrderEmailSchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const AdminOrderIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Order not found.' }).int().positive().max(2_147_483_647),
});

const emptyToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v === '' ? null : v;

export const trackingNumberField = z
  .string({ error: 'Tracking number must be text' })
  .trim()
  .max(TRACKING_NUMBER_MAX, `Tracking number must be at most ${TRACKING_NUMBER_MAX} characters`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'Tracking number contains characters that are not allowed')
  .nullable()
  .optional()
  .transform(emptyToNull);

/** A calendar date yyyy-mm-dd that exists (2025-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

export const estimatedDeliveryDateField = z
  .string({ error: 'Estimated delivery must be a date' })
  .trim()
  .refine(
    (v) => v === '' || (isCalendarDate(v) && v >= '2000-01-01' && v <= '2999-12-31'),
    'Estimated delivery must be a date',
  )
  .nullable()
  .optional()
  .transform(emptyToNull);

const CARRIER_MESSAGE = `trackingCarrier must be one of ${TRACKING_CARRIERS.join(', ')}, or empty.`;

/** One of the carriers with a public tracking page (src/shared/tracking.ts); blank or null for any other. */
export const trackingCarrierField = z
  .union([z.literal(''), z.enum(TRACKING_CARRIERS)], { error: CARRIER_MESSAGE })
  .nullable()
  .optional()
  .transform(emptyToNull);

/** PATCH /api/orders/{id}/status: the new status, and optionally the tracking details in the same change. */
export const OrderStatusUpdateSchema = z
  .strictObject({
    status: z.enum(ORDER_STATUSES, { error: STATUS_MESSAGE }),
    trackingNumber: trackingNumberField,
    trackingCarrier: trackingCarrierField,
    estimatedDeliveryDate: estimatedDeliveryDateField,
    /**
     * With status cancelled, on a paid order: first give back what is left of the payment through the
     * provider and put the items back in stock (docs/decisions/0230-refunds-through-the-provider.md).
     */
    refund: z.boolean({ error: 'refund must be true or false' }).optional(),
    /**
     * With status cancelled: put the order's items back in stock (when they were taken), or keep them out
     * (false: the parcel has left). Left out, it follows `refund` (docs/decisions/0464-cancel-refund-and-restock.md).
     */
    restock: z.boolean({ error: 'restock must be true or false' }).optional(),
  })
  .refine((v) => !v.refund || v.status === 'cancelled', {
    message: 'refund goes only with status cancelled',
    path: ['refund'],
  })
  .refine((v) => v.restock === undefined || v.status === 'cancelled', {
    message: 'restock goes only with status cancelled',
    path: ['restock'],
  });
export type OrderStatusUpdateInput = z.input<typeof OrderStatusUpdateSchema>;
export type OrderStatusUpdate = z.infer<typeof OrderStatusUpdateSchema>;

export const BULK_STATUS_MAX_ORDERS = 100;
const BULK_IDS_MESSAGE = 'ids must be a list of order numbers.';

/**
 * POST /api/orders/bulk-status: one status for several orders. An id that names no order is reported
 * in the answer and the others still change; a bad status or list changes nothing (400).
 */
export const BulkOrderStatusSchema = z.strictObject({
  ids: z
    .array(z.number({ error: BULK_IDS_MESSAGE }), { error: BULK_IDS_MESSAGE })
    .min(1, 'Choose at least one order.')
    .max(BULK_STATUS_MAX_ORDERS, `At most ${BULK_STATUS_MAX_ORDERS} orders can be changed at once.`),
  status: z.enum(ORDER_STATUSES, { error: STATUS_MESSAGE }),
});
export type BulkOrderStatusInput = z.input<typeof BulkOrderStatusSchema>;

/** How the change went for one order: its status after it, or why it did not change. */
export const BulkOrderStatusResultSchema = z.discriminatedUnion('ok', [
  z.object({ id: z.number(), ok: z.literal(true), status: z.string() }),
  z.object({ id: z.number(), ok: z.literal(false), message: z.string() }),
]);
export type BulkOrderStatusResult = z.infer<typeof BulkOrderStatusResultSchema>;

/** Each order once, in the order given; `updated` counts those now in the status (already there included). */
export const BulkOrderStatusAnswerSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  updated: z.number().int(),
  failed: z.number().int(),
  results: z.array(BulkOrderStatusResultSchema),
});
export type BulkOrderStatusAnswer = z.infer<typeof BulkOrderStatusAnswerSchema>;

/** POST /api/orders/bulk-ship: the most lines one tracking CSV may have (a day's parcels, with room). */
export const BULK_SHIP_MAX_ROWS = 500;

/**
 * How one line of the tracking CSV went: the order shipped (or its tracking corrected) with that number,
 * or why nothing was changed for it. `line` is the row number a spreadsheet shows (the header is 1).
 */
export const BulkShipResultSchema = z.discriminatedUnion('ok', [
  z.object({
    line: z.number(),
    ok: z.literal(true),
    orderId: z.number(),
    trackingNumber: z.string(),
    trackingCarrier: z.string().nullable(),
    /** False when the order was already shipped with this number: nothing changed, nothing sent. */
    changed: z.boolean(),
  }),
  z.object({ line: z.number(), ok: z.literal(false), order: z.string(), message: z.string() }),
]);
export type BulkShipResult = z.infer<typeof BulkShipResultSchema>;

export const BulkShipAnswerSchema = z.object({
  shipped: z.number().int(),
  refused: z.number().int(),
  results: z.array(BulkShipResultSchema),
});
export type BulkShipAnswer = z.infer<typeof BulkShipAnswerSchema>;

const SLIP_IDS_MESSAGE = 'ids must be order numbers separated by commas, such as ids=12,15,40.';

/**
 * GET /api/orders/packing-slips?ids=12,15,40: the packing slips of several orders in one printable page,
 * in the order given, each order once.
 */
export const PackingSlipsQuerySchema = z.object({
  ids: z
    .string({ error: SLIP_IDS_MESSAGE })
    .regex(/^\s*\d{1,10}\s*(,\s*\d{1,10}\s*)*$/, SLIP_IDS_MESSAGE)
    .transform((v) => [...new Set(v.split(',').map((id) => Number(id.trim())))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_DB_ID), SLIP_IDS_MESSAGE)
    .refine(
      (ids) => ids.length <= BULK_STATUS_MAX_ORDERS,
      `At most ${BULK_STATUS_MAX_ORDERS} packing slips can be printed at once.`,
    ),
});

/** PATCH /api/orders/{id}: tracking number and estimated delivery date (blank clears them). */
export const OrderDetailsUpdateSchema = z.strictObject({
  trackingNumber: trackingNumberField,
  trackingCarrier: trackingCarrierField,
  estimatedDeliveryDate: estimatedDeliveryDateField,
});
export type OrderDetailsUpdateInput = z.input<typeof OrderDetailsUpdateSchema>;
export type OrderDetailsUpdate = z.infer<typeof OrderDetailsUpdateSchema>;

/** POST /api/orders/{id}/associate. */
export const AssociateOrderSchema = z.strictObject({
  userId: z
    .number({ error: 'userId must be a user id' })
    .int('userId must be a user id')
    .positive('userId must be a user id')
    // Ids are PostgreSQL integers: a larger number is no user, not a database error.
    .max(MAX_DB_ID, 'userId must be a user id'),
});

/** Quick actions (spec section 4): only pending and processing orders have one. */
export function quickActionFor(status: string): { to: 'processing' | 'shipped'; label: string } | null {
  if (status === 'pending') return { to: 'processing', label: 'Mark Processing' };
  if (status === 'processing') return { to: 'shipped', label: 'Mark Shipped' };
  return null;
}
