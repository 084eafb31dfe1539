// Unpaid checkouts in SQL (docs/decisions/0220-unpaid-checkouts.md): the twin of isUnpaidCheckout in
// src/shared/orders.ts, for lists that filter and count in the database (the admin list, the
// dashboard, the customer's history) and for the maintenance job that fails expired checkouts.
// unpaid-checkouts.test.ts holds the SQL to the shared predicate.
import { type SQL, sql } from 'drizzle-orm';
import { orderHistory, stockHolds } from '~/server/db/schema';

// Spelled out with the table's name: drizzle leaves a column unqualified when a query reads one table,
// and inside these subqueries a bare "id" would be the hold's own id.
const ORDER_ID = sql.raw('"orders"."id"');
const PAYMENT_STATUS = sql.raw('"orders"."payment_status"');

/**
 * For queries over the `orders` table under its own name (not an alias).
 *
 * The checkout held stock, none of its holds is active any more, at least one ran out by time, and no
 * administrator has set its payment status since (an order put back to pending stays open,
 * docs/decisions/0121-payments-on-dead-orders.md). Only meaningful for a pending order.
 */
export const holdsExpiredSql: SQL<boolean> = sql<boolean>`(
  exists (select 1 from ${stockHolds} h where h.order_id = ${ORDER_ID} and h.expires_at <= now())
  and not exists (select 1 from ${stockHolds} h where h.order_id = ${ORDER_ID}
                  and h.released_at is null and h.expires_at > now())
  and not exists (select 1 from ${orderHistory} oh where oh.order_id = ${ORDER_ID}
                  and oh.field = 'paymentStatus'))`;

/** A pending checkout whose holds have run out: what the maintenance job fails. */
export const expiredCheckoutSql: SQL<boolean> = sql<boolean>`(${PAYMENT_STATUS} = 'pending' and ${holdsExpiredSql})`;

/** An unpaid checkout: payment failed, or pending with its holds run out. */
export const unpaidCheckoutSql: SQL<boolean> = sql<boolean>`(${PAYMENT_STATUS} = 'failed' or ${expiredCheckoutSql})`;

/** Every order that is not an unpaid checkout: what the admin list shows by default and the dashboard counts. */
export const notUnpaidCheckoutSql: SQL<boolean> = sql<boolean>`not ${unpaidCheckoutSql}`;
