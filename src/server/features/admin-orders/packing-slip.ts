// The packing slip: one HTML page per order that staff print from the order dialog, or the slips of
// the orders selected in the list in one page, a sheet each (docs/decisions/0232-packing-slip-page.md,
// 0465-bulk-packing-slips.md). Served by the server, not the React app: it is a
// document to print, needs no script, and prints the same from any browser. No prices: the slip
// travels in the parcel, which is often a gift, and the pickers need what and where, not what it cost.
import { asc, eq } from 'drizzle-orm';
import {
  itemDisplayName,
  parseShippingAddress,
  shippingMethodLabel,
  stripGeneratedItemListing,
} from '~/shared/orders';
import type { DbOrTx } from '~/server/db/client';
import { orderItems, orders, products } from '~/server/db/schema';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type PackingSlip = {
  order: typeof orders.$inferSelect;
  lines: {
    name: string;
    /** The lot number (the store's SKU) as sold, else the product's current one. */
    lotNumber: string | null;
    /** The supplier's UPC or retailer SKU from the manifest, when known. */
    upc: string | null;
    shelfLocation: string | null;
    quantity: number;
  }[];
};

export async function loadPackingSlip(db: DbOrTx, orderId: number): Promise<PackingSlip | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const rows = await db
    .select({
      item: orderItems,
      lotNumber: products.lotNumber,
      upc: products.upc,
      shelfLocation: products.shelfLocation,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return {
    order,
    lines: rows.map((r) => ({
      name: itemDisplayName(r.item),
      lotNumber: r.item.sku ?? r.lotNumber,
      upc: r.upc,
      shelfLocation: r.shelfLocation,
      quantity: r.item.quantity,
    })),
  };
}

// The page's only style. The toolbar (the hint to print) is hidden on paper: the printout is the slip.
const STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; color: #111; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; }
  h1 { font-size: 1.5rem; margin: 0; }
  h2 { font-size: 0.8rem; text-transform: uppercase; letter-spacing: .05em; color: #444; margin: 0 0 .25rem; }
  header { display: flex; justify-content: space-between; gap: 1rem; border-bottom: 2px solid #111; padding-bottom: .75rem; }
  .blocks { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; margin: 1rem 0; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #ccc; vertical-align: top; }
  th { font-size: .75rem; text-transform: uppercase; color: #444; }
  td.qty, th.qty { text-align: right; width: 4rem; }
  .check { width: 3.5rem; text-align: center; }
  .box { display: inline-block; width: .9rem; height: .9rem; border: 1px solid #111; }
  .toolbar { background: #f1f5f9; border: 1px solid #cbd5e1; border-radius: .5rem; padding: .5rem .75rem; margin-bottom: 1.5rem; }
  footer { margin-top: 1.5rem; font-size: .85rem; }
  @media print {
    .toolbar { display: none; }
    body { margin: 0; max-width: none; }
    @page { margin: 1.5cm; }
    tr { break-inside: avoid; }
    .slip + .slip { break-before: page; }
  }
  .slip + .slip { margin-top: 3rem; border-top: 1px dashed #94a3b8; padding-top: 2rem; }
`;

/** One order's slip: the part a page of one or of many slips repeats. */
function slipSection(slip: PackingSlip, storeName: string): string {
  const { order, lines } = slip;
  const pickup = order.shippingMethod === 'pickup';
  const address = parseShippingAddress(order.shippingAddress);
  const shipTo = pickup
    ? [order.customerName, order.customerPhone ?? '', order.customerEmail].filter(Boolean)
    : [
        order.customerName,
        ...(address.kind === 'none' ? [] : address.lines),
        order.customerPhone ?? '',
      ].filter(Boolean);
  const notes = stripGeneratedItemListing(order.notes);
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  const dash = (v: string | null) => (v ? escapeHtml(v) : '—');
  const rows = lines
    .map(
      (l) =>
        `<tr><td class="check"><span class="box" aria-hidden="true"></span></td><td>${escapeHtml(l.name)}</td><td>${dash(l.lotNumber)}</td><td>${dash(l.upc)}</td><td>${dash(l.shelfLocation)}</td><td class="qty">${l.quantity}</td></tr>`,
    )
    .join('\n');
  const placed = order.createdAt.toISOString().slice(0, 10);
  return `<article class="slip" aria-label="Packing slip for order #${order.id}">
<header>
  <div><h1>Packing slip</h1><p>${escapeHtml(storeName)}</p></div>
  <div><p><strong>Order #${order.id}</strong><br>Reference ${escapeHtml(order.orderReference)}<br>Placed ${placed}</p></div>
</header>
<div class="blocks">
  <section><h2>${pickup ? 'Pickup at store for' : 'Ship to'}</h2><p>${shipTo.map(escapeHtml).join('<br>')}</p></section>
  <section><h2>Shipping</h2><p>${escapeHtml(shippingMethodLabel(order.shippingMethod))}${order.trackingNumber ? `<br>Tracking number ${escapeHtml(order.trackingNumber)}` : ''}</p></section>
</div>
<table>
  <thead><tr><th class="check">Packed</th><th>Item</th><th>Lot / SKU</th><th>UPC</th><th>Shelf</th><th class="qty">Qty</th></tr></thead>
  <tbody>
${rows || '<tr><td colspan="6">No items recorded for this order.</td></tr>'}
  </tbody>
</table>
<footer>
  <p><strong>${units} ${units === 1 ? 'unit' : 'units'}</strong> in ${lines.length} ${lines.length === 1 ? 'line' : 'lines'}.</p>
  ${notes ? `<h2>Customer's notes</h2><p>${escapeHtml(notes).replace(/\n/g, '<br>')}</p>` : ''}
</footer>
</article>`;
}

function page(title: string, toolbar: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="toolbar">${toolbar}</p>
${body}
</main>
</body>
</html>`;
}

const PRINT_HINT = "Print it with your browser's Print command (Ctrl+P, or ⌘P on a Mac)";

export function renderPackingSlip(slip: PackingSlip, storeName: string): string {
  return page(
    `Packing slip · Order #${slip.order.id}`,
    `Packing slip for order #${slip.order.id}. ${PRINT_HINT}; only the slip is printed.`,
    slipSection(slip, storeName),
  );
}

/**
 * The slips of several orders in one page, each starting on a sheet of its own, in the order asked;
 * `missing` names the numbers that are no order (said on screen, never printed).
 */
export function renderPackingSlips(slips: PackingSlip[], missing: number[], storeName: string): string {
  const ids = slips.map((s) => `#${s.order.id}`).join(', ');
  const notFound = missing.length
    ? ` Not found, so not included: ${missing.map((id) => `#${id}`).join(', ')}.`
    : '';
  return page(
    `Packing slips · ${slips.length} ${slips.length === 1 ? 'order' : 'orders'}`,
    `Packing slips for ${slips.length} ${slips.length === 1 ? 'order' : 'orders'} (${ids}), one per sheet. ${PRINT_HINT}; only the slips are printed.${notFound}`,
    slips.map((s) => slipSection(s, storeName)).join('\n'),
  );
}
