// Staff's steps of a return (docs/decisions/0540-return-requests.md): approve or refuse, send the
// instructions, receive, close. Each runs under the return's row lock, checks the state it moves
// from (a step taken twice at once is one step and one 409), records its event for the order's
// timeline and queues the shopper's e-mail in the same transaction; the e-mail goes after the commit.
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import type { Tx } from '~/server/db/client';
import { orderItems, orders, returnEvents, returnRequestLines, returnRequests } from '~/server/db/schema';
import { deliverOrderEmails } from '~/server/features/orders';
import { badRequest, conflict, notFound } from '~/server/lib/http-error';
import {
  type ReturnDecision,
  type ReturnEventKind,
  type ReturnInstructions,
  type ReturnReceive,
  type ReturnStatus,
  returnNumber,
} from '~/shared/schemas/returns';
import { type ReturnEmailKind, queueReturnEmail } from './emails';

export const RETURN_NOT_FOUND = 'Return not found.';

type ReturnRow = typeof returnRequests.$inferSelect;
type LineRow = typeof returnRequestLines.$inferSelect & { item: typeof orderItems.$inferSelect };

export async function lockReturn(tx: Tx, id: number): Promise<ReturnRow> {
  const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update');
  if (!row) throw notFound(RETURN_NOT_FOUND);
  return row;
}

export async function linesOf(tx: Tx, id: number): Promise<LineRow[]> {
  const rows = await tx
    .select({ line: returnRequestLines, item: orderItems })
    .from(returnRequestLines)
    .innerJoin(orderItems, eq(orderItems.id, returnRequestLines.orderItemId))
    .where(eq(returnRequestLines.returnId, id))
    .orderBy(asc(returnRequestLines.id));
  return rows.map((r) => ({ ...r.line, item: r.item }));
}

export function refuseState(ret: ReturnRow, allowed: readonly ReturnStatus[], doing: string): void {
  if (!allowed.includes(ret.status as ReturnStatus))
    throw conflict(
      `${returnNumber(ret.id)} is ${ret.status}: it can be ${doing} only when it is ${allowed.join(' or ')}.`,
    );
}

/** Records a step's event and, when the shopper is told of it, queues its e-mail. */
export async function recordStep(
  tx: Tx,
  ctx: AppContext,
  ret: ReturnRow,
  step: { kind: ReturnEventKind; message: string; userId: number; email?: ReturnEmailKind },
): Promise<number | null> {
  const [event] = await tx
    .insert(returnEvents)
    .values({
      returnId: ret.id,
      orderId: ret.orderId,
      kind: step.kind,
      message: step.message,
      actorUserId: step.userId,
    })
    .returning();
  if (!step.email) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, ret.orderId));
  return queueReturnEmail(tx, ctx, {
    kind: step.email,
    ret,
    order: order!,
    lines: await linesOf(tx, ret.id),
    message: step.message,
    eventId: event!.id,
  });
}

/** One step: the lock, the work, the event and e-mail; the e-mail delivered after the commit. */
async function runStep(
  ctx: AppContext,
  id: number,
  work: (tx: Tx, ret: ReturnRow) => Promise<number | null>,
): Promise<void> {
  const mail = await ctx.db.transaction(async (tx) => work(tx, await lockReturn(tx, id)));
  await deliverOrderEmails(ctx, [mail]);
}

async function update(tx: Tx, id: number, values: Partial<typeof returnRequests.$inferInsert>) {
  const [row] = await tx
    .update(returnRequests)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(returnRequests.id, id))
    .returning();
  return row!;
}

export function decideReturn(ctx: AppContext, id: number, input: ReturnDecision, userId: number) {
  return runStep(ctx, id, async (tx, ret) => {
    refuseState(ret, ['requested'], input.decision === 'approve' ? 'approved' : 'refused');
    const status = input.decision === 'approve' ? 'approved' : 'refused';
    const after = await update(tx, id, { status, staffMessage: input.message });
    return recordStep(tx, ctx, after, { kind: status, message: input.message, userId, email: status });
  });
}

/** The instructions may be sent again (corrected) while the return is approved and not yet received. */
export function sendInstructions(ctx: AppContext, id: number, input: ReturnInstructions, userId: number) {
  return runStep(ctx, id, async (tx, ret) => {
    refuseState(ret, ['approved'], 'given instructions');
    const after = await update(tx, id, {
      returnMethod: input.method,
      returnAddress: input.method === 'ship' ? input.address : null,
      instructions: input.message,
    });
    return recordStep(tx, ctx, after, {
      kind: 'instructions',
      message: input.message,
      userId,
      email: 'instructions',
    });
  });
}

/** What came back: every line of the return, received and damaged units (at most what was asked). */
export function receiveReturn(ctx: AppContext, id: number, input: ReturnReceive, userId: number) {
  return runStep(ctx, id, async (tx, ret) => {
    refuseState(ret, ['approved'], 'received');
    const lines = await linesOf(tx, id);
    const given = new Map(input.lines.map((l) => [l.lineId, l]));
    for (const l of input.lines)
      if (!lines.some((line) => line.id === l.lineId))
        throw badRequest(`Line ${l.lineId} is not a line of this return.`);
    for (const line of lines) {
      const got = given.get(line.id);
      if (!got) throw badRequest(`Say what came back of ${line.item.productName} (line ${line.id}).`);
      if (got.received > line.quantity)
        throw badRequest(
          `${line.item.productName}: at most ${line.quantity} can be received (the units asked for).`,
        );
    }
    for (const line of lines) {
      const got = given.get(line.id)!;
      await tx
        .update(returnRequestLines)
        .set({ receivedQuantity: got.received, damagedQuantity: got.damaged })
        .where(eq(returnRequestLines.id, line.id));
    }
    const after = await update(tx, id, { status: 'received' });
    return recordStep(tx, ctx, after, {
      kind: 'received',
      message: input.message,
      userId,
      email: 'received',
    });
  });
}

/** Staff close a return without (further) refund: the items never came back, or it was settled otherwise. */
export function closeReturn(ctx: AppContext, id: number, message: string, userId: number) {
  return runStep(ctx, id, async (tx, ret) => {
    refuseState(ret, ['requested', 'approved', 'received', 'refunded'], 'closed');
    const after = await update(tx, id, { status: 'closed', staffMessage: message || ret.staffMessage });
    return recordStep(tx, ctx, after, { kind: 'closed', message, userId, email: 'closed' });
  });
}
