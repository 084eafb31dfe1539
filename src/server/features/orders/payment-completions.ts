// A payment the provider confirmed but the store could not record (the database refused the write,
// its disk was full): the money is taken, so the completion is kept and finished later by the
// maintenance job, as an e-mail is retried, and the shopper is told the payment arrived
// (docs/decisions/0445-payments-completed-after-a-failed-write.md).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import { paymentCompletions } from '~/server/db/schema';
import { HttpError } from '~/server/lib/http-error';

export const PAYMENT_RECEIVED_MESSAGE =
  'We received your payment. Your order is being confirmed, and your confirmation e-mail is on its way.';

/** Seconds a shopper is asked to wait before looking at the order again. */
const PAYMENT_RECEIVED_RETRY_AFTER = 30;

/** 503 with the message above: the payment is safe, only its recording is late. */
export class PaymentReceivedError extends HttpError {
  readonly retryAfter = PAYMENT_RECEIVED_RETRY_AFTER;
  constructor() {
    super(503, PAYMENT_RECEIVED_MESSAGE, { retryAfter: PAYMENT_RECEIVED_RETRY_AFTER });
  }
}

/**
 * The innermost cause's message and SQLSTATE ("53100: could not extend file..."): the driver's own
 * wrapper carries the statement and its values, which are not the administrator's business.
 */
function errorText(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  const code = (inner as { code?: unknown }).code;
  const message = inner instanceof Error ? inner.message : String(inner);
  return `${typeof code === 'string' ? `${code}: ` : ''}${message}`.slice(0, 500);
}

/**
 * Keeps a confirmed payment whose completion failed, for the job to finish. A write of its own, after
 * the failed transaction rolled back; when the database refuses this one too, the failure is logged
 * and the provider's own retry (Square re-sends its webhook) is what is left. Never throws.
 */
export async function recordPaymentToComplete(
  ctx: AppContext,
  orderId: number,
  paymentReference: string | null,
  actor: string,
  error: unknown,
): Promise<boolean> {
  try {
    await ctx.db
      .insert(paymentCompletions)
      .values({ orderId, paymentReference, actor, lastError: errorText(error) })
      .onConflictDoUpdate({
        target: paymentCompletions.orderId,
        set: { lastError: errorText(error), completedAt: null, paymentReference },
      });
    ctx.log.error({ err: error, orderId }, 'payment confirmed but not recorded: completion kept for retry');
    return true;
  } catch (recordError) {
    ctx.log.error(
      { err: recordError, cause: error, orderId, paymentReference },
      'payment confirmed but neither recorded nor kept for retry',
    );
    return false;
  }
}

/** Completions still to finish, oldest first. */
export function duePaymentCompletions(ctx: AppContext, limit: number) {
  return ctx.db
    .select()
    .from(paymentCompletions)
    .where(isNull(paymentCompletions.completedAt))
    .orderBy(asc(paymentCompletions.id))
    .limit(limit);
}

/** One more attempt made: finished (`done`) or failed again with `error`. */
export async function recordCompletionAttempt(ctx: AppContext, id: number, done: boolean, error?: unknown) {
  await ctx.db
    .update(paymentCompletions)
    .set({
      attempts: sql`${paymentCompletions.attempts} + 1`,
      completedAt: done ? sql`now()` : null,
      lastError: done ? null : errorText(error),
    })
    .where(and(eq(paymentCompletions.id, id), isNull(paymentCompletions.completedAt)));
}
