// The store's whole schema: every table of the store's data model, plus what the server needs to run
// (sessions, stock holds, webhook events, mail outbox, audit log, order history, rate limits).
// Column names are snake_case in SQL (drizzle `casing: 'snake_case'`), camelCase in code.
import { sql, type SQL } from 'drizzle-orm';
import { type Currency, PRODUCT_CONDITIONS, type ProductCondition, type TaxCode } from '~/shared/constants';
import type { Locale } from '~/shared/i18n/locales';
import { PICKUP_DEFAULTS } from '~/shared/pickup';
import { FOLD_FROM, FOLD_TO } from '~/shared/i18n/localized-text';
import type { SavedCheckoutDetails } from '~/shared/schemas/saved-checkout';
import {
  boolean,
  check,
  customType,
  date,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name?: string) =>
  name ? numeric(name, { precision: 10, scale: 2 }) : numeric({ precision: 10, scale: 2 });
const rate = () => numeric({ precision: 6, scale: 3 });
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A French text field: optional, '' when staff gave no French (the English then shows;
 * docs/decisions/0350-french-catalogue-fields.md).
 */
const frenchText = () => text().notNull().default('');

/** SQL of a column's text in lower case without French accents (src/shared/i18n/localized-text.ts). */
const folded = (expression: string) =>
  `lower(replace(replace(translate(${expression}, '${FOLD_FROM}', '${FOLD_TO}'), 'œ', 'oe'), 'æ', 'ae'))`;

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    password: text().notNull(),
    email: text().notNull(),
    phone: text(),
    address: text(),
    isAdmin: boolean().notNull().default(false),
    // Staff work orders and products but not users or settings (docs/decisions/0250-staff-role.md). A
    // second flag rather than a role column, so every writer of is_admin keeps working; the check keeps
    // the two flags to one role.
    isStaff: boolean().notNull().default(false),
    emailNotifications: boolean().notNull().default(true),
    // Staff permissions the administrator grants one staff user (docs/decisions/0459-staff-permissions.md):
    // null is the role's default (src/shared/permissions.ts). Ignored for administrators (everything) and
    // customers (nothing).
    refundLimit: money(),
    mayExportCustomers: boolean(),
    mayReadEmails: boolean(),
    mayUseTill: boolean(),
    // The UTS #39 skeleton of the username (docs/decisions/0457-look-alike-usernames.md): two names with
    // one skeleton look alike, so a new name may not take an existing name's skeleton. Null for rows written
    // without it (older rows, the demo seed): the check compares those by computing theirs (usernames.ts).
    usernameSkeleton: text(),
    // The name, phone and address the customer chose to keep for checkout ('Save this address to my
    // profile'): they fill the checkout form (docs/decisions/0282-remembered-checkout.md).
    checkoutDetails: jsonb().$type<SavedCheckoutDetails>(),
    // When the customer erased their account: the row stays (orders keep pointing to it) with every
    // personal field replaced (docs/decisions/0562-account-erasure-keeps-orders-without-the-person.md).
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    check('users_one_role', sql`not (${t.isAdmin} and ${t.isStaff})`),
    check('users_refund_limit_not_negative', sql`${t.refundLimit} >= 0`),
    index('users_username_skeleton').on(t.usernameSkeleton),
  ],
);

export const categories = pgTable('categories', {
  id: serial().primaryKey(),
  name: text().notNull(),
  nameFr: frenchText(),
  slug: text().notNull().unique(),
  imageUrl: text(),
  active: boolean().notNull().default(true),
  // Where the category comes in menus and lists: lowest first, then by id (docs/decisions/0240-category-administration.md).
  sortOrder: integer().notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    // Also unique without regard to case: the index products_lot_number_lower_unique on lower(lot_number)
    // is created by hand in its migration, after same-but-for-case duplicates are renamed
    // (docs/decisions/0242-lot-numbers-ignore-case.md). This plain constraint stays as the target of the
    // import's ON CONFLICT (lot_number), which writes an existing product's lot number as stored.
    lotNumber: text().unique(),
    name: text().notNull(),
    nameFr: frenchText(),
    slug: text().notNull().unique(),
    description: text().notNull().default(''),
    descriptionFr: frenchText(),
    price: money().notNull(),
    compareAtPrice: money(),
    imageUrl: text(),
    stock: integer().notNull().default(0),
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    featured: boolean().notNull().default(false),
    new: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    applyDailyDiscount: boolean().notNull().default(true),
    // Intake columns of a liquidation lot (docs/decisions/0300-product-condition-and-intake-columns.md):
    // its graded condition and the grader's notes, whether it is sold as final sale, the UPC or
    // retailer SKU from the supplier's manifest, what the unit cost the store (its share of the load's
    // cost), and where it sits on the shelves.
    condition: text().$type<ProductCondition>().notNull().default('new'),
    conditionNotes: text().notNull().default(''),
    /** The notes in French ('' when not translated: French pages then show the English). */
    conditionNotesFr: frenchText(),
    finalSale: boolean().notNull().default(false),
    upc: text(),
    /** The maker's brand as the manifest or staff give it (null when unknown): product feeds and recall screening read it. */
    brand: text(),
    // Recall screening (docs/decisions/0571-recall-screening.md): the recall whose GTIN this lot's UPC
    // matches, set by a trigger on every write of the UPC and by each import of recall data. A
    // quarantined lot cannot be on sale (products_recalled_not_on_sale).
    recallId: integer().references((): AnyPgColumn => recalls.id, { onDelete: 'set null' }),
    quarantinedAt: timestamp({ withTimezone: true }),
    // The recall the owner released this lot from (a wrong match, with a reason in the audit log): a later
    // screening does not put it back in quarantine for that recall (docs/decisions/0568-recall-release.md).
    recallReleasedId: integer().references((): AnyPgColumn => recalls.id, { onDelete: 'set null' }),
    unitCost: money(),
    shelfLocation: text(),
    // The load a lot came in (docs/decisions/0310-loads-and-manifest-intake.md), the manifest row it
    // was drafted from (unique per load: re-uploading the manifest creates nothing twice), and where
    // its compare-at price comes from ('manifest:<load reference>'): a compare-at price must be a
    // real reference price.
    loadId: integer().references((): AnyPgColumn => loads.id, { onDelete: 'set null' }),
    manifestLine: integer(),
    /** The units the manifest line listed: the lot's weight in the load's cost spread. */
    manifestQuantity: integer(),
    compareAtSource: text(),
    // Markdowns by age (docs/decisions/0320-markdowns-lower-the-selling-price.md): the price before any
    // markdown (null while the price is its own original; a staff price clears it, migration trigger)
    // and the last markdown step applied, so the daily job applies each step once.
    originalPrice: money(),
    markdownStep: smallint().notNull().default(0),
    // When the lot was first shown in the store (put on sale): the markdown age counts from here, not
    // from the draft's creation. Set by a trigger (migration) the first time `active` is true, so every
    // path that shows a product (form, switch, bulk, manifest publish, import) records it alike.
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // A product that appears in orders is never deleted: it is archived, so the orders keep their
    // history and the store stops showing it (docs/decisions/0051-archive-products-that-were-ordered.md).
    archivedAt: timestamp({ withTimezone: true }),
    // Bumped by every administrator's edit of the product's own fields (not by sales or stock
    // adjustments): a write based on an older version is refused (docs/decisions/0210-product-edits-and-stock-history.md).
    version: integer().notNull().default(1),
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(lot_number, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
    ),
    // What a French query searches (docs/decisions/0351-french-search.md): the French and the English
    // name, the lot number, and the French description or else the English one, all without accents and
    // stemmed as French, so 'televiseur' finds 'Téléviseur' and 'equipement' 'Équipement'.
    searchVectorFr: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql.raw(
          `setweight(to_tsvector('french', ${folded('name_fr')}), 'A') || setweight(to_tsvector('french', ${folded('name')}), 'A') || setweight(to_tsvector('simple', coalesce(lot_number, '')), 'A') || setweight(to_tsvector('french', ${folded("coalesce(nullif(description_fr, ''), description)")}), 'B')`,
        ),
    ),
  },
  (t) => [
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
    check('products_price_not_negative', sql`${t.price} >= 0`),
    check(
      'products_condition_known',
      sql.raw(`condition in (${PRODUCT_CONDITIONS.map((c) => `'${c}'`).join(', ')})`),
    ),
    check('products_unit_cost_not_negative', sql`${t.unitCost} >= 0`),
    check('products_recalled_not_on_sale', sql`not (${t.active} and ${t.recallId} is not null)`),
    index('products_recall_idx').on(t.recallId).where(sql`${t.recallId} is not null`),
    index('products_upc_idx').on(t.upc),
    uniqueIndex('products_load_line_unique').on(t.loadId, t.manifestLine),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_search_fr_idx').using('gin', t.searchVectorFr),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_lot_trgm_idx').using('gin', t.lotNumber.op('gin_trgm_ops')),
    index('products_category_idx').on(t.categoryId),
    index('products_created_idx').on(t.createdAt),
    index('products_price_idx').on(t.price),
    // Everything listings filter, sort and count on, for the rows shoppers can see: counts and the
    // choice of a page read this narrow index instead of the wide rows (index-only scans;
    // docs/decisions/0010-catalogue-listing-api.md).
    index('products_listing_idx')
      .on(
        t.categoryId,
        t.price,
        t.compareAtPrice,
        t.applyDailyDiscount,
        t.new,
        t.featured,
        t.stock,
        t.createdAt,
        t.id,
      )
      .where(sql`${t.active} and ${t.archivedAt} is null`),
  ],
);

/**
 * The distinct words of product names, kept current by triggers on products (migration
 * 0002_search-words-trigger): the small vocabulary that search corrects typos against with pg_trgm
 * (docs/decisions/0011-how-search-ranks.md). Words of deleted products may linger; they are harmless.
 */
export const productSearchWords = pgTable('product_search_words', { word: text().primaryKey() }, (t) => [
  index('product_search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * How many products shoppers can see per category (`category_key` 0: products without a category),
 * kept exact by triggers on products (migration 0007_product-counts): the total of an unfiltered
 * listing is a sum over these few rows instead of a count of every visible product
 * (docs/decisions/0140-listing-totals-from-maintained-counts.md). "Visible" here is the product's own
 * part of visibleToShoppers (active, not archived); the category's part is applied when reading.
 */
export const productCounts = pgTable('product_counts', {
  categoryKey: integer().primaryKey(),
  visible: integer().notNull(),
});

export const productImages = pgTable(
  'product_images',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageUrl: text().notNull(),
    isPrimary: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sortOrder)],
);

export const weekdayDiscounts = pgTable(
  'weekday_discounts',
  {
    id: serial().primaryKey(),
    day: integer().notNull().unique(),
    percentage: integer().notNull().default(0),
    // Optional window (docs/decisions/0552-scheduled-discounts.md): the day's discount applies only
    // from startsAt (inclusive) to endsAt (exclusive); null ends are open.
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('weekday_discounts_day_range', sql`${t.day} between 0 and 6`),
    check('weekday_discounts_percentage_range', sql`${t.percentage} between 0 and 100`),
    check(
      'weekday_discounts_window',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);

export const categoryDiscounts = pgTable(
  'category_discounts',
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .unique()
      .references(() => categories.id, { onDelete: 'cascade' }),
    percentage: integer().notNull().default(0),
    // Optional window, as for the weekday's (docs/decisions/0552-scheduled-discounts.md).
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('category_discounts_percentage_range', sql`${t.percentage} between 0 and 100`),
    check(
      'category_discounts_window',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);

/**
 * Discount codes (docs/decisions/0550-discount-codes.md). `code` is stored upper-case so a shopper's
 * "summer10" finds "SUMMER10". `usedCount` is raised by one atomic conditional update when an order is
 * placed, so 20 concurrent checkouts against 5 uses give exactly 5; the check keeps it within `maxUses`
 * even against a bug. Empty eligibility lists mean "every lot".
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    kind: text().$type<'percent' | 'fixed'>().notNull(),
    percentage: integer().notNull().default(0),
    amount: money().notNull().default('0'),
    minSubtotal: money().notNull().default('0'),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    maxUses: integer(),
    perCustomerLimit: integer(),
    usedCount: integer().notNull().default(0),
    categoryIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    conditions: text().array().$type<ProductCondition[]>().notNull().default(sql`'{}'::text[]`),
    productIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    combinesWithDaily: boolean().notNull().default(false),
    combinesWithCategory: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('discount_codes_kind', sql`${t.kind} in ('percent', 'fixed')`),
    check('discount_codes_percentage_range', sql`${t.percentage} between 0 and 100`),
    check('discount_codes_amount_positive', sql`${t.amount} >= 0 and ${t.minSubtotal} >= 0`),
    check('discount_codes_uses_within_limit', sql`${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses}`),
    check(
      'discount_codes_window',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    // Unguessable public reference: how a guest reads their own order.
    orderReference: text().notNull().unique(),
    idempotencyKey: text().unique(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text().notNull(),
    customerName: text().notNull(),
    customerPhone: text(),
    // Null for a pickup order: it asks only for a contact, never an address
    // (docs/decisions/0491-pickup-says-where-and-when.md).
    shippingAddress: jsonb(),
    shippingMethod: text().notNull().default('standard'),
    shippingCost: money().notNull().default('0'),
    subtotal: money().notNull(),
    discountPercentage: money().notNull().default('0'),
    discountAmount: money().notNull().default('0'),
    // The discount code the order used (upper-case) and what it took off the discounted subtotal,
    // its own line before shipping and tax (docs/decisions/0551-discount-code-at-checkout.md).
    discountCode: text(),
    codeDiscountAmount: money().notNull().default('0'),
    taxRate: rate().notNull().default('0'),
    taxAmount: money().notNull().default('0'),
    // The tax by component as charged ([{ code, rate, amount }], adding up to taxAmount), written once
    // at purchase and never recomputed (docs/decisions/0136-tax-lines.md).
    taxLines: jsonb().$type<{ code: TaxCode; rate: string; amount: string }[]>().notNull().default([]),
    total: money().notNull(),
    // The currency the order was charged in (docs/decisions/0135-store-currency.md).
    currency: text().$type<Currency>().notNull().default('CAD'),
    // The language the order was placed in ('en' | 'fr'): its e-mails at every step are written in it
    // (docs/decisions/0360-orders-remember-their-language.md). Orders from before the French store are 'en'.
    locale: text().$type<Locale>().notNull().default('en'),
    status: text().notNull().default('pending'),
    paymentStatus: text().notNull().default('pending'),
    paymentMethod: text().notNull().default('square'),
    paymentLinkId: text(),
    /** When the one 'your items are held until' reminder went (docs/decisions/0582-hold-expiry-reminder.md). */
    holdReminderSentAt: timestamp({ withTimezone: true }),
    // The provider's order behind the payment link (Square's order id): the payment can still be
    // read after the link is deleted (docs/decisions/0121-payments-on-dead-orders.md).
    providerOrderId: text(),
    paymentReference: text(),
    trackingNumber: text(),
    // One of TRACKING_CARRIERS (src/shared/tracking.ts) when the carrier's tracking page has a public
    // address format, else null: the shipped e-mail links to it (docs/decisions/0271-tracking-carriers.md).
    trackingCarrier: text(),
    estimatedDeliveryDate: date({ mode: 'string' }),
    notes: text(),
    confirmationEmailSent: boolean().notNull().default(false),
    confirmationEmailStatus: text(),
    confirmationEmailError: text(),
    // Sends tried so far and when the last began: the maintenance job retries a lost or failed
    // confirmation a bounded number of times (docs/decisions/0046-order-confirmation-email.md).
    confirmationEmailAttempts: integer().notNull().default(0),
    confirmationEmailAttemptAt: timestamp({ withTimezone: true }),
    inventoryReduced: boolean().notNull().default(false),
    // When the shopper confirmed that the order's final-sale items cannot be returned; null when the
    // order had none (docs/decisions/0301-condition-and-final-sale.md).
    finalSaleAcknowledgedAt: timestamp({ withTimezone: true }),
    // The shopper's acceptance of the distance contract shown at checkout: when, which wording and in
    // which language (docs/decisions/0566-checkout-is-a-distance-contract.md). Null on older orders.
    contractAcceptedAt: timestamp({ withTimezone: true }),
    contractVersion: text(),
    contractLanguage: text(),
    // Who placed the checkout: 'user:{id}' or 'ip:{address}'. Bounds what one client may hold at a
    // time (docs/decisions/0120-stock-hoarding.md).
    clientKey: text(),
    // The network the checkout came from ('net:' and the IPv4 /24 or IPv6 /48), which has a wider
    // budget than one client (docs/decisions/0450-limits-that-count-people.md).
    networkKey: text(),
    // A payment that arrived on an order that was no longer taking one (failed, expired, or paid
    // after its stock was sold): 'needed' until the provider gave it back, then 'refunded'
    // (docs/decisions/0121-payments-on-dead-orders.md).
    refundStatus: text(),
    /** The provider's payment that must be (or was) given back. */
    refundPaymentReference: text(),
    /** The provider's refund id once it was given back. */
    refundReference: text(),
    // What staff have given back through the provider so far (the sum of order_refunds): a full
    // refund also sets paymentStatus 'refunded'; a partial one leaves it 'completed'
    // (docs/decisions/0230-refunds-through-the-provider.md).
    refundedAmount: money().notNull().default('0'),
    // What the customer's store credit paid of the total, taken in the checkout's own transaction;
    // the payment provider is asked for the rest (docs/decisions/0531-paying-with-credit-and-gift-cards.md).
    storeCreditAmount: money().notNull().default('0'),
    /** What gift cards paid of the total at checkout, after store credit (docs/decisions/0533-gift-cards.md). */
    giftCardAmount: money().notNull().default('0'),
    // Where the order was taken: 'online' (the storefront's checkout), 'till' (the outlet's counter,
    // docs/decisions/0600-till.md) or 'draft' (by staff, for a buyer who called or wrote: 0625); the
    // sales report splits by it. A till sale names its session.
    channel: text().$type<'online' | 'till' | 'draft'>().notNull().default('online'),
    posSessionId: integer(),
    // A cash sale made while the till could not reach the server, synced after a lot it sold was sold
    // online meanwhile: what was short, for staff to resolve (docs/decisions/0600-till.md); null when
    // there is nothing to resolve. `tillConflictResolvedAt` and its note close it.
    tillConflict: text(),
    tillConflictResolvedAt: timestamp({ withTimezone: true }),
    tillConflictResolution: text(),
    // Booked pickup (docs/decisions/0620-pickup-slots.md): the slot a pickup order chose at checkout
    // (null when the store set no slots), the code staff scan at the counter (unique, from
    // newPickupCode()), and when the one reminder e-mail the day before went. Handed over and 'ready'
    // are order statuses, dated by order_history.
    pickupSlotId: integer().references(() => pickupSlots.id, { onDelete: 'set null' }),
    pickupCode: text().unique(),
    // The slot's times as booked, shown on the order page and the confirmation; a change of the slot's
    // times is copied here in the same transaction (updateSlot).
    pickupSlotStartsAt: timestamp({ withTimezone: true }),
    pickupSlotEndsAt: timestamp({ withTimezone: true }),
    pickupReminderSentAt: timestamp({ withTimezone: true }),
    /**
     * What the gift cards sold by this order cost (its order_gift_card_lines), part of the total and
     * never taxed: tax applies when a card is spent (docs/decisions/0534-gift-card-sales.md).
     */
    giftCardSaleAmount: money().notNull().default('0'),
    // A till sale's card part on the Square Terminal: the checkout and its last status seen (PENDING,
    // IN_PROGRESS, CANCEL_REQUESTED, CANCELED, COMPLETED). While it is open the sale is awaiting the
    // card (payment status pending) (docs/decisions/0613-till-card-on-square-terminal.md).
    terminalCheckoutId: text(),
    terminalCheckoutStatus: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId),
    index('orders_status_idx').on(t.status),
    index('orders_created_idx').on(t.createdAt),
    index('orders_pickup_slot_idx').on(t.pickupSlotId),
    index('orders_email_idx').on(sql`lower(${t.customerEmail})`),
    // The admin list's search by part of a name or e-mail (docs/decisions/0073-order-search.md).
    index('orders_name_trgm_idx').using('gin', sql`lower(${t.customerName}) gin_trgm_ops`),
    index('orders_email_trgm_idx').using('gin', sql`lower(${t.customerEmail}) gin_trgm_ops`),
    // The few paid orders whose confirmation has not gone out: what the retry looks through.
    index('orders_confirmation_unsent_idx')
      .on(t.id)
      .where(sql`${t.confirmationEmailSent} = false and ${t.paymentStatus} = 'completed'`),
    // A client's unpaid checkouts: what a new checkout replaces and counts against the caps.
    index('orders_open_client_idx').on(t.clientKey).where(sql`${t.paymentStatus} = 'pending'`),
    index('orders_open_network_idx').on(t.networkKey).where(sql`${t.paymentStatus} = 'pending'`),
    // The few stray payments still to give back: what the maintenance job retries.
    index('orders_refund_needed_idx').on(t.id).where(sql`${t.refundStatus} = 'needed'`),
    // The database's own guard against giving back more than was paid, whatever a code path does.
    check('orders_refunded_within_total', sql`${t.refundedAmount} between 0 and ${t.total}`),
    check('orders_store_credit_within_total', sql`${t.storeCreditAmount} between 0 and ${t.total}`),
    check(
      'orders_tenders_within_total',
      sql`${t.giftCardAmount} >= 0 and ${t.storeCreditAmount} + ${t.giftCardAmount} <= ${t.total}`,
    ),
    check('orders_locale_known', sql`${t.locale} in ('en', 'fr')`),
    check('orders_channel_known', sql`${t.channel} in ('online', 'till', 'draft')`),
  ],
);

/**
 * One row per order that used a discount code (docs/decisions/0550-discount-codes.md): the
 * per-customer count reads it (account, or the e-mail case-folded for a guest), and releasing an
 * unpaid checkout deletes it and gives the use back to the code. One code per order.
 */
export const discountCodeUses = pgTable(
  'discount_code_uses',
  {
    id: serial().primaryKey(),
    codeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    email: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('discount_code_uses_code_idx').on(t.codeId, t.email)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    quantity: integer().notNull(),
    price: money().notNull(),
    discount: money().notNull().default('0'),
    // The line's share of the order's discount code (all its units), so a refund by line gives back
    // what was paid for them (docs/decisions/0553-discount-code-refunds-by-line.md).
    codeDiscount: money().notNull().default('0'),
    // Snapshots taken when the order is placed, so the order reads the same after the product changes.
    productName: text().notNull().default(''),
    // The name the shopper bought it under, in the order's language ('Casque d'écoute…' on a French
    // order), shown on every shopper surface; productName stays the English staff read. Null when it
    // is the English name (docs/decisions/0471-order-lines-keep-the-name-as-sold.md).
    soldName: text(),
    sku: text(),
    imageUrl: text(),
    compareAtPrice: money(),
    // Snapshots of the lot as sold: its condition and whether it was final sale.
    condition: text().$type<ProductCondition>(),
    finalSale: boolean().notNull().default(false),
    // The return window in days the contract promised for this line when the order was placed (its
    // condition's window then), so a later change of the store's windows neither shortens nor lengthens
    // it (docs/decisions/0566-checkout-is-a-distance-contract.md). Null on lines sold before it was kept:
    // they read the store's current window.
    returnWindowDays: smallint(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const orderHistory = pgTable(
  'order_history',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    field: text().notNull(),
    fromValue: text(),
    toValue: text(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    actor: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId)],
);

/**
 * Money staff gave back on a paid order through the payment provider, one row per request. The row is
 * written 'pending' under the order's row lock before the provider is asked (so concurrent refunds
 * count it), then 'completed' with the provider's refund id, or 'failed' with the provider's answer
 * (docs/decisions/0230-refunds-through-the-provider.md).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: money().notNull(),
    restock: boolean().notNull(),
    status: text().$type<'pending' | 'completed' | 'failed'>().notNull().default('pending'),
    /** The key the provider is asked with: one refund per key, ever, so a retry never pays twice. */
    idempotencyKey: text().notNull().unique(),
    providerRefundId: text(),
    providerStatus: text(),
    error: text(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: timestamp({ withTimezone: true }),
    // A refund by line (docs/decisions/0510-refunds-by-line.md) keeps its parts: the shipping given
    // back, the tax by component ([{ code, rate, amount }], adding up to taxAmount), the reason, and
    // the credit note's number once completed. An amount refund (0230) has none of them (kind 'amount').
    kind: text().$type<'amount' | 'lines'>().notNull().default('amount'),
    shipping: money().notNull().default('0'),
    taxAmount: money().notNull().default('0'),
    taxLines: jsonb().$type<{ code: TaxCode; rate: string; amount: string }[]>().notNull().default([]),
    reason: text(),
    creditNoteNumber: text().unique(),
    // Where the money goes (0530): the order's payment through the provider, or the customer's store
    // credit (no provider call; the ledger's movement is written when the refund completes).
    destination: text().$type<'original' | 'store_credit'>().notNull().default('original'),
    // A refund to 'original' goes back to the tenders that paid, in reverse (0535): the card through
    // the provider first, then the gift cards, then store credit; these add up to `amount`. A refund
    // to store credit has them all 0 (its money is new credit, not a tender given back).
    cardCents: integer().notNull().default(0),
    giftCardCents: integer().notNull().default(0),
    storeCreditCents: integer().notNull().default(0),
    // A refund made at the outlet's till (docs/decisions/0614-returns-at-the-till.md) names its session;
    // the share the card bucket would get on an order with no provider payment (a cash sale) is handed
    // back in cash from that session's drawer instead: `cashCents` exact, and the cash rounding of it
    // (src/shared/cash-rounding.ts) that the drawer also gave or kept.
    posSessionId: integer().references(() => posSessions.id),
    cashCents: integer().notNull().default(0),
    cashRoundingCents: integer().notNull().default(0),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    // What the maintenance job looks through for refunds a crash left unsettled.
    index('order_refunds_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    check('order_refunds_amount_positive', sql`${t.amount} > 0`),
    check('order_refunds_status_known', sql`${t.status} in ('pending', 'completed', 'failed')`),
  ],
);

/**
 * The lines of a refund by line: how many units of which order line, the goods' amount given back
 * (units x the price paid, after the day's discount) and the discount they had carried, and whether
 * they went back in stock.
 */
export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    id: serial().primaryKey(),
    refundId: integer()
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    amount: money().notNull(),
    discount: money().notNull().default('0'),
    restock: boolean().notNull(),
  },
  (t) => [
    index('order_refund_lines_refund_idx').on(t.refundId),
    index('order_refund_lines_item_idx').on(t.orderItemId),
    check('order_refund_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const stockHolds = pgTable(
  'stock_holds',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    releasedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_holds_active_idx').on(t.productId).where(sql`${t.releasedAt} is null`),
    index('stock_holds_order_idx').on(t.orderId),
  ],
);

export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: serial().primaryKey(),
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    payload: jsonb().notNull(),
    receivedAt: createdAt(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_webhook_events_unique').on(t.provider, t.eventId)],
);

/**
 * A provider's confirmed payment whose recording failed (the database refused the write, the disk was
 * full): kept so the maintenance job completes the order later, as it retries an e-mail. One row per
 * order; completedAt is set once the order is completed (or found already completed).
 */
export const paymentCompletions = pgTable(
  'payment_completions',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentReference: text(),
    actor: text().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_completions_order_unique').on(t.orderId),
    index('payment_completions_due_idx').on(t.id).where(sql`${t.completedAt} is null`),
  ],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    status: text().notNull().default('pending'),
    error: text(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    // An order e-mail queued in the transaction of its change: 'order:{id}:{kind}:{change}'. Unique, so
    // one change is mailed once however often it is queued; null for messages sent at once
    // (docs/decisions/0270-order-emails-through-the-outbox.md).
    dedupeKey: text(),
    /** Deliveries tried so far and when the last began: the retry backs off and stops at a bound. */
    attempts: integer().notNull().default(0),
    attemptAt: timestamp({ withTimezone: true }),
    // The secret the message carries (a reset token), sealed with a key derived from the session
    // secret; text and html hold a placeholder. Put in place only as it goes to SMTP, then cleared
    // (src/server/mail/outbox-secret.ts, docs/decisions/0454-outbox-keeps-no-live-secret.md).
    sealedSecret: text(),
    // Extra headers of the message (a marketing message's List-Unsubscribe and List-Unsubscribe-Post,
    // RFC 8058), handed to SMTP as they are (docs/decisions/0560-consent-records.md).
    headers: jsonb().$type<Record<string, string>>(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    uniqueIndex('mail_outbox_dedupe_key_unique').on(t.dedupeKey),
    // The few queued e-mails not yet delivered: what the retry looks through.
    index('mail_outbox_undelivered_idx')
      .on(t.id)
      .where(sql`${t.dedupeKey} is not null and ${t.status} in ('pending', 'sending', 'failed')`),
  ],
);

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the cookie token: a leaked table does not leak usable sessions.
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// Password reset links (docs/decisions/0280-password-reset.md): only the sha256 of the token is kept, so
// a leaked table opens no account. A token works once, until expiresAt.
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

// A registration waiting for its owner to open the link sent to the address
// (docs/decisions/0456-registration-does-not-tell-which-emails-have-accounts.md): the account is created only
// then, so an answer, a sign-in or a taken username tells nobody whether the address already had one. The
// table keeps the token's sha256 and the password's hash, never either in clear.
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    username: text().notNull(),
    email: text().notNull(),
    password: text().notNull(),
    locale: text().$type<Locale>().notNull().default('en'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_registrations_expires_idx').on(t.expiresAt)],
);

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// One row per account being guessed at: when its next password check may run. Guesses at one account
// from everywhere wait in line behind each other (src/server/features/auth/login-throttle.ts).
export const signInQueue = pgTable('sign_in_queue', {
  accountKey: text().primaryKey(),
  nextAt: timestamp({ withTimezone: true }).notNull(),
});

export const subscribers = pgTable(
  'subscribers',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscribers_email_unique').on(sql`lower(${t.email})`)],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial().primaryKey(),
  name: text().notNull(),
  email: text().notNull(),
  subject: text().notNull(),
  message: text().notNull(),
  createdAt: createdAt(),
});

/**
 * A pickup slot the store offers (docs/decisions/0620-pickup-slots.md): a time window in which at most
 * `capacity` orders are collected. A checkout locks the row and counts the live orders on it, so two
 * checkouts never take the last place; an order cancelled or expired no longer counts.
 */
export const pickupSlots = pgTable(
  'pickup_slots',
  {
    id: serial().primaryKey(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    capacity: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pickup_slots_starts_idx').on(t.startsAt),
    check('pickup_slots_window', sql`${t.endsAt} > ${t.startsAt}`),
    check('pickup_slots_capacity', sql`${t.capacity} between 1 and 1000`),
  ],
);

export const shippingSettings = pgTable('shipping_settings', {
  id: serial().primaryKey(),
  standardPrice: money().notNull().default('5.99'),
  expressPrice: money().notNull().default('14.99'),
  pickupAvailable: boolean().notNull().default(true),
  // Business days from dispatch to delivery, shown at checkout, on orders and in e-mails
  // (docs/decisions/0132-delivery-estimates-are-settings.md).
  standardMinDays: smallint().notNull().default(3),
  standardMaxDays: smallint().notNull().default(5),
  expressMinDays: smallint().notNull().default(1),
  expressMaxDays: smallint().notNull().default(2),
  // Where and when pickup orders are collected, shown at checkout, on orders and in e-mails
  // (docs/decisions/0491-pickup-says-where-and-when.md). The address reads the same in both languages;
  // hours and instructions have a French text (the English one serves while it is blank).
  pickupAddress: text().notNull().default(PICKUP_DEFAULTS.address),
  pickupHours: text().notNull().default(PICKUP_DEFAULTS.hours),
  pickupHoursFr: text().notNull().default(PICKUP_DEFAULTS.hoursFr),
  pickupInstructions: text().notNull().default(PICKUP_DEFAULTS.instructions),
  pickupInstructionsFr: text().notNull().default(PICKUP_DEFAULTS.instructionsFr),
  // Hours before a slot starts that it can no longer be booked, and days after 'ready' that an order
  // not collected is cancelled and refunded (docs/decisions/0620-pickup-slots.md, 0623).
  pickupLeadHours: smallint().notNull().default(2),
  pickupNoShowDays: smallint().notNull().default(7),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const canadianTaxRates = pgTable('canadian_tax_rates', {
  id: serial().primaryKey(),
  provinceCode: text().notNull().unique(),
  provinceName: text().notNull(),
  taxRate: rate().notNull(),
  gstRate: rate().notNull().default('0'),
  pstRate: rate().notNull().default('0'),
  active: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const contentPages = pgTable('content_pages', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  titleFr: frenchText(),
  content: text().notNull().default(''),
  contentFr: frenchText(),
  isStructured: boolean().notNull().default(false),
  // An unpublished page is a draft: only administrators see it; shoppers get 404 (docs/decisions/0244-content-pages-at-pages-slug.md).
  published: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }),
});

export const faqItems = pgTable('faq_items', {
  id: serial().primaryKey(),
  question: text().notNull(),
  questionFr: frenchText(),
  answer: text().notNull(),
  answerFr: frenchText(),
  sortOrder: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// Small key/value facts about the store itself (for example whether it still runs on demo data).
export const storeMeta = pgTable('store_meta', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
});

/**
 * Every change of a product's stock, whoever made it: written by a trigger on products (migration
 * 0011), so no path can forget; the reason, order and user come from the transaction's settings
 * (src/server/features/admin-products/stock.ts; docs/decisions/0210-product-edits-and-stock-history.md).
 */
/**
 * Every change of a product's selling price, whoever made it: written by a trigger on products
 * (the migration of i21-markdowns), reading the reason, step and user from the transaction's settings
 * store.price_* (src/server/features/markdowns/price-reason.ts). The product's price history.
 */
export const productPriceChanges = pgTable(
  'product_price_changes',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fromPrice: money(),
    toPrice: money().notNull(),
    reason: text().notNull(),
    markdownStep: smallint(),
    userId: integer(),
    createdAt: createdAt(),
  },
  (t) => [index('product_price_changes_product_idx').on(t.productId, t.id)],
);

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    stockAfter: integer().notNull(),
    reason: text().notNull(),
    note: text(),
    orderId: integer(),
    userId: integer(),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId, t.id)],
);

/**
 * A load bought from a liquidation supplier: who, when, the supplier's reference and what it cost
 * (docs/decisions/0310-loads-and-manifest-intake.md). Its lots are products with its loadId; the cost
 * is spread over them by their share of the manifest's retail value (products.unitCost).
 */
export const loads = pgTable(
  'loads',
  {
    id: serial().primaryKey(),
    supplier: text().notNull(),
    receivedOn: date({ mode: 'string' }).notNull(),
    reference: text().notNull(),
    totalCost: money().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Lot numbers are made from the reference, so two loads may not share one in any case.
    uniqueIndex('loads_reference_unique').on(sql`lower(${t.reference})`),
    check('loads_total_cost_not_negative', sql`${t.totalCost} >= 0`),
  ],
);

/** How one supplier's manifest columns map to the intake's fields, saved at the first upload. */
export const supplierManifestMappings = pgTable('supplier_manifest_mappings', {
  /** The supplier's name normalised: lower case, single spaces. */
  supplierKey: text().primaryKey(),
  mapping: jsonb().$type<Record<string, string | null>>().notNull(),
  /** The supplier's grade words (squashed: lower case, letters and digits) -> the store's condition. */
  grades: jsonb().$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Product recalls loaded from Health Canada's and the US CPSC's open data (docs/decisions/0571-recall-screening.md):
 * one row per recall and source, written again when a newer file names it.
 */
export const recalls = pgTable(
  'recalls',
  {
    id: serial().primaryKey(),
    source: text().$type<'health-canada' | 'cpsc'>().notNull(),
    /** The recall's number at its source (Health Canada's NID, the CPSC's recall number). */
    sourceId: text().notNull(),
    title: text().notNull(),
    /** The title in French when the French file of the same source was loaded (Health Canada publishes both). */
    titleFr: text(),
    recalledOn: date({ mode: 'string' }),
    url: text(),
    /** Brands and model words named by the recall, lower case: possible matches shown to staff. */
    brands: text().array().notNull().default(sql`'{}'::text[]`),
    models: text().array().notNull().default(sql`'{}'::text[]`),
    importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recalls_source_id_unique').on(t.source, t.sourceId)],
);

/** The GTINs a recall names, as 14 digits (shorter ones padded with zeros): what a lot's UPC is matched on. */
export const recallGtins = pgTable(
  'recall_gtins',
  {
    recallId: integer()
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    gtin: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.recallId, t.gtin] }), index('recall_gtins_gtin_idx').on(t.gtin)],
);

/**
 * A shopper's request to return units of an order (docs/decisions/0540-return-requests.md): its state
 * (requested -> approved | refused -> received -> refunded | closed), the reason from the list, the
 * shopper's comment and photos, staff's message and return instructions, and the refund that closed it.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text().notNull().default('requested'),
    reason: text().notNull(),
    comment: text().notNull().default(''),
    /** The photos' URLs (re-encoded WebP, metadata stripped), in the order sent. */
    photos: jsonb().$type<string[]>().notNull().default([]),
    /** Whether the request was accepted as a defect claim (legal warranty): outside the window or final sale. */
    defectClaim: boolean().notNull().default(false),
    /** Staff's last message to the shopper (approval, refusal, closing). */
    staffMessage: text().notNull().default(''),
    /** How the goods come back: 'ship' (to `returnAddress`) or 'drop-off' (at the pickup place). */
    returnMethod: text(),
    returnAddress: text(),
    instructions: text().notNull().default(''),
    refundId: integer().references(() => orderRefunds.id, { onDelete: 'set null' }),
    /** Set while the refund is being made (claimed by a conditional update): one refund at a time. */
    refundClaimedAt: timestamp({ withTimezone: true }),
    requestedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_status_idx').on(t.status, t.id),
    check(
      'return_requests_status_known',
      sql`${t.status} in ('requested', 'approved', 'refused', 'received', 'refunded', 'closed')`,
    ),
  ],
);

/** The units of one order line a return asks for, and what came back (received, of which damaged). */
export const returnRequestLines = pgTable(
  'return_request_lines',
  {
    id: serial().primaryKey(),
    returnId: integer()
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    receivedQuantity: integer(),
    damagedQuantity: integer(),
  },
  (t) => [
    index('return_request_lines_return_idx').on(t.returnId),
    index('return_request_lines_item_idx').on(t.orderItemId),
    check('return_request_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'return_request_lines_received_fits',
      sql`${t.receivedQuantity} is null or (${t.receivedQuantity} between 0 and ${t.quantity} and coalesce(${t.damagedQuantity}, 0) between 0 and ${t.receivedQuantity})`,
    ),
  ],
);

/**
 * Each received unit as staff re-graded it: its condition, notes, new price or write-off, and where
 * it went (the original lot's stock, a new lot, or nowhere when written off).
 */
export const returnUnits = pgTable(
  'return_units',
  {
    id: serial().primaryKey(),
    returnLineId: integer()
      .notNull()
      .references(() => returnRequestLines.id, { onDelete: 'cascade' }),
    condition: text().$type<ProductCondition>().notNull(),
    notes: text().notNull().default(''),
    price: money(),
    writeOff: boolean().notNull().default(false),
    /** 'original' (back in the sold lot's stock), 'new-lot' or 'written-off'. */
    outcome: text().notNull(),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('return_units_line_idx').on(t.returnLineId)],
);

/**
 * What happened to a return, one row a step: the shopper's timeline shows them and each one's e-mail
 * is keyed by its id (one e-mail per step, however often it is retried).
 */
export const returnEvents = pgTable(
  'return_events',
  {
    id: serial().primaryKey(),
    returnId: integer()
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    message: text().notNull().default(''),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('return_events_order_idx').on(t.orderId), index('return_events_return_idx').on(t.returnId)],
);

/**
 * Every express marketing consent given or withdrawn, never updated: who (e-mail, account), when, the
 * exact wording shown, its language, where (popup, footer, checkout, account, unsubscribe link) and the
 * client address. The proof CASL asks the store to keep (docs/decisions/0560-consent-records.md).
 * Implied consent is not stored: it is read from paid orders (2 years) and contact messages (6 months).
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    action: text().$type<'granted' | 'withdrawn'>().notNull(),
    /**
     * What a granted consent is for: 'marketing' (newsletters, campaigns, reminders) or 'alerts' (a guest's
     * confirmed saved search only, docs/decisions/0583-guest-saved-searches.md). A withdrawal ends both.
     */
    purpose: text().$type<'marketing' | 'alerts'>().notNull().default('marketing'),
    source: text().notNull(),
    wording: text().notNull(),
    locale: text().$type<Locale>().notNull().default('en'),
    ipAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('marketing_consents_email_idx').on(sql`lower(${t.email})`, t.createdAt),
    check('marketing_consents_action', sql`${t.action} in ('granted', 'withdrawn')`),
  ],
);

/**
 * The register of confidentiality incidents (Quebec Law 25, PIPEDA breach records), kept at least
 * 24 months after the store learned of each (docs/decisions/0564-privacy-incident-register.md).
 */
export const privacyIncidents = pgTable('privacy_incidents', {
  id: serial().primaryKey(),
  occurredOn: date({ mode: 'string' }),
  discoveredOn: date({ mode: 'string' }).notNull(),
  description: text().notNull(),
  affectedPeople: text().notNull(),
  affectedCount: integer(),
  riskOfSeriousInjury: boolean().notNull().default(false),
  measures: text().notNull().default(''),
  commissionNotifiedOn: date({ mode: 'string' }),
  peopleNotifiedOn: date({ mode: 'string' }),
  createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A guest's request for the data of their orders (export or deletion), waiting for the link sent to the
 * address: only the token's sha256 is kept (docs/decisions/0563-guest-privacy-requests.md).
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    email: text().notNull(),
    kind: text().$type<'export' | 'delete'>().notNull(),
    locale: text().$type<Locale>().notNull().default('en'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_requests_expires_idx').on(t.expiresAt)],
);

/**
 * A customer's store credit balance, in cents: the one figure every spend is checked against, changed
 * only by the ledger's writer (src/server/features/store-credit/ledger.ts) in a conditional update, so
 * two spends at once can never take it below zero (docs/decisions/0530-store-credit-ledger.md).
 */
export const storeCreditBalances = pgTable(
  'store_credit_balances',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceCents: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('store_credit_balances_not_negative', sql`${t.balanceCents} >= 0`)],
);

/**
 * Every movement of a customer's store credit, signed cents: issued by a refund or by staff (with a
 * reason), spent at checkout, or a reversal. The balance is the sum of the movements.
 */
export const storeCreditMovements = pgTable(
  'store_credit_movements',
  {
    id: serial().primaryKey(),
    // The customer's id, without a foreign key on purpose: the movements are the store's financial
    // record (the liability report rebuilds any past day from them), so deleting a customer whose
    // balance is zero keeps their history; a customer with a balance cannot be deleted
    // (src/server/features/admin-users/service.ts).
    userId: integer().notNull(),
    amountCents: integer().notNull(),
    kind: text().$type<'refund' | 'staff' | 'spent' | 'reversal'>().notNull(),
    reason: text(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    refundId: integer().references(() => orderRefunds.id, { onDelete: 'set null' }),
    staffUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    balanceAfterCents: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('store_credit_movements_user_idx').on(t.userId, t.id),
    check('store_credit_movements_not_zero', sql`${t.amountCents} <> 0`),
    check('store_credit_movements_kind_known', sql`${t.kind} in ('refund', 'staff', 'spent', 'reversal')`),
  ],
);

/**
 * A gift card: its code is kept only as a SHA-256 hash (unique), with its last 4 characters for
 * display; the balance in cents never goes below zero (CHECK and the ledger's conditional update).
 * No expiry date and no fees (docs/decisions/0533-gift-cards.md).
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial().primaryKey(),
    codeHash: text().notNull().unique(),
    last4: text().notNull(),
    initialCents: integer().notNull(),
    balanceCents: integer().notNull(),
    /** Who it was sent to, and the buyer's message, when there is one. */
    recipientEmail: text(),
    message: text(),
    /** The order that sold it, when sold in the store; null when staff issued it. */
    soldOrderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    issuedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('gift_cards_not_negative', sql`${t.balanceCents} >= 0`),
    check('gift_cards_initial_positive', sql`${t.initialCents} > 0`),
  ],
);

/**
 * A gift card sold by an order: its own line kind, not a product (no stock, no tax, no shipping);
 * `quantity` cards of `amount_cents` each are issued when the order is paid, each e-mailed to the
 * recipient (docs/decisions/0534-gift-card-sales.md).
 */
export const orderGiftCardLines = pgTable(
  'order_gift_card_lines',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    quantity: integer().notNull(),
    recipientName: text().notNull(),
    recipientEmail: text().notNull(),
    message: text(),
    /** When the cards of this line were issued (the order's payment completed); null before. */
    issuedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_gift_card_lines_order_idx').on(t.orderId),
    check('order_gift_card_lines_amount_positive', sql`${t.amountCents} > 0`),
    check('order_gift_card_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Every movement of a gift card's balance, signed cents; the balance is the sum of its movements. */
export const giftCardMovements = pgTable(
  'gift_card_movements',
  {
    id: serial().primaryKey(),
    giftCardId: integer()
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    kind: text().$type<'issued' | 'spent' | 'reversal' | 'refund'>().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    balanceAfterCents: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_card_movements_card_idx').on(t.giftCardId, t.id),
    index('gift_card_movements_order_idx').on(t.orderId),
    check('gift_card_movements_not_zero', sql`${t.amountCents} <> 0`),
    check('gift_card_movements_kind_known', sql`${t.kind} in ('issued', 'spent', 'reversal', 'refund')`),
  ],
);

/**
 * A customer's saved listing filters (docs/decisions/0572-new-arrival-alerts-and-price-watches.md): lots
 * first put on sale after `checkedAt` that match are new arrivals for the daily digest.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The listing's query string, normalised (page, limit and sort left out). */
    query: text().notNull(),
    /** The language the search was saved in: its digest is written in it. */
    locale: text().$type<Locale>().notNull().default('en'),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId)],
);

/** One digest a day per customer: the row of the store's day is taken before the e-mail is written. */
export const alertDigests = pgTable(
  'alert_digests',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentOn: date({ mode: 'string' }).notNull(),
    lots: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sentOn] })],
);

/**
 * A guest's saved search, by e-mail address: inactive until the address is confirmed by the e-mailed
 * link (its token kept only as a hash); one digest a day per address (digestOn, the store's day of the
 * last one) (docs/decisions/0583-guest-saved-searches.md).
 */
export const guestSavedSearches = pgTable(
  'guest_saved_searches',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    query: text().notNull(),
    locale: text().$type<Locale>().notNull().default('en'),
    tokenHash: text().notNull().unique(),
    confirmedAt: timestamp({ withTimezone: true }),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    digestOn: date({ mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('guest_saved_searches_email_idx').on(sql`lower(${t.email})`)],
);

/** A customer's watch on a lot's price: one e-mail when it drops below the watched price, or when it sells. */
export const productWatches = pgTable(
  'product_watches',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    watchedCents: integer().notNull(),
    locale: text().$type<Locale>().notNull().default('en'),
    createdAt: createdAt(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('product_watches_user_product_unique').on(t.userId, t.productId)],
);

/** The outlet's registers (docs/decisions/0600-till.md): a cash drawer, a session open on it at a time. */
export const posRegisters = pgTable('pos_registers', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  active: boolean().notNull().default(true),
  // The Square Terminal paired with this register (the Devices API's device_id), set by an
  // administrator: the till's card part goes to it (docs/decisions/0613-till-card-on-square-terminal.md).
  squareDeviceId: text(),
  createdAt: createdAt(),
});

/**
 * A cashier's session on a register: the opening float, then at close the cash counted by denomination,
 * what was expected in the drawer and the difference. At most one open session per register.
 */
export const posSessions = pgTable(
  'pos_sessions',
  {
    id: serial().primaryKey(),
    registerId: integer()
      .notNull()
      .references(() => posRegisters.id),
    openedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    openedAt: createdAt(),
    openingFloat: money().notNull(),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Notes and coins counted at close, by value in cents: { "2000": 3, "25": 8 }. */
    counts: jsonb().$type<Record<string, number>>(),
    expectedCash: money(),
    countedCash: money(),
    variance: money(),
    note: text(),
  },
  (t) => [
    uniqueIndex('pos_sessions_one_open_per_register').on(t.registerId).where(sql`${t.closedAt} is null`),
    check('pos_sessions_float_not_negative', sql`${t.openingFloat} >= 0`),
  ],
);

/** Cash taken out of the drawer during a session: a drop to the safe or a payout, with its reason. */
export const posCashMovements = pgTable(
  'pos_cash_movements',
  {
    id: serial().primaryKey(),
    sessionId: integer()
      .notNull()
      .references(() => posSessions.id, { onDelete: 'cascade' }),
    kind: text().$type<'drop' | 'payout'>().notNull(),
    amount: money().notNull(),
    reason: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pos_cash_movements_session_idx').on(t.sessionId),
    check('pos_cash_movements_amount_positive', sql`${t.amount} > 0`),
    check('pos_cash_movements_kind_known', sql`${t.kind} in ('drop', 'payout')`),
  ],
);

/**
 * How a till sale was paid, one row per tender: the amount it paid of the sale and, for cash, what was
 * handed over, the change given and the cash rounding (src/shared/cash-rounding.ts; signed cents the
 * rounding added to the cash due). A gift card names its last 4 characters; a card its last 4 digits when
 * the provider gives them, and its payment id.
 */
export const posTenders = pgTable(
  'pos_tenders',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sessionId: integer()
      .notNull()
      .references(() => posSessions.id),
    kind: text().$type<'cash' | 'card' | 'gift_card' | 'store_credit'>().notNull(),
    amount: money().notNull(),
    tendered: money(),
    change: money().notNull().default('0'),
    rounding: money().notNull().default('0'),
    last4: text(),
    /** A card's payment id at the provider (Square's payment behind the Terminal checkout). */
    paymentReference: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pos_tenders_session_idx').on(t.sessionId),
    index('pos_tenders_order_idx').on(t.orderId),
    check('pos_tenders_kind_known', sql`${t.kind} in ('cash', 'card', 'gift_card', 'store_credit')`),
  ],
);
