// The till's registers and sessions (docs/decisions/0600-till.md): a session opens on a register with
// the cash in its drawer, takes drops and payouts, and closes with the cash counted by denomination
// against what the drawer should hold. Its X report (while open) and Z report (at close) add up its sales.
import { and, asc, desc, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { centsToString, toCents } from '~/shared/money';
import type { ReportRangeQuery, TillSessionsReport } from '~/shared/schemas/admin-reports';
import type { PosReport, PosSession } from '~/shared/schemas/pos';
import type { DbOrTx } from '~/server/db/client';
import {
  orderRefunds,
  orders,
  posCashMovements,
  posRegisters,
  posSessions,
  posTenders,
  users,
} from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { badRequest, conflict, notFound } from '~/server/lib/http-error';

export const DEFAULT_REGISTER = 'Register 1';
export const SESSION_NOT_FOUND = 'No such till session.';
export const SESSION_CLOSED = 'This till session is closed. Open a new one to sell.';
export const CARD_STILL_AWAITED =
  'A card payment is still waiting on the terminal: finish or cancel it before closing.';
/** Sales that count in a session's report: not one awaiting its card, nor one cancelled unpaid. */
const COUNTED_SALE = notInArray(orders.paymentStatus, ['pending', 'failed']);
export const REGISTER_BUSY = 'A session is already open on this register. Close it before opening another.';

/** The active registers with their open session; the first visit makes 'Register 1'. */
export async function listRegisters(db: DbOrTx) {
  await db.insert(posRegisters).values({ name: DEFAULT_REGISTER }).onConflictDoNothing();
  const rows = await db
    .select({
      id: posRegisters.id,
      name: posRegisters.name,
      openSessionId: posSessions.id,
      squareDeviceId: posRegisters.squareDeviceId,
    })
    .from(posRegisters)
    .leftJoin(posSessions, and(eq(posSessions.registerId, posRegisters.id), isNull(posSessions.closedAt)))
    .where(eq(posRegisters.active, true))
    .orderBy(asc(posRegisters.id));
  return rows.map((r) => ({ ...r, openSessionId: r.openSessionId ?? null }));
}

export async function findSession(db: DbOrTx, id: number): Promise<PosSession | null> {
  const [row] = await db
    .select({
      id: posSessions.id,
      registerId: posSessions.registerId,
      registerName: posRegisters.name,
      closedAt: posSessions.closedAt,
      openedBy: users.username,
      openedAt: posSessions.openedAt,
      openingFloat: posSessions.openingFloat,
    })
    .from(posSessions)
    .innerJoin(posRegisters, eq(posRegisters.id, posSessions.registerId))
    .leftJoin(users, eq(users.id, posSessions.openedBy))
    .where(eq(posSessions.id, id));
  if (!row) return null;
  return {
    id: row.id,
    registerId: row.registerId,
    registerName: row.registerName,
    status: row.closedAt ? 'closed' : 'open',
    openedBy: row.openedBy ?? '',
    openedAt: row.openedAt.toISOString(),
    openingFloat: row.openingFloat,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

export async function openSession(
  db: DbOrTx,
  input: { registerId: number; openingFloat: string },
  userId: number,
): Promise<PosSession> {
  const [register] = await db
    .select({ id: posRegisters.id })
    .from(posRegisters)
    .where(and(eq(posRegisters.id, input.registerId), eq(posRegisters.active, true)));
  if (!register) throw badRequest('Choose a register');
  // The unique index on open sessions decides between two cashiers opening one register at once.
  const [row] = await db
    .insert(posSessions)
    .values({ registerId: register.id, openingFloat: input.openingFloat, openedBy: userId })
    .onConflictDoNothing()
    .returning({ id: posSessions.id });
  if (!row) throw conflict(REGISTER_BUSY);
  await recordAudit(db, {
    userId,
    action: 'open-till',
    entity: 'pos-session',
    entityId: row.id,
    after: { registerId: register.id, openingFloat: input.openingFloat },
  });
  return (await findSession(db, row.id))!;
}

/** The session's row, locked, refused when it is closed: sales, drops and the close all start here. */
export async function lockOpenSession(db: DbOrTx, id: number) {
  const [row] = await db.select().from(posSessions).where(eq(posSessions.id, id)).for('update');
  if (!row) throw notFound(SESSION_NOT_FOUND);
  if (row.closedAt) throw conflict(SESSION_CLOSED);
  return row;
}

/** Must run in a transaction: the session's row lock keeps the close from counting around it. */
export async function addCashMovement(
  db: DbOrTx,
  sessionId: number,
  movement: { kind: 'drop' | 'payout'; amount: string; reason: string },
  userId: number,
) {
  const cents = toCents(movement.amount) ?? 0;
  if (cents <= 0) throw badRequest('Enter an amount like 150.00');
  await lockOpenSession(db, sessionId);
  await db.insert(posCashMovements).values({
    sessionId,
    kind: movement.kind,
    amount: centsToString(cents),
    reason: movement.reason,
    userId,
  });
  return sessionReport(db, sessionId);
}

/** Cents by denomination counted: { "2000": 3 } is $60.00. */
export function countedCents(counts: Partial<Record<string, number>>): number {
  return Object.entries(counts).reduce((sum, [value, count]) => sum + Number(value) * (count ?? 0), 0);
}

export async function closeSession(
  db: DbOrTx,
  sessionId: number,
  input: { counts: Partial<Record<string, number>>; note?: string },
  userId: number,
): Promise<PosReport> {
  await lockOpenSession(db, sessionId);
  const [awaiting] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.posSessionId, sessionId), eq(orders.paymentStatus, 'pending')))
    .limit(1);
  if (awaiting) throw conflict(CARD_STILL_AWAITED);
  const open = await sessionReport(db, sessionId);
  const expected = toCents(open.expectedCash) ?? 0;
  const counted = countedCents(input.counts);
  await db
    .update(posSessions)
    .set({
      closedAt: new Date(),
      closedBy: userId,
      counts: Object.fromEntries(Object.entries(input.counts).filter(([, n]) => n !== undefined)) as Record<
        string,
        number
      >,
      expectedCash: centsToString(expected),
      countedCash: centsToString(counted),
      variance: centsToString(counted - expected),
      note: input.note?.trim() || null,
    })
    .where(eq(posSessions.id, sessionId));
  const report = await sessionReport(db, sessionId);
  await recordAudit(db, {
    userId,
    action: 'close-till',
    entity: 'pos-session',
    entityId: sessionId,
    after: report,
  });
  return report;
}

/**
 * The X report (open session) or Z report (closed): sales by tender (card apart from cash), tax lines,
 * discounts, refunds, cash rounding, drops and payouts, and the cash the drawer should hold: the float,
 * plus cash kept from sales (what cash paid plus its rounding, change already given back), less drops,
 * payouts and the cash handed back by refunds made in the session (0614); `refunds` adds up those
 * refunds. A sale still awaiting its card, or cancelled because the card was not paid, counts in none.
 */
export async function sessionReport(db: DbOrTx, sessionId: number): Promise<PosReport> {
  const session = await findSession(db, sessionId);
  if (!session) throw notFound(SESSION_NOT_FOUND);
  const tenders = await db
    .select({
      kind: posTenders.kind,
      cents: sql<string>`(sum(${posTenders.amount}) * 100)::bigint::text`,
      rounding: sql<string>`(sum(${posTenders.rounding}) * 100)::bigint::text`,
    })
    .from(posTenders)
    .innerJoin(orders, eq(orders.id, posTenders.orderId))
    .where(and(eq(posTenders.sessionId, sessionId), COUNTED_SALE))
    .groupBy(posTenders.kind)
    .orderBy(posTenders.kind);
  const sales = await db
    .select({
      taxLines: orders.taxLines,
      discount: orders.discountAmount,
      code: orders.codeDiscountAmount,
    })
    .from(orders)
    .where(and(eq(orders.posSessionId, sessionId), COUNTED_SALE));
  const [moves] = await db
    .select({
      drops: sql<string>`(coalesce(sum(${posCashMovements.amount}) filter (where ${posCashMovements.kind} = 'drop'), 0) * 100)::bigint::text`,
      payouts: sql<string>`(coalesce(sum(${posCashMovements.amount}) filter (where ${posCashMovements.kind} = 'payout'), 0) * 100)::bigint::text`,
    })
    .from(posCashMovements)
    .where(eq(posCashMovements.sessionId, sessionId));
  // Refunds made in this session (docs/decisions/0614-returns-at-the-till.md), of any order: the cash
  // of a cash sale was handed back from this drawer, rounded to 5 cents.
  const [refunded] = await db
    .select({
      total: sql<string>`(coalesce(sum(${orderRefunds.amount}), 0) * 100)::bigint::text`,
      cash: sql<string>`coalesce(sum(${orderRefunds.cashCents} + ${orderRefunds.cashRoundingCents}), 0)::bigint::text`,
      rounding: sql<string>`coalesce(sum(${orderRefunds.cashRoundingCents}), 0)::bigint::text`,
    })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.posSessionId, sessionId), ne(orderRefunds.status, 'failed')));
  const taxes = new Map<string, { code: string; rate: string; cents: number }>();
  let discounts = 0;
  const refunds = Number(refunded?.total ?? 0);
  for (const sale of sales) {
    discounts += (toCents(sale.discount) ?? 0) + (toCents(sale.code) ?? 0);
    for (const line of sale.taxLines) {
      const key = `${line.code} ${line.rate}`;
      const entry = taxes.get(key) ?? { code: line.code, rate: line.rate, cents: 0 };
      entry.cents += toCents(line.amount) ?? 0;
      taxes.set(key, entry);
    }
  }
  const cash = tenders.find((t) => t.kind === 'cash');
  const rounding = Number(cash?.rounding ?? 0);
  const drops = Number(moves?.drops ?? 0);
  const payouts = Number(moves?.payouts ?? 0);
  const cashRefunded = Number(refunded?.cash ?? 0);
  const expected =
    (toCents(session.openingFloat) ?? 0) +
    Number(cash?.cents ?? 0) +
    rounding -
    drops -
    payouts -
    cashRefunded;
  const [closed] = await db
    .select({ counted: posSessions.countedCash, variance: posSessions.variance })
    .from(posSessions)
    .where(eq(posSessions.id, sessionId));
  return {
    kind: session.status === 'closed' ? 'Z' : 'X',
    session,
    salesCount: sales.length,
    byTender: tenders.map((t) => ({
      kind: t.kind,
      amount: centsToString(Number(t.cents) + (t.kind === 'cash' ? rounding : 0)),
    })),
    taxLines: [...taxes.values()].map((t) => ({
      code: t.code as PosReport['taxLines'][number]['code'],
      rate: t.rate,
      amount: centsToString(t.cents),
    })),
    discounts: centsToString(discounts),
    refunds: centsToString(refunds),
    // What rounding kept on sales less what it gave on cash refunds.
    cashRounding: centsToString(rounding - Number(refunded?.rounding ?? 0)),
    drops: centsToString(drops),
    payouts: centsToString(payouts),
    expectedCash: centsToString(expected),
    countedCash: closed?.counted ?? null,
    variance: closed?.variance ?? null,
  };
}

/** The most sessions one report lists: a year of two registers. */
const TILL_SESSIONS_LIMIT = 800;

/**
 * The sessions opened in a range of days (store time zone, both ends included), newest first: the
 * sales paid at each (orders of the session paid or since refunded) and, once closed, the cash
 * expected, counted and the variance the close recorded. The variances add up over closed sessions.
 */
export async function tillSessionsReport(
  db: DbOrTx,
  range: ReportRangeQuery,
  timeZone: string,
): Promise<TillSessionsReport> {
  const paid = sql`${orders.posSessionId} = ${posSessions.id} and ${orders.paymentStatus} in ('completed', 'refunded')`;
  const rows = await db
    .select({
      id: posSessions.id,
      registerName: posRegisters.name,
      openedBy: users.username,
      openedAt: posSessions.openedAt,
      closedAt: posSessions.closedAt,
      salesCount: sql<number>`(select count(*) from ${orders} where ${paid})::int`,
      salesCents: sql<string>`(select coalesce(sum(${orders.total}), 0) * 100 from ${orders} where ${paid})::bigint::text`,
      expectedCash: posSessions.expectedCash,
      countedCash: posSessions.countedCash,
      variance: posSessions.variance,
    })
    .from(posSessions)
    .innerJoin(posRegisters, eq(posRegisters.id, posSessions.registerId))
    .leftJoin(users, eq(users.id, posSessions.openedBy))
    .where(
      sql`${posSessions.openedAt} >= (${range.from}::date::timestamp at time zone ${timeZone})
        and ${posSessions.openedAt} < ((${range.to}::date + 1)::timestamp at time zone ${timeZone})`,
    )
    .orderBy(desc(posSessions.openedAt), desc(posSessions.id))
    .limit(TILL_SESSIONS_LIMIT);
  const totalVariance = rows.reduce((sum, r) => sum + (r.closedAt ? (toCents(r.variance) ?? 0) : 0), 0);
  return {
    from: range.from,
    to: range.to,
    sessions: rows.map((r) => ({
      id: r.id,
      registerName: r.registerName,
      openedBy: r.openedBy ?? '',
      openedAt: r.openedAt.toISOString(),
      closedAt: r.closedAt?.toISOString() ?? null,
      salesCount: Number(r.salesCount),
      sales: centsToString(Number(r.salesCents)),
      expectedCash: r.closedAt ? r.expectedCash : null,
      countedCash: r.closedAt ? r.countedCash : null,
      variance: r.closedAt ? r.variance : null,
    })),
    totalVariance: centsToString(totalVariance),
  };
}

/** An administrator pairs a register with its Square Terminal (the device id), or unpairs it with null. */
export async function setRegisterTerminal(
  db: DbOrTx,
  registerId: number,
  squareDeviceId: string | null,
  userId: number,
) {
  const [row] = await db
    .update(posRegisters)
    .set({ squareDeviceId })
    .where(eq(posRegisters.id, registerId))
    .returning({ id: posRegisters.id });
  if (!row) throw notFound('No such register.');
  await recordAudit(db, {
    userId,
    action: 'pair-till-terminal',
    entity: 'pos-register',
    entityId: registerId,
    after: { squareDeviceId },
  });
  const [register] = (await listRegisters(db)).filter((r) => r.id === registerId);
  return (
    register ?? {
      id: registerId,
      name: '',
      openSessionId: null,
      squareDeviceId,
    }
  );
}
