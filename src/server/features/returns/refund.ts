// The refund of a return through the refund-by-line service (docs/decisions/0510-refunds-by-line.md):
// the units staff choose of each line (at most those received), the shipping, and the destination
// passed through as given ("original" today; "store_credit" once store credit exists). Stock is not
// touched by the refund: the re-grade step puts units back (restock false on every line). The return
// is claimed first by a conditional update, so two refunds of one return at once make one refund and
// one 409; a refusal by the provider or the service releases the claim with nothing changed.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import { returnRequests } from '~/server/db/schema';
import { refundOrder } from '~/server/features/orders';
import { badRequest, conflict } from '~/server/lib/http-error';
import { type ReturnRefund, returnNumber } from '~/shared/schemas/returns';
import { linesOf, lockReturn, recordStep, refuseState } from './steps';

export async function refundReturn(
  ctx: AppContext,
  id: number,
  input: ReturnRefund,
  actor: { userId: number; limitRefusal?: (cents: number) => Error | null },
): Promise<void> {
  const { orderId, lines } = await ctx.db.transaction(async (tx) => {
    const ret = await lockReturn(tx, id);
    refuseState(ret, ['received'], 'refunded');
    const lines = await linesOf(tx, id);
    const chosen = input.lines.map((l) => {
      const line = lines.find((x) => x.id === l.lineId);
      if (!line) throw badRequest(`Line ${l.lineId} is not a line of this return.`);
      if (l.quantity > (line.receivedQuantity ?? 0))
        throw badRequest(
          `${line.item.productName}: at most ${line.receivedQuantity ?? 0} can be refunded (the units received).`,
        );
      return { orderItemId: line.orderItemId, quantity: l.quantity, restock: false };
    });
    if (chosen.every((l) => l.quantity === 0) && input.shipping <= 0)
      throw badRequest('Choose the units or some shipping to refund.');
    const [claimed] = await tx
      .update(returnRequests)
      .set({ refundClaimedAt: sql`now()` })
      // A claim left by a crash is taken over after 10 minutes: the refund service still counts a
      // refund left pending then, so the units cannot be refunded twice.
      .where(
        and(
          eq(returnRequests.id, id),
          or(
            isNull(returnRequests.refundClaimedAt),
            lt(returnRequests.refundClaimedAt, sql`now() - interval '10 minutes'`),
          ),
        ),
      )
      .returning({ id: returnRequests.id });
    if (!claimed) throw conflict(`${returnNumber(id)} is already being refunded.`);
    return { orderId: ret.orderId, lines: chosen.filter((l) => l.quantity > 0) };
  });
  let refundId: number;
  try {
    const refund = await refundOrder(ctx, actor, orderId, {
      lines: {
        lines,
        shipping: input.shipping,
        destination: input.destination,
        reason: input.reason || `Return ${returnNumber(id)}`,
      },
    });
    refundId = refund.id;
  } catch (error) {
    await ctx.db.update(returnRequests).set({ refundClaimedAt: null }).where(eq(returnRequests.id, id));
    throw error;
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(returnRequests)
      .set({ status: 'refunded', refundId, updatedAt: sql`now()` })
      .where(eq(returnRequests.id, id));
    const ret = await lockReturn(tx, id);
    // The refund's own e-mail (its credit note) is the shopper's word of it: no second e-mail here.
    await recordStep(tx, ctx, ret, { kind: 'refunded', message: input.reason, userId: actor.userId });
  });
}
