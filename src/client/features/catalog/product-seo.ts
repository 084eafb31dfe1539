// What search engines and link previews read about a product page: Open Graph tags and schema.org
// Product JSON-LD with its offer (docs/decisions/0024-product-structured-data.md).
import { schemaOrgCondition } from '~/shared/condition';
import type { Currency } from '~/shared/constants';
import { LOCALE_TAGS, type Locale, localizedPath } from '~/shared/i18n/locales';
import type { Product } from '~/shared/schemas/catalog';
import { LOW_STOCK_BELOW } from '~/shared/stock';

/** The store's currency (STORE_CURRENCY, in the site configuration) until the configuration is read. */
export const DEFAULT_PRICE_CURRENCY: Currency = 'CAD';

export function availabilityOf(stock: number): string {
  if (!(stock > 0)) return 'https://schema.org/OutOfStock';
  if (stock < LOW_STOCK_BELOW) return 'https://schema.org/LimitedAvailability';
  return 'https://schema.org/InStock';
}

export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** A description for meta tags: plain text, one line, at most about 160 characters. */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

export function productCanonicalPath(product: Pick<Product, 'slug'>): string {
  return `/products/${encodeURIComponent(product.slug)}`;
}

export function productJsonLd(
  product: Product,
  /**
   * `today`: the store's date (site configuration); a daily price is valid until that day ends.
   * `locale`: the page's language (its address is the French one on French pages).
   */
  options: {
    origin: string;
    images: string[];
    today: string | undefined;
    currency?: Currency;
    locale?: Locale;
  },
): Record<string, unknown> {
  const url = absoluteUrl(
    options.origin,
    localizedPath(productCanonicalPath(product), options.locale ?? 'en'),
  );
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    url,
    price: product.discountedPrice,
    priceCurrency: options.currency ?? DEFAULT_PRICE_CURRENCY,
    availability: availabilityOf(product.stock),
    itemCondition: schemaOrgCondition(product.condition),
  };
  // A daily discount is today's price only.
  if (product.discountPercentage > 0 && options.today) offer.priceValidUntil = options.today;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    // The language the name is in: French on a French page, unless the product has no French name and
    // the English shows (docs/decisions/0350-french-catalogue-fields.md).
    inLanguage: LOCALE_TAGS[product.languages.name],
    url,
    ...(options.images.length > 0
      ? { image: options.images.map((i) => absoluteUrl(options.origin, i)) }
      : {}),
    ...(product.lotNumber ? { sku: product.lotNumber } : {}),
    ...(product.categoryName ? { category: product.categoryName } : {}),
    offers: offer,
  };
}

export function productOpenGraph(
  product: Product,
  /** `locale`: the page's language; the preview links to the page in that language. */
  options: {
    origin: string;
    image: string | null;
    siteName: string;
    currency?: Currency;
    locale?: Locale;
  },
): Record<string, string> {
  const tags: Record<string, string> = {
    'og:type': 'product',
    'og:site_name': options.siteName,
    'og:title': product.name,
    'og:description': metaDescription(product.description),
    'og:url': absoluteUrl(
      options.origin,
      localizedPath(productCanonicalPath(product), options.locale ?? 'en'),
    ),
    'og:locale': LOCALE_TAGS[options.locale ?? 'en'].replace('-', '_'),
    'product:price:amount': product.discountedPrice,
    'product:price:currency': options.currency ?? DEFAULT_PRICE_CURRENCY,
    'product:availability': product.stock > 0 ? 'in stock' : 'out of stock',
  };
  if (options.image) tags['og:image'] = absoluteUrl(options.origin, options.image);
  return tags;
}
