// What the store owes its customers at the end of a given day (docs/decisions/0532-liability-report.md):
// the store credit they hold, rebuilt from the ledger's movements (0530) made up to that day's end in the
// store's time zone, so the figure for a past day does not change when credit moves today.
import { sql } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import { giftCardMovements, storeCreditMovements } from '~/server/db/schema';
import { centsToString } from '~/shared/money';

export async function liabilityReport(ctx: AppContext, query: { date: string }) {
  const timeZone = ctx.config.STORE_TIMEZONE;
  const end = sql`((${query.date}::date + 1)::timestamp at time zone ${timeZone})`;
  const result = (await ctx.db.execute(sql`
    select coalesce(sum(b.cents), 0)::bigint as owed, count(*) filter (where b.cents > 0)::int as customers
    from (select ${storeCreditMovements.userId} as user_id, sum(${storeCreditMovements.amountCents}) as cents
          from ${storeCreditMovements} where ${storeCreditMovements.createdAt} < ${end}
          group by ${storeCreditMovements.userId}) b`)) as unknown as {
    rows: { owed: number | string; customers: number | string }[];
  };
  const row = result.rows[0];
  // Gift cards the same way: each card's movements (issued, spent, reversal, refund) up to the day's end.
  const cards = (await ctx.db.execute(sql`
    select coalesce(sum(b.cents), 0)::bigint as owed, count(*) filter (where b.cents > 0)::int as cards
    from (select sum(${giftCardMovements.amountCents}) as cents
          from ${giftCardMovements} where ${giftCardMovements.createdAt} < ${end}
          group by ${giftCardMovements.giftCardId}) b`)) as unknown as {
    rows: { owed: number | string; cards: number | string }[];
  };
  const card = cards.rows[0];
  return {
    date: query.date,
    timeZone,
    storeCredit: { owed: centsToString(Number(row?.owed ?? 0)), customers: Number(row?.customers ?? 0) },
    giftCards: { owed: centsToString(Number(card?.owed ?? 0)), cards: Number(card?.cards ?? 0) },
  };
}
