// Product feeds for Google Merchant Center (/feeds/google.xml, RSS 2.0 with the g: namespace) and Meta's
// catalogue (/feeds/meta.csv), English at those addresses and French under /fr
// (docs/decisions/0570-product-feeds.md). Only lots shoppers can see and that still have a unit; the
// price is the lot's own selling price, and today's discount, when it lowers it, is the sale price for
// the store's day. Both are off until PRODUCT_FEEDS=true.
import { stringify } from 'csv-stringify/sync';
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import { CONDITION_LABEL_KEYS } from '~/shared/condition';
import type { ProductCondition } from '~/shared/constants';
import { validGtin } from '~/shared/gtin';
import { htmlToText } from '~/shared/html-text';
import { translator } from '~/shared/i18n/catalogues';
import { type Locale, localizedPath } from '~/shared/i18n/locales';
import { storeDate } from '~/shared/pricing';
import { productLabelMessages } from '~/shared/product-labels.messages';
import type { AppContext } from '~/server/context';
import { productImages, products } from '~/server/db/schema';
import { todaysWeekdayDiscount } from './discounts';
import { type ProductRow, selectProducts, toShopperProduct, visibleToShoppers } from './product-repository';
import { xmlEscape } from './seo';

/** Google's limits: a title of 150 characters, a description of 5,000, ten additional pictures. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;
const ADDITIONAL_IMAGES_MAX = 10;
/** The largest stored picture width (src/shared/images.ts): feeds ask for pictures of 800 px or more. */
const FEED_IMAGE_WIDTH = 1024;

export type FeedKind = 'google' | 'meta';

type FeedLot = {
  id: string;
  title: string;
  description: string;
  link: string;
  images: string[];
  inStock: boolean;
  condition: 'new' | 'used';
  priceCents: number;
  saleCents: number | null;
  gtin: string | null;
  brand: string | null;
  productType: string | null;
};

type FeedContext = {
  origin: string;
  locale: Locale;
  storeName: string;
  currency: string;
  /** The store's day as an ISO 8601 interval with its UTC offsets: when a sale price holds. */
  saleWindow: string;
};

/**
 * Google's (and Meta's) conditions are new, refurbished and used. An opened box is no longer new to
 * Google's rules, and the store refurbishes nothing itself, so every grade but "new" is used, as the
 * product pages' schema.org condition says (src/shared/condition.ts).
 */
const feedCondition = (condition: ProductCondition) => (condition === 'new' ? 'new' : 'used');

/** The largest stored variant of a picture, as an absolute address. */
function feedImage(url: string, origin: string): string {
  const large = url.replace(/-640\.webp$/, `-${FEED_IMAGE_WIDTH}.webp`);
  return new URL(large, `${origin}/`).href;
}

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/** "+05:00" style offset of a time zone at an instant. */
function utcOffset(timeZone: string, at: Date): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-]\d{2}:\d{2})/.exec(name ?? '');
  return match ? match[1]! : '+00:00';
}

/** The store's day from 00:00 to 23:59 local time, each end with its own offset (a daylight-saving day differs). */
export function storeDayWindow(timeZone: string, now: Date): string {
  const day = storeDate(timeZone, now);
  const at = (time: string) => {
    const guess = new Date(`${day}T${time}:00${utcOffset(timeZone, now)}`);
    return `${day}T${time}${utcOffset(timeZone, guess)}`;
  };
  return `${at('00:00')}/${at('23:59')}`;
}

async function feedLots(ctx: AppContext, locale: Locale, now: Date): Promise<FeedLot[]> {
  const { db, config } = ctx;
  const weekdayPercent = await todaysWeekdayDiscount(db, config.STORE_TIMEZONE, now);
  const rows = await selectProducts(db, {
    upc: sql<string | null>`${products.upc}`,
    brand: sql<string | null>`${products.brand}`,
    onHand: sql<number>`${products.stock}`,
  })
    .where(and(visibleToShoppers, gt(products.stock, 0)))
    .orderBy(asc(products.id));
  const ids = rows.map((r) => r.id);
  const gallery = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += 1000) {
    const images = await db
      .select({ productId: productImages.productId, imageUrl: productImages.imageUrl })
      .from(productImages)
      .where(inArray(productImages.productId, ids.slice(i, i + 1000)))
      .orderBy(asc(productImages.productId), asc(productImages.sortOrder), asc(productImages.id));
    for (const image of images)
      gallery.set(image.productId, [...(gallery.get(image.productId) ?? []), image.imageUrl]);
  }
  const t = translator(locale, productLabelMessages);
  return rows.map(({ upc, brand, onHand, ...row }) => {
    const product = toShopperProduct(row as ProductRow, weekdayPercent, locale);
    const priceCents = Math.round(Number(product.price) * 100);
    const todayCents = Math.round(Number(product.discountedPrice) * 100);
    const condition = t(CONDITION_LABEL_KEYS[product.condition]);
    const about = [condition, product.conditionNotes, htmlToText(product.description)]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' - ');
    const pictures = [...new Set([row.imageUrl, ...(gallery.get(row.id) ?? [])].filter((u) => u !== null))];
    return {
      id: row.lotNumber ?? String(row.id),
      title: clip(product.name, TITLE_MAX),
      description: clip(about, DESCRIPTION_MAX),
      link: new URL(
        localizedPath(`/products/${encodeURIComponent(row.slug)}`, locale),
        `${config.publicUrl}/`,
      ).href,
      images: pictures.map((u) => feedImage(u, config.publicUrl)),
      // A unit held in someone's checkout may come back; the feed says so until the lot is sold.
      inStock: product.stock > 0 && onHand > 0,
      condition: feedCondition(product.condition),
      priceCents,
      saleCents: todayCents < priceCents ? todayCents : null,
      gtin: validGtin(upc),
      brand: brand?.trim() || null,
      productType: product.categoryName,
    };
  });
}

function googleItem(lot: FeedLot, feed: FeedContext): string {
  const tag = (name: string, value: string | null) =>
    value === null ? '' : `<g:${name}>${xmlEscape(value)}</g:${name}>`;
  const [image, ...more] = lot.images;
  return [
    '<item>',
    tag('id', lot.id),
    tag('title', lot.title),
    tag('description', lot.description),
    tag('link', lot.link),
    tag('image_link', image ?? null),
    ...more.slice(0, ADDITIONAL_IMAGES_MAX).map((u) => tag('additional_image_link', u)),
    tag('availability', lot.inStock ? 'in_stock' : 'out_of_stock'),
    tag('condition', lot.condition),
    tag('price', money(lot.priceCents, feed.currency)),
    lot.saleCents === null ? '' : tag('sale_price', money(lot.saleCents, feed.currency)),
    lot.saleCents === null ? '' : tag('sale_price_effective_date', feed.saleWindow),
    tag('gtin', lot.gtin),
    tag('brand', lot.brand),
    // Without a GTIN a lot has no manufacturer identifiers Google can check (the store keeps no MPN).
    lot.gtin === null ? tag('identifier_exists', 'no') : '',
    tag('product_type', lot.productType),
    '</item>',
  ].join('');
}

export function googleFeed(lots: FeedLot[], feed: FeedContext): string {
  const home = xmlEscape(new URL(localizedPath('/', feed.locale), `${feed.origin}/`).href);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    `<channel><title>${xmlEscape(feed.storeName)}</title><link>${home}</link><description>${xmlEscape(feed.storeName)}</description>`,
    ...lots.map((lot) => googleItem(lot, feed)),
    '</channel></rss>',
    '',
  ].join('\n');
}

/** Meta's catalogue columns; a lot needs a brand or a GTIN there, so a lot with neither is left out. */
const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'sale_price_effective_date',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'gtin',
  'product_type',
] as const;

export function metaFeed(lots: FeedLot[], feed: FeedContext): string {
  const records = lots
    .filter((lot) => lot.brand !== null || lot.gtin !== null)
    .map((lot) => [
      lot.id,
      lot.title,
      lot.description,
      lot.inStock ? 'in stock' : 'out of stock',
      lot.condition,
      money(lot.priceCents, feed.currency),
      lot.saleCents === null ? '' : money(lot.saleCents, feed.currency),
      lot.saleCents === null ? '' : feed.saleWindow,
      lot.link,
      lot.images[0] ?? '',
      lot.images.slice(1, 1 + ADDITIONAL_IMAGES_MAX).join(','),
      lot.brand ?? '',
      lot.gtin ?? '',
      lot.productType ?? '',
    ]);
  return stringify([[...META_COLUMNS], ...records], { record_delimiter: '\n' });
}

/** One feed in one language, built from the database now. */
export async function buildFeed(
  ctx: AppContext,
  kind: FeedKind,
  locale: Locale,
  now = new Date(),
): Promise<string> {
  const { config } = ctx;
  const lots = await feedLots(ctx, locale, now);
  const feed: FeedContext = {
    origin: config.publicUrl,
    locale,
    storeName: config.STORE_NAME,
    currency: config.STORE_CURRENCY,
    saleWindow: storeDayWindow(config.STORE_TIMEZONE, now),
  };
  return kind === 'google' ? googleFeed(lots, feed) : metaFeed(lots, feed);
}
