// The sales and tax reports (docs/decisions/0260-sales-and-tax-reports.md). Everything is added up in
// SQL numeric from the amounts stored on the orders (never recomputed, never through floating point);
// the days are the store's (STORE_TIMEZONE), as on the dashboard.
import { type SQL, sql } from 'drizzle-orm';
import type {
  CategorySalesReport,
  ItemSales,
  ProductSalesQuery,
  ProductSalesReport,
  ReportGrouping,
  ReportRangeQuery,
  SalesFigures,
  SalesPeriod,
  SalesReport,
  SalesReportQuery,
} from '~/shared/schemas/admin-reports';
import { SALES_CHANNELS } from '~/shared/schemas/admin-reports';
import type { DbOrTx } from '~/server/db/client';
import type { AppContext } from '~/server/context';

/** Payment statuses of orders whose payment was taken: a refunded order was a sale, then a refund. */
export const SOLD_PAYMENT_STATUSES = ['completed', 'refunded'] as const;

/**
 * What has been given back on an order (alias `o`): the refunds settled through the payment provider
 * (`refunded_amount`, full or partial; docs/decisions/0230-refunds-through-the-provider.md), or the whole
 * order when it was marked refunded by hand (an order paid outside the provider, nothing recorded).
 */
const REFUNDED = sql.raw(
  `greatest(o.refunded_amount, case when o.payment_status = 'refunded' then o.total else 0 end)`,
);

/**
 * What refunds by line gave back on an order (alias `o`), completed ones only: their whole amount, and
 * their goods and shipping without tax (docs/decisions/0510-refunds-by-line.md).
 */
const BY_LINE = (column: string) =>
  sql.raw(`coalesce((select sum(${column}) from order_refunds r
    where r.order_id = o.id and r.kind = 'lines' and r.status = 'completed'), 0)`);

/**
 * Paid orders with what was given back on each (`refunded`), and of it what refunds by line gave back
 * (`refunded_by_line`, `refunded_taxable_by_line`) and the rest (`refunded_rest`: amounts typed by
 * staff or a refund marked by hand, tied to no line), as a subquery to alias `s`; `where` narrows
 * them (the orders are `o` inside). The one place the reports and the load figures (admin-loads) read
 * sales and refunds from.
 */
export function paidOrdersWithRefunds(where: SQL = sql`true`): SQL {
  return sql`(
    select o.id, o.total, o.shipping_cost, o.tax_amount, o.tax_lines, o.shipping_method, o.code_discount_amount,
      o.shipping_address, o.created_at, o.channel, ${REFUNDED} as refunded,
      ${BY_LINE('r.amount')} as refunded_by_line,
      ${BY_LINE('r.amount - r.tax_amount')} as refunded_taxable_by_line,
      greatest(${REFUNDED} - ${BY_LINE('r.amount')}, 0) as refunded_rest
    from orders o
    where o.payment_status in (${sql.join(
      SOLD_PAYMENT_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )})
      and ${where}
  )`;
}

/** The paid orders placed in the range, days in the store's time zone, both ends included. */
function soldOrders(range: ReportRangeQuery, timeZone: string): SQL {
  return paidOrdersWithRefunds(
    sql`o.created_at >= (${range.from}::date::timestamp at time zone ${timeZone})
      and o.created_at < ((${range.to}::date + 1)::timestamp at time zone ${timeZone})`,
  );
}

/** A sum of money as "12.34" (0.00 over no rows). */
const money = (expr: SQL | string) =>
  sql<string>`coalesce(sum(${typeof expr === 'string' ? sql.raw(expr) : expr}), 0)::numeric(14,2)::text`;

/**
 * A share of an order's refunds tied to no line (order `s` from paidOrdersWithRefunds: amounts typed by
 * staff, a refund marked by hand) in proportion to `amount`'s share of the order's total, to the cent:
 * all of `amount` when the whole order was refunded that way. Refunds by line are not spread: they
 * count where they were made (lineRefund, the tax report).
 */
export const refundShare = (amount: string) =>
  `(case when s.total > 0 then round(${amount} * s.refunded_rest / s.total, 2) else 0 end)`;

/**
 * What an order line (alias `i`, of order `s`) gave back: its goods refunded by line, exactly, plus its
 * share of the order's refunds tied to no line.
 */
export const lineRefund = (line = 'i.price * i.quantity') =>
  `(coalesce((select sum(rl.amount) from order_refund_lines rl join order_refunds r on r.id = rl.refund_id
      where rl.order_item_id = i.id and r.status = 'completed'), 0) + ${refundShare(line)})`;

/** The units of an order line (alias `i`) given back by completed refunds by line. */
export const lineRefundedUnits = `coalesce((select sum(rl.quantity) from order_refund_lines rl
    join order_refunds r on r.id = rl.refund_id where rl.order_item_id = i.id and r.status = 'completed'), 0)`;

type Row = Record<string, unknown>;
/** The rows of a raw query, from either database driver. */
export const rowsOf = async (db: DbOrTx, query: SQL): Promise<Row[]> => {
  const result = (await db.execute(query)) as unknown as { rows: Row[] } | Row[];
  return Array.isArray(result) ? result : result.rows;
};

const FIGURES = sql`count(*)::int as orders,
  ${money('s.total - s.shipping_cost - s.tax_amount')} as sales,
  ${money('s.code_discount_amount')} as code_discounts,
  ${money('s.shipping_cost')} as shipping,
  ${money('s.tax_amount')} as tax,
  ${money('s.total')} as total,
  ${money('s.refunded')} as refunds,
  ${money('s.total - s.refunded')} as net`;

function figuresOf(row: Row | undefined): SalesFigures {
  return {
    orders: Number(row?.orders ?? 0),
    sales: String(row?.sales ?? '0.00'),
    codeDiscounts: String(row?.code_discounts ?? '0.00'),
    shipping: String(row?.shipping ?? '0.00'),
    tax: String(row?.tax ?? '0.00'),
    total: String(row?.total ?? '0.00'),
    refunds: String(row?.refunds ?? '0.00'),
    net: String(row?.net ?? '0.00'),
  };
}

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, n: number) => iso(new Date(utc(date).getTime() + n * 86_400_000));

/** The first day of the period holding `date`: itself, its week's Monday, or its month's first. */
export function periodStart(date: string, by: ReportGrouping): string {
  if (by === 'day') return date;
  if (by === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = (utc(date).getUTCDay() + 6) % 7; // Monday 0
  return addDays(date, -weekday);
}

function nextPeriod(start: string, by: ReportGrouping): string {
  if (by === 'day') return addDays(start, 1);
  if (by === 'week') return addDays(start, 7);
  const d = utc(start);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

/** Every period of the range, clipped to it: [{ key (the period's own first day), start, end }]. */
export function periodsOf(from: string, to: string, by: ReportGrouping) {
  const periods: { key: string; start: string; end: string }[] = [];
  for (let key = periodStart(from, by); key <= to; key = nextPeriod(key, by)) {
    const last = addDays(nextPeriod(key, by), -1);
    periods.push({ key, start: key < from ? from : key, end: last > to ? to : last });
  }
  return periods;
}

export async function salesReport(ctx: AppContext, query: SalesReportQuery): Promise<SalesReport> {
  const timeZone = ctx.config.STORE_TIMEZONE;
  const rows = await rowsOf(
    ctx.db,
    sql`select to_char(date_trunc(${query.by}, s.created_at at time zone ${timeZone}), 'YYYY-MM-DD') as period,
        ${FIGURES}
      from ${soldOrders(query, timeZone)} s
      group by 1`,
  );
  const [totals] = await rowsOf(ctx.db, sql`select ${FIGURES} from ${soldOrders(query, timeZone)} s`);
  const channels = await rowsOf(
    ctx.db,
    sql`select s.channel, ${FIGURES} from ${soldOrders(query, timeZone)} s group by s.channel`,
  );
  const byChannel = SALES_CHANNELS.map((channel) => ({
    channel,
    ...figuresOf(channels.find((r) => r.channel === channel)),
  }));
  const byPeriod = new Map(rows.map((r) => [String(r.period), r]));
  const periods: SalesPeriod[] = periodsOf(query.from, query.to, query.by).map((p) => ({
    start: p.start,
    end: p.end,
    ...figuresOf(byPeriod.get(p.key)),
  }));
  return {
    from: query.from,
    to: query.to,
    by: query.by,
    timeZone,
    periods,
    totals: figuresOf(totals),
    byChannel,
  };
}

const ITEM_FIGURES = sql`count(distinct s.id)::int as orders,
  coalesce(sum(i.quantity), 0)::int as units,
  ${money('i.price * i.quantity')} as sales,
  ${money(lineRefund())} as refunds,
  ${money(`i.price * i.quantity - ${lineRefund()}`)} as net`;

function itemFiguresOf(row: Row | undefined): ItemSales {
  return {
    orders: Number(row?.orders ?? 0),
    units: Number(row?.units ?? 0),
    sales: String(row?.sales ?? '0.00'),
    refunds: String(row?.refunds ?? '0.00'),
    net: String(row?.net ?? '0.00'),
  };
}

function soldItems(range: ReportRangeQuery, timeZone: string): SQL {
  return sql`${soldOrders(range, timeZone)} s join order_items i on i.order_id = s.id`;
}

export async function salesByCategory(
  ctx: AppContext,
  range: ReportRangeQuery,
): Promise<CategorySalesReport> {
  const timeZone = ctx.config.STORE_TIMEZONE;
  // The product's category today: an order line does not keep the category it was sold in.
  const rows = await rowsOf(
    ctx.db,
    sql`select c.id as category_id, max(c.name) as name, ${ITEM_FIGURES}
      from ${soldItems(range, timeZone)}
      left join products p on p.id = i.product_id
      left join categories c on c.id = p.category_id
      group by c.id
      order by sum(i.price * i.quantity) desc, max(c.name) nulls last`,
  );
  const [totals] = await rowsOf(ctx.db, sql`select ${ITEM_FIGURES} from ${soldItems(range, timeZone)}`);
  return {
    from: range.from,
    to: range.to,
    rows: rows.map((r) => ({
      categoryId: r.category_id === null ? null : Number(r.category_id),
      name: r.category_id === null ? 'No category' : String(r.name),
      ...itemFiguresOf(r),
    })),
    totals: itemFiguresOf(totals),
  };
}

export async function salesByProduct(ctx: AppContext, query: ProductSalesQuery): Promise<ProductSalesReport> {
  const timeZone = ctx.config.STORE_TIMEZONE;
  const rows = await rowsOf(
    ctx.db,
    sql`select i.product_id, coalesce(max(p.name), max(i.product_name)) as name,
        max(p.lot_number) as lot_number, ${ITEM_FIGURES},
        count(*) over ()::int as product_count
      from ${soldItems(query, timeZone)}
      left join products p on p.id = i.product_id
      group by i.product_id
      order by sum(i.price * i.quantity - ${sql.raw(lineRefund())}) desc,
        sum(i.quantity) desc, i.product_id
      limit ${query.limit}`,
  );
  const [totals] = await rowsOf(ctx.db, sql`select ${ITEM_FIGURES} from ${soldItems(query, timeZone)}`);
  return {
    from: query.from,
    to: query.to,
    productCount: Number(rows[0]?.product_count ?? 0),
    rows: rows.map((r) => ({
      productId: r.product_id === null ? null : Number(r.product_id),
      name: r.product_id === null ? 'Products no longer in the catalogue' : String(r.name ?? ''),
      lotNumber: r.lot_number === null || r.lot_number === undefined ? null : String(r.lot_number),
      ...itemFiguresOf(r),
    })),
    totals: itemFiguresOf(totals),
  };
}

export type TaxReportRow = {
  province: string;
  code: string;
  rate: string;
  orders: number;
  taxableSales: string;
  taxCollected: string;
  refundedTaxableSales: string;
  taxRefunded: string;
  netTaxableSales: string;
  netTax: string;
};

/**
 * The tax charged per province, tax and rate on the paid orders of the range, from each order's stored
 * tax lines. The taxed province is the shipping address's (`state`, or `province` on older orders), the
 * store's (STORE_PROVINCE) for pickup. Each line is on the order's taxable amount (total − tax).
 */
export async function taxReport(ctx: AppContext, range: ReportRangeQuery): Promise<TaxReportRow[]> {
  const { STORE_TIMEZONE: timeZone, STORE_PROVINCE: storeProvince } = ctx.config;
  const rows = await rowsOf(
    ctx.db,
    sql`select province, code, trim_scale(rate)::text as rate, count(distinct id)::int as orders,
        ${money('taxable')} as taxable, ${money('tax')} as tax,
        ${money('refunded_taxable')} as refunded_taxable, ${money('refunded_tax')} as refunded_tax,
        ${money('taxable - refunded_taxable')} as net_taxable, ${money('tax - refunded_tax')} as net_tax
      from (
        select s.id,
          case when s.shipping_method = 'pickup' then ${storeProvince}
            else upper(trim(coalesce(nullif(trim(s.shipping_address->>'state'), ''),
              s.shipping_address->>'province', ''))) end as province,
          l->>'code' as code,
          (l->>'rate')::numeric as rate,
          s.total - s.tax_amount as taxable,
          (l->>'amount')::numeric as tax,
          s.refunded_taxable_by_line + ${sql.raw(refundShare('(s.total - s.tax_amount)'))} as refunded_taxable,
          ${sql.raw(refundShare("(l->>'amount')::numeric"))} + coalesce((select sum((rl->>'amount')::numeric)
            from order_refunds r cross join lateral jsonb_array_elements(r.tax_lines) rl
            where r.order_id = s.id and r.kind = 'lines' and r.status = 'completed'
              and rl->>'code' = l->>'code' and (rl->>'rate')::numeric = (l->>'rate')::numeric), 0) as refunded_tax
        from ${soldOrders(range, timeZone)} s
        cross join lateral jsonb_array_elements(s.tax_lines) l
      ) lines
      group by province, code, rate
      order by province, code, rate`,
  );
  return rows.map((r) => ({
    province: String(r.province),
    code: String(r.code),
    rate: String(r.rate),
    orders: Number(r.orders),
    taxableSales: String(r.taxable),
    taxCollected: String(r.tax),
    refundedTaxableSales: String(r.refunded_taxable),
    taxRefunded: String(r.refunded_tax),
    netTaxableSales: String(r.net_taxable),
    netTax: String(r.net_tax),
  }));
}
