// Constants of the specification, shared by the browser and the server.
import type { Locale } from './i18n/locales';

/** Canada's provinces and territories: the English name (the specification's) and the French (OQLF usage). */
export const PROVINCES = [
  { code: 'AB', name: 'Alberta', nameFr: 'Alberta' },
  { code: 'BC', name: 'British Columbia', nameFr: 'Colombie-Britannique' },
  { code: 'MB', name: 'Manitoba', nameFr: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick', nameFr: 'Nouveau-Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador', nameFr: 'Terre-Neuve-et-Labrador' },
  { code: 'NS', name: 'Nova Scotia', nameFr: 'Nouvelle-Écosse' },
  { code: 'ON', name: 'Ontario', nameFr: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island', nameFr: 'Île-du-Prince-Édouard' },
  { code: 'QC', name: 'Quebec', nameFr: 'Québec' },
  { code: 'SK', name: 'Saskatchewan', nameFr: 'Saskatchewan' },
  { code: 'NT', name: 'Northwest Territories', nameFr: 'Territoires du Nord-Ouest' },
  { code: 'NU', name: 'Nunavut', nameFr: 'Nunavut' },
  { code: 'YT', name: 'Yukon', nameFr: 'Yukon' },
] as const;
export const PROVINCE_CODES = PROVINCES.map((p) => p.code) as unknown as readonly [
  ProvinceCode,
  ...ProvinceCode[],
];
export type ProvinceCode = (typeof PROVINCES)[number]['code'];

/**
 * A province's or territory's name in a language ('Quebec' / 'Québec'); an unknown code is given back
 * as it is. The codes are the same in both languages.
 */
export function provinceName(code: string, locale: Locale = 'en'): string {
  const province = PROVINCES.find((p) => p.code === code);
  if (!province) return code;
  return locale === 'fr' ? province.nameFr : province.name;
}

export const COUNTRIES = ['Canada', 'US'] as const;

/**
 * A liquidation lot's condition, as graded at intake: the stored codes; shoppers read New, New - open box,
 * Used - like new, Used - good, Used - acceptable, For parts or repair
 * (docs/decisions/0300-product-condition-and-intake-columns.md).
 */
export const PRODUCT_CONDITIONS = [
  'new',
  'new-open-box',
  'used-like-new',
  'used-good',
  'used-acceptable',
  'for-parts',
] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

export const SHIPPING_METHODS = ['pickup', 'standard', 'express'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  pickup: 'Pickup at store',
  express: 'Express Shipping',
  standard: 'Standard Shipping',
};

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'ready-for-pickup',
  'shipped',
  'delivered',
  'picked-up',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How many times the order confirmation e-mail is tried before it is left failed (decision 0046). */
export const MAX_CONFIRMATION_EMAIL_ATTEMPTS = 5;

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Colour blocks for categories without an image; any other name is grey. */
export const CATEGORY_COLOURS: Record<string, string> = {
  Electronics: '#2563eb',
  Clothing: '#db2777',
  'Home & Kitchen': '#ea580c',
  'Toys & Games': '#9333ea',
  'Sports & Outdoors': '#16a34a',
  Books: '#92400e',
  'Beauty & Personal Care': '#e11d48',
  Automotive: '#475569',
};
export const CATEGORY_FALLBACK_COLOUR = '#9ca3af';

export const STATIC_PAGE_SLUGS = ['shipping', 'returns', 'privacy', 'terms', 'sitemap'] as const;

/**
 * Where shoppers read a content page: the five fixed pages at their own addresses (/shipping ...), any
 * other at /pages/{slug} (docs/decisions/0244-content-pages-at-pages-slug.md). Also the canonical address.
 */
export function contentPagePath(slug: string): string {
  return (STATIC_PAGE_SLUGS as readonly string[]).includes(slug)
    ? `/${encodeURIComponent(slug)}`
    : `/pages/${encodeURIComponent(slug)}`;
}

export const LIST_SORTS = ['featured', 'price-low', 'price-high', 'newest'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export const MAX_PRODUCT_IMAGES = 5;
export const MAX_LIST_LIMIT = 100;
export const DEFAULT_LIST_LIMIT = 24;
/** Largest page number a listing accepts. */
export const MAX_LIST_PAGE = 100_000;
/** Largest minPrice or maxPrice a listing accepts, in dollars. */
export const MAX_PRICE_FILTER = 99_999_999;
/** Largest value of a PostgreSQL integer id: a bigger number names nothing. */
export const MAX_DB_ID = 2_147_483_647;
/** Longest username and password (the checkout's account fields read them without the auth schemas). */
export const USERNAME_MAX = 50;
// Long enough for any passphrase, short enough that nobody can make the server hash megabytes.
export const PASSWORD_MAX = 200;
export const DEFAULT_TAX_PROVINCE: ProvinceCode = 'ON';
export const DEFAULT_TAX_RATE = '13';

/**
 * The currencies the store can price in (STORE_CURRENCY): the two of the countries it ships to
 * (docs/decisions/0135-store-currency.md).
 */
export const CURRENCIES = ['CAD', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * The codes of an order's tax lines: the federal GST, or the harmonised HST; a province's own sales tax
 * (PST in BC and Saskatchewan, QST in Quebec, RST in Manitoba); TAX is one combined line, for orders
 * placed before taxes were kept by component (docs/decisions/0136-tax-lines.md).
 */
export const TAX_CODES = ['GST', 'HST', 'PST', 'QST', 'RST', 'TAX'] as const;
export type TaxCode = (typeof TAX_CODES)[number];

/** Provinces where the federal and provincial taxes are one harmonised tax (HST). */
export const HST_PROVINCES: readonly ProvinceCode[] = ['NB', 'NL', 'NS', 'ON', 'PE'];

/** The name of a province's own sales tax beside the GST; PST where the province has no other name. */
export const PROVINCIAL_TAX_CODES: Partial<Record<ProvinceCode, 'PST' | 'QST' | 'RST'>> = {
  QC: 'QST',
  MB: 'RST',
};
