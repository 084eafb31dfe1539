// Shipping many orders from one CSV of tracking numbers (docs/decisions/0480-bulk-shipping-from-a-tracking-csv.md):
// the file a shipping program or a spreadsheet gives, one line per parcel (order, carrier, tracking
// number), read by the store's one CSV reader (UTF-8 or Windows-1252; comma, semicolon or tab). Each
// line ships its order through the Fulfil step's own change (setOrderStatus with status, number and
// carrier), in its own transaction, so the customer's one 'has shipped' e-mail carries that line's
// number. A line that names no order, an order that cannot be shipped, or a number that cannot be one is
// reported with its line number and changes nothing; the other lines still ship.
import { eq } from 'drizzle-orm';
import {
  BULK_SHIP_MAX_ROWS,
  type BulkShipAnswer,
  type BulkShipResult,
  trackingNumberField,
} from '~/shared/schemas/admin-orders';
import { orderStatusLabel } from '~/shared/orders';
import { TRACKING_CARRIER_LABELS, TRACKING_CARRIERS, type TrackingCarrier } from '~/shared/tracking';
import type { AppContext } from '~/server/context';
import { orders } from '~/server/db/schema';
import { csvRecords } from '~/server/lib/csv-input';
import { badRequest, HttpError } from '~/server/lib/http-error';
import { ORDER_NOT_FOUND, setOrderStatus } from '~/server/features/orders';
import { referenceCandidate } from './repository';

/**
 * A header or carrier cell as compared: accents dropped, lower case, letters and digits only
 * ('Order #' -> 'order', 'Numéro de suivi' -> 'numerodesuivi').
 */
const key = (text: string) =>
  text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The header words each column is known by, as shipping programs and spreadsheets write them (English, French). */
const ORDER_HEADERS = [
  'order',
  'orderno',
  'ordernumber',
  'orderid',
  'orderref',
  'orderreference',
  'reference',
  'ref',
  'commande',
  'nodecommande',
  'numerodecommande',
];
const CARRIER_HEADERS = ['carrier', 'shippingcarrier', 'courier', 'transporteur'];
const TRACKING_HEADERS = [
  'tracking',
  'trackingnumber',
  'trackingno',
  'trackingid',
  'trackingcode',
  'trackingpin',
  'pin',
  'suivi',
  'nodesuivi',
  'numerodesuivi',
];

export const COLUMNS_MESSAGE =
  'The file needs a header line with an order column (Order or Reference) and a Tracking Number column; Carrier is optional.';

/** Carrier words -> the store's carriers; blank or 'Other' is a carrier without a tracking page. */
const CARRIER_WORDS: Record<string, TrackingCarrier | null> = {
  ...Object.fromEntries(TRACKING_CARRIERS.map((c) => [key(c), c])),
  ...Object.fromEntries(TRACKING_CARRIERS.map((c) => [key(TRACKING_CARRIER_LABELS[c]), c])),
  postescanada: 'canada-post',
  cpc: 'canada-post',
  '': null,
  other: null,
  none: null,
};

const CARRIER_MESSAGE = `The carrier must be one of ${TRACKING_CARRIERS.map((c) => TRACKING_CARRIER_LABELS[c]).join(', ')}, or Other (or blank) for any other carrier.`;

/** Statuses from which an order is shipped by this file; Shipped itself corrects its tracking. */
const SHIPPABLE = new Set(['pending', 'processing', 'shipped']);

type Line = { line: number; order: string; carrier: string; tracking: string };

function columnOf(header: string[], names: string[]): number {
  return header.findIndex((cell) => names.includes(key(cell)));
}

/** The lines of the file, read in full before anything changes: a file the reader refuses changes nothing. */
async function readLines(file: Buffer): Promise<Line[]> {
  const unreadable: string[] = [];
  const lines: Line[] = [];
  let header: { order: number; carrier: number; tracking: number } | null = null;
  for await (const record of csvRecords(file, (row, message) => unreadable.push(`line ${row}: ${message}`), {
    maxRows: BULK_SHIP_MAX_ROWS,
  })) {
    if (record.cells.every((c) => c.trim() === '')) continue;
    if (!header) {
      const cells = record.cells.map((c) => c.replace(/^\ufeff/, ''));
      header = {
        order: columnOf(cells, ORDER_HEADERS),
        carrier: columnOf(cells, CARRIER_HEADERS),
        tracking: columnOf(cells, TRACKING_HEADERS),
      };
      if (header.order < 0 || header.tracking < 0) throw badRequest(COLUMNS_MESSAGE);
      continue;
    }
    const cell = (i: number) => (i < 0 ? '' : (record.cells[i] ?? '').trim());
    lines.push({
      line: record.row,
      order: cell(header.order),
      carrier: cell(header.carrier),
      tracking: cell(header.tracking),
    });
  }
  if (unreadable.length > 0) throw badRequest(`Some lines could not be read: ${unreadable.join('; ')}.`);
  if (!header) throw badRequest(COLUMNS_MESSAGE);
  if (lines.length === 0) throw badRequest('The file has no lines after its header.');
  return lines;
}

/** The order a cell names: its number ('12', '#12') or its reference ('ORD-…'), or null when it cannot be one. */
async function findOrder(ctx: AppContext, text: string) {
  const number = /^#?(\d{1,9})$/.exec(text);
  const reference = number ? null : referenceCandidate(text);
  if (!number && !reference) return null;
  const [row] = await ctx.db
    .select({
      id: orders.id,
      status: orders.status,
      shippingMethod: orders.shippingMethod,
      trackingNumber: orders.trackingNumber,
      trackingCarrier: orders.trackingCarrier,
    })
    .from(orders)
    .where(number ? eq(orders.id, Number(number[1])) : eq(orders.orderReference, reference!));
  return row ?? null;
}

/** Why a line cannot ship before its order is looked at, or its carrier and number. */
function checkLine(
  line: Line,
): { message: string } | { carrier: TrackingCarrier | null; trackingNumber: string } {
  if (!line.order) return { message: 'No order is named on this line.' };
  const carrier = CARRIER_WORDS[key(line.carrier)];
  if (carrier === undefined) return { message: CARRIER_MESSAGE };
  if (!line.tracking)
    return {
      message:
        'No tracking number on this line: ship an order without one from its own dialog (local delivery, an untracked letter).',
    };
  // A long number kept in a number column comes back as 1.23457E+15: its digits are lost.
  if (/^\d+(\.\d+)?e\+?\d+$/i.test(line.tracking))
    return {
      message: `The tracking number "${line.tracking}" was rounded by a spreadsheet (scientific notation): format the column as text and export it again.`,
    };
  const parsed = trackingNumberField.safeParse(line.tracking);
  if (!parsed.success) return { message: `${parsed.error.issues[0]?.message ?? 'Invalid tracking number'}.` };
  return { carrier, trackingNumber: parsed.data! };
}

async function shipLine(
  ctx: AppContext,
  actor: { userId: number },
  line: Line,
  seen: Map<number, number>,
): Promise<BulkShipResult> {
  const refuse = (message: string): BulkShipResult => ({
    line: line.line,
    ok: false,
    order: line.order,
    message,
  });
  const checked = checkLine(line);
  if ('message' in checked) return refuse(checked.message);
  const order = await findOrder(ctx, line.order);
  if (!order) return refuse(ORDER_NOT_FOUND);
  const earlier = seen.get(order.id);
  if (earlier !== undefined) return refuse(`Order #${order.id} is already on line ${earlier} of this file.`);
  seen.set(order.id, line.line);
  if (order.shippingMethod === 'pickup')
    return refuse(`Order #${order.id} is picked up in store: it is not shipped.`);
  // Cancelled, unpaid and refunded orders are refused by the status change itself (its guard, in the
  // order's lock); an order already handed over is not shipped again.
  if (!SHIPPABLE.has(order.status) && order.status !== 'cancelled')
    return refuse(`Order #${order.id} is ${orderStatusLabel(order.status)}: it is not shipped again.`);
  const changed =
    order.status !== 'shipped' ||
    order.trackingNumber !== checked.trackingNumber ||
    order.trackingCarrier !== checked.carrier;
  try {
    await setOrderStatus(ctx, actor, order.id, {
      status: 'shipped',
      trackingNumber: checked.trackingNumber,
      trackingCarrier: checked.carrier,
      estimatedDeliveryDate: undefined,
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return refuse(error.message);
    // Its transaction rolled back: this order is as it was; the other lines go on.
    ctx.log.error({ err: error, orderId: order.id }, 'shipping one line of a tracking file failed');
    return refuse('This order could not be changed. Please try again.');
  }
  return {
    line: line.line,
    ok: true,
    orderId: order.id,
    trackingNumber: checked.trackingNumber,
    trackingCarrier: checked.carrier,
    changed,
  };
}

export async function bulkShipFromCsv(
  ctx: AppContext,
  actor: { userId: number },
  file: Buffer,
): Promise<BulkShipAnswer> {
  const lines = await readLines(file);
  const seen = new Map<number, number>();
  const results: BulkShipResult[] = [];
  // One order at a time, each in its own transaction, as the bulk status change: never a deadlock.
  for (const line of lines) results.push(await shipLine(ctx, actor, line, seen));
  const shipped = results.filter((r) => r.ok).length;
  return { shipped, refused: results.length - shipped, results };
}
