// One status for several orders at once (the list's bulk action). Each order goes through the very
// function a single change uses (setOrderStatus in src/server/features/orders/admin-changes.ts), in its
// own transaction: history, audit and whatever else a status change brings happen per order exactly as
// when the administrator changes one. One order that cannot change does not hold back the others; the
// answer says, order by order, how it went.
import { HttpError } from '~/server/lib/http-error';
import type { BulkOrderStatusAnswer, BulkOrderStatusResult } from '~/shared/schemas/admin-orders';
import type { OrderStatus } from '~/shared/constants';
import type { AppContext } from '~/server/context';
import { ORDER_NOT_FOUND, setOrderStatus } from '~/server/features/orders';

const MAX_ORDER_ID = 2_147_483_647;
const NOT_CHANGED = 'This order could not be changed. Please try again.';

export async function bulkSetOrderStatus(
  ctx: AppContext,
  actor: { userId: number },
  ids: number[],
  status: OrderStatus,
): Promise<BulkOrderStatusAnswer> {
  const results: BulkOrderStatusResult[] = [];
  // One order locked at a time, each in its own transaction: two bulk changes never deadlock.
  const unique = [...new Set(ids)];
  for (const id of unique) {
    // Not an order number at all (1.5, 0, -3, past the column's range): no order by that id.
    if (!Number.isInteger(id) || id < 1 || id > MAX_ORDER_ID) {
      results.push({ id, ok: false, message: ORDER_NOT_FOUND });
      continue;
    }
    try {
      await setOrderStatus(ctx, actor, id, {
        status,
        trackingNumber: undefined,
        trackingCarrier: undefined,
        estimatedDeliveryDate: undefined,
      });
      results.push({ id, ok: true, status });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) {
        results.push({ id, ok: false, message: error.message });
      } else {
        // Its transaction rolled back: this order is as it was. The others are reported as they went.
        ctx.log.error({ err: error, orderId: id }, 'a bulk status change failed for one order');
        results.push({ id, ok: false, message: NOT_CHANGED });
      }
    }
  }
  const updated = results.filter((r) => r.ok).length;
  return { status, updated, failed: results.length - updated, results };
}
