// Pickup slots (docs/decisions/0620-pickup-slots.md): the store's list of time windows with a capacity,
// what is left of each, and the booking a checkout makes under the slot's row lock.
import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '~/server/db/client';
import { orders, pickupSlots, shippingSettings } from '~/server/db/schema';
import { conflict, notFound } from '~/server/lib/http-error';
import { updateOrders } from '~/server/lib/order-writes';
import {
  PICKUP_CODE_ALPHABET,
  PICKUP_CODE_LENGTH,
  type PickupRules,
  type PickupSlot,
  type PickupSlotCreate,
  type PickupSlotUpdate,
  type PickupWeek,
} from '~/shared/schemas/pickup';
import { unpaidCheckoutSql } from '~/server/features/orders';

export const SLOT_NOT_FOUND = 'Pickup slot not found.';
export const SLOT_FULL = 'This pickup time is full. Please choose another.';
export const SLOT_CLOSED = 'This pickup time can no longer be booked. Please choose another.';
export const SLOT_REQUIRED = 'Please choose a pickup time.';
export const SLOT_HAS_ORDERS = 'This pickup time has orders booked on it: it cannot be deleted.';

/** A new pickup code: 8 characters of a 31-letter alphabet (about 40 bits), from the CSPRNG. */
export function newPickupCode(): string {
  let code = '';
  for (let i = 0; i < PICKUP_CODE_LENGTH; i++)
    code += PICKUP_CODE_ALPHABET[randomInt(PICKUP_CODE_ALPHABET.length)];
  return code;
}

/** Live orders on a slot: not cancelled and not an unpaid checkout that ended (its place is given back). */
// Spelled with the tables' names: drizzle leaves a column unqualified in a one-table query.
const bookedSql = sql<number>`(select count(*) from ${orders} where "orders"."pickup_slot_id" = "pickup_slots"."id"
  and "orders"."status" <> 'cancelled' and not ${unpaidCheckoutSql})::int`;

type SlotRow = typeof pickupSlots.$inferSelect & { booked: number };

const toSlot = (r: SlotRow): PickupSlot => ({
  id: r.id,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
  capacity: r.capacity,
  booked: Number(r.booked),
  remaining: Math.max(0, r.capacity - Number(r.booked)),
});

export async function getPickupRules(db: DbOrTx): Promise<PickupRules> {
  const [row] = await db
    .select({ leadHours: shippingSettings.pickupLeadHours, noShowDays: shippingSettings.pickupNoShowDays })
    .from(shippingSettings)
    .orderBy(asc(shippingSettings.id))
    .limit(1);
  return row ?? { leadHours: 2, noShowDays: 7 };
}

export async function savePickupRules(db: DbOrTx, rules: PickupRules): Promise<PickupRules> {
  const [row] = await db
    .select({ id: shippingSettings.id })
    .from(shippingSettings)
    .orderBy(asc(shippingSettings.id))
    .limit(1);
  const values = {
    pickupLeadHours: rules.leadHours,
    pickupNoShowDays: rules.noShowDays,
    updatedAt: new Date(),
  };
  if (row) await db.update(shippingSettings).set(values).where(eq(shippingSettings.id, row.id));
  else await db.insert(shippingSettings).values(values);
  return getPickupRules(db);
}

/** The admin list: slots that have not ended, soonest first. */
export async function listSlots(db: DbOrTx): Promise<PickupSlot[]> {
  const rows = await db
    .select({ ...pickupSlotsColumns(), booked: bookedSql })
    .from(pickupSlots)
    .where(gt(pickupSlots.endsAt, sql`now()`))
    .orderBy(asc(pickupSlots.startsAt));
  return rows.map(toSlot);
}

function pickupSlotsColumns() {
  return {
    id: pickupSlots.id,
    startsAt: pickupSlots.startsAt,
    endsAt: pickupSlots.endsAt,
    capacity: pickupSlots.capacity,
    createdAt: pickupSlots.createdAt,
  };
}

/** Whether the store offers any slot at all from now on: without one, pickup asks for none. */
export async function storeOffersSlots(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: pickupSlots.id })
    .from(pickupSlots)
    .where(gt(pickupSlots.startsAt, sql`now()`))
    .limit(1);
  return row !== undefined;
}

/** What the checkout offers: slots starting after the lead time and within `days`, with a place left. */
export async function availableSlots(db: DbOrTx, days: number): Promise<PickupSlot[]> {
  const { leadHours } = await getPickupRules(db);
  const rows = await db
    .select({ ...pickupSlotsColumns(), booked: bookedSql })
    .from(pickupSlots)
    .where(
      and(
        sql`${pickupSlots.startsAt} > now() + make_interval(hours => ${leadHours})`,
        sql`${pickupSlots.startsAt} < now() + make_interval(days => ${days})`,
      ),
    )
    .orderBy(asc(pickupSlots.startsAt));
  return rows.map(toSlot).filter((s) => s.remaining > 0);
}

export async function createSlot(db: DbOrTx, input: PickupSlotCreate): Promise<PickupSlot> {
  const [row] = await db
    .insert(pickupSlots)
    .values({ startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt), capacity: input.capacity })
    .returning();
  return toSlot({ ...row!, booked: 0 });
}

/**
 * Adds the slots of a weekly schedule in one statement: each chosen weekday of the weeks from `from`,
 * cut into slots from opening to closing in the store's time zone (PostgreSQL turns each wall time
 * into an instant, so a day that changes to or from daylight time keeps its opening hours). A slot
 * that would overlap one the store already has, or that has started, is left out: the schedule can be
 * run again over the same weeks without doubling anything.
 */
export async function createWeekOfSlots(
  tx: Tx,
  week: PickupWeek,
  timeZone: string,
): Promise<{ created: number; skipped: number }> {
  const perDay = Math.floor((week.closes - week.opens) / week.slotMinutes);
  const days = sql.raw(`array[${week.days.map(Number).join(',')}]::int[]`);
  const wanted = sql`
    select (d + make_interval(mins => ${week.opens} + k * ${week.slotMinutes})) at time zone ${timeZone} as starts_at,
           (d + make_interval(mins => ${week.opens} + (k + 1) * ${week.slotMinutes})) at time zone ${timeZone} as ends_at
    from generate_series(${week.from}::date::timestamp, ${week.from}::date::timestamp + make_interval(days => ${week.weeks * 7 - 1}), interval '1 day') as d
    cross join generate_series(0, ${perDay - 1}) as k
    where extract(isodow from d)::int = any(${days})`;
  const rowsOf = async (query: SQL) => ((await tx.execute(query)) as unknown as { rows: unknown[] }).rows;
  const inserted = await rowsOf(sql`
    insert into ${pickupSlots} (starts_at, ends_at, capacity)
    select w.starts_at, w.ends_at, ${week.capacity}::int from (${wanted}) w
    where w.starts_at > now()
      and not exists (select 1 from ${pickupSlots} s where s.starts_at < w.ends_at and s.ends_at > w.starts_at)
    returning id`);
  const [all] = (await rowsOf(sql`select count(*)::int as n from (${wanted}) w`)) as { n: number }[];
  const created = inserted.length;
  return { created, skipped: Number(all?.n ?? 0) - created };
}

async function slotWithBooked(db: DbOrTx, id: number): Promise<PickupSlot> {
  const [row] = await db
    .select({ ...pickupSlotsColumns(), booked: bookedSql })
    .from(pickupSlots)
    .where(eq(pickupSlots.id, id));
  if (!row) throw notFound(SLOT_NOT_FOUND);
  return toSlot(row);
}

/** A change of time or capacity; a capacity under what is booked is refused (409). */
export async function updateSlot(tx: Tx, id: number, input: PickupSlotUpdate): Promise<PickupSlot> {
  const [locked] = await tx.select().from(pickupSlots).where(eq(pickupSlots.id, id)).for('update');
  if (!locked) throw notFound(SLOT_NOT_FOUND);
  const current = await slotWithBooked(tx, id);
  const startsAt = input.startsAt ? new Date(input.startsAt) : locked.startsAt;
  const endsAt = input.endsAt ? new Date(input.endsAt) : locked.endsAt;
  if (endsAt <= startsAt) throw conflict('A slot must end after it starts');
  const capacity = input.capacity ?? locked.capacity;
  if (capacity < current.booked) {
    throw conflict(`${current.booked} orders are booked on this pickup time: its capacity cannot be lower.`);
  }
  await tx.update(pickupSlots).set({ startsAt, endsAt, capacity }).where(eq(pickupSlots.id, id));
  // The orders booked on it show the new times: a copy of the slot's, not a change of the orders.
  await updateOrders(
    tx,
    eq(orders.pickupSlotId, id),
    { pickupSlotStartsAt: startsAt, pickupSlotEndsAt: endsAt },
    { marksChanged: false },
  );
  return slotWithBooked(tx, id);
}

/** Deletes a slot no live order is booked on (409 otherwise). */
export async function deleteSlot(tx: Tx, id: number): Promise<void> {
  const [locked] = await tx.select().from(pickupSlots).where(eq(pickupSlots.id, id)).for('update');
  if (!locked) throw notFound(SLOT_NOT_FOUND);
  if ((await slotWithBooked(tx, id)).booked > 0) throw conflict(SLOT_HAS_ORDERS);
  await tx.delete(pickupSlots).where(eq(pickupSlots.id, id));
}

/**
 * The checkout's booking, in its transaction: the slot's row is locked so concurrent checkouts of the
 * same slot count one after the other, and the last place has one winner. Returns the slot to
 * write on the order, or null when the store offers no slots (pickup as before, decision 0620).
 */
export type BookedSlot = { pickupSlotId: number; pickupSlotStartsAt: Date; pickupSlotEndsAt: Date };

export async function bookSlot(tx: Tx, slotId: number | null | undefined): Promise<BookedSlot | null> {
  if (slotId === null || slotId === undefined) {
    if (await storeOffersSlots(tx)) throw conflict(SLOT_REQUIRED, { code: 'pickup_slot_required' });
    return null;
  }
  const [slot] = await tx.select().from(pickupSlots).where(eq(pickupSlots.id, slotId)).for('update');
  if (!slot) throw conflict(SLOT_CLOSED, { code: 'pickup_slot_closed' });
  const { leadHours } = await getPickupRules(tx);
  if (slot.startsAt.getTime() <= Date.now() + leadHours * 3_600_000) {
    throw conflict(SLOT_CLOSED, { code: 'pickup_slot_closed' });
  }
  const { booked } = await slotWithBooked(tx, slotId);
  if (booked >= slot.capacity) throw conflict(SLOT_FULL, { code: 'pickup_slot_full' });
  return { pickupSlotId: slotId, pickupSlotStartsAt: slot.startsAt, pickupSlotEndsAt: slot.endsAt };
}
