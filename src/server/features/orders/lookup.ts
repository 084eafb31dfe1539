// A guest's order by reference and e-mail (/orders/lookup). Both must match, and it must be an order,
// not a checkout that was never paid (docs/decisions/0220-unpaid-checkouts.md); one refusal for all else.
import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '~/server/db/client';
import { orders } from '~/server/db/schema';
import { notFound } from '~/server/lib/http-error';
import { ORDER_LOOKUP_NOT_FOUND, type OrderLookup } from '~/shared/schemas/orders';
import type { OrderRow } from './repository';
import { notUnpaidCheckoutSql } from './unpaid-checkouts';

export async function lookUpOrder(db: DbOrTx, input: OrderLookup): Promise<OrderRow> {
  // References are printed in capitals ('ORD-…'); a shopper may type them in any case.
  const typed = input.reference.trim();
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.orderReference, [typed, typed.toUpperCase()]),
        sql`lower(trim(${orders.customerEmail})) = ${input.email.trim().toLowerCase()}`,
        notUnpaidCheckoutSql,
      ),
    );
  if (!order) throw notFound(ORDER_LOOKUP_NOT_FOUND);
  return order;
}
