// The customer's copy of their data (PIPEDA access, Quebec Law 25 s. 27 portability): profile,
// addresses, every order with its lines, taxes and refunds, consents and contact messages, as JSON or as
// one CSV of (section, record, field, value) rows that any spreadsheet opens
// (docs/decisions/0563-data-export-and-guest-requests.md).
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '~/server/db/client';
import {
  contactMessages,
  guestSavedSearches,
  orderItems,
  orderRefunds,
  orders,
  productWatches,
  savedSearches,
  users,
} from '~/server/db/schema';
import { centsToString } from '~/shared/money';
import { consentHistory, consentStatus, statusJson } from '~/server/features/newsletter';
import { toCsv } from '~/server/lib/csv';

type Json = Record<string, unknown>;

export type DataExport = {
  exportedAt: string;
  profile: Json | null;
  addresses: Json[];
  orders: Json[];
  consents: { current: Json | null; events: Json[] };
  contactMessages: Json[];
  /** Saved searches (the account's and those confirmed by e-mail) and price watches. */
  alerts: Json[];
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function ordersWhere(db: DbOrTx, where: SQL): Promise<Json[]> {
  const rows = await db.select().from(orders).where(where).orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const lines = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.id));
  const refunds = await db
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, ids))
    .orderBy(asc(orderRefunds.id));
  return rows.map((o) => ({
    reference: o.orderReference,
    placedAt: iso(o.createdAt),
    language: o.locale,
    status: o.status,
    paymentStatus: o.paymentStatus,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    customerPhone: o.customerPhone,
    shippingAddress: o.shippingAddress,
    shippingMethod: o.shippingMethod,
    trackingNumber: o.trackingNumber,
    notes: o.notes,
    currency: o.currency,
    subtotal: o.subtotal,
    discountAmount: o.discountAmount,
    shippingCost: o.shippingCost,
    taxLines: o.taxLines,
    taxAmount: o.taxAmount,
    total: o.total,
    refundedAmount: o.refundedAmount,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        name: l.soldName ?? l.productName,
        sku: l.sku,
        condition: l.condition,
        finalSale: l.finalSale,
        quantity: l.quantity,
        unitPrice: l.price,
        discount: l.discount,
      })),
    refunds: refunds
      .filter((r) => r.orderId === o.id)
      .map((r) => ({ amount: r.amount, status: r.status, createdAt: iso(r.createdAt) })),
  }));
}

async function byEmail(db: DbOrTx, email: string, guestOrdersOnly: boolean) {
  const messages = await db
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = lower(${email})`)
    .orderBy(asc(contactMessages.createdAt));
  const events = await consentHistory(db, email);
  return {
    orders: guestOrdersOnly
      ? await ordersWhere(
          db,
          sql`${orders.userId} is null and lower(${orders.customerEmail}) = lower(${email})`,
        )
      : [],
    consents: {
      current: statusJson(await consentStatus(db, email)),
      events: events.map((e) => ({
        action: e.action,
        source: e.source,
        wording: e.wording,
        language: e.locale,
        ipAddress: e.ipAddress,
        at: iso(e.createdAt),
      })),
    },
    contactMessages: messages.map((m) => ({
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      sentAt: iso(m.createdAt),
    })),
  };
}

/** The account's saved searches and price watches, and the searches saved under the address alone. */
async function alertsOf(db: DbOrTx, userId: number | null, email: string): Promise<Json[]> {
  const out: Json[] = [];
  if (userId !== null) {
    const searches = await db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(asc(savedSearches.id));
    for (const s of searches)
      out.push({
        kind: 'saved search',
        name: s.name,
        query: s.query,
        language: s.locale,
        savedAt: iso(s.createdAt),
      });
    const watches = await db
      .select()
      .from(productWatches)
      .where(eq(productWatches.userId, userId))
      .orderBy(asc(productWatches.id));
    for (const w of watches)
      out.push({
        kind: 'price watch',
        productId: w.productId,
        watchedPrice: centsToString(w.watchedCents),
        savedAt: iso(w.createdAt),
        notifiedAt: iso(w.notifiedAt),
      });
  }
  const byAddress = await db
    .select()
    .from(guestSavedSearches)
    .where(sql`lower(${guestSavedSearches.email}) = lower(${email})`)
    .orderBy(asc(guestSavedSearches.id));
  for (const s of byAddress)
    out.push({
      kind: 'saved search by e-mail',
      name: s.name,
      query: s.query,
      language: s.locale,
      savedAt: iso(s.createdAt),
      confirmedAt: iso(s.confirmedAt),
    });
  return out;
}

/** A signed-in customer's data: the orders of their account, and what is kept under their address. */
export async function exportAccount(db: DbOrTx, userId: number): Promise<DataExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  const accountOrders = await ordersWhere(db, eq(orders.userId, userId));
  const rest = await byEmail(db, user.email, false);
  const addresses: Json[] = [];
  if (user.address) addresses.push({ kind: 'profile', address: user.address });
  if (user.checkoutDetails) addresses.push({ kind: 'saved for checkout', ...user.checkoutDetails });
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      username: user.username,
      email: user.email,
      phone: user.phone,
      address: user.address,
      emailNotifications: user.emailNotifications,
      createdAt: iso(user.createdAt),
    },
    addresses,
    orders: accountOrders,
    consents: rest.consents,
    contactMessages: rest.contactMessages,
    alerts: await alertsOf(db, userId, user.email),
  };
}

/** A guest's data (after they opened the link sent to the address): their guest orders and the rest. */
export async function exportGuest(db: DbOrTx, email: string): Promise<DataExport> {
  const data = await byEmail(db, email, true);
  return {
    exportedAt: new Date().toISOString(),
    profile: null,
    addresses: [],
    ...data,
    alerts: await alertsOf(db, null, email),
  };
}

/** Flattens a value into (path, value) pairs: `lines.0.name`, `shippingAddress.city`. */
function flatten(value: unknown, path: string, out: [string, unknown][]) {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    for (const [k, v] of entries) flatten(v, path ? `${path}.${k}` : k, out);
  } else out.push([path, value]);
}

/** The export as one CSV: section, record (its reference or number), field, value. */
export function exportCsv(data: DataExport): string {
  const rows: { section: string; record: string; field: string; value: unknown }[] = [];
  const add = (section: string, record: string, value: unknown) => {
    const pairs: [string, unknown][] = [];
    flatten(value, '', pairs);
    for (const [field, v] of pairs) rows.push({ section, record, field, value: v });
  };
  add('export', '', { exportedAt: data.exportedAt });
  if (data.profile) add('profile', '', data.profile);
  for (const [i, a] of data.addresses.entries()) add('address', String(i + 1), a);
  for (const o of data.orders) add('order', String(o.reference), o);
  if (data.consents.current) add('consent-now', '', data.consents.current);
  for (const [i, e] of data.consents.events.entries()) add('consent-event', String(i + 1), e);
  for (const [i, m] of data.contactMessages.entries()) add('contact-message', String(i + 1), m);
  for (const [i, a] of data.alerts.entries()) add('alert', String(i + 1), a);
  return toCsv(rows, [
    { header: 'section', value: (r) => r.section },
    { header: 'record', value: (r) => r.record },
    { header: 'field', value: (r) => r.field },
    {
      header: 'value',
      value: (r) => (typeof r.value === 'object' && r.value !== null ? JSON.stringify(r.value) : r.value),
    },
  ]);
}
