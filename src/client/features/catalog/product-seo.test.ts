import { describe, expect, it } from 'vitest';
import { makeProduct } from '~/client/test/test-utils';
import { availabilityOf, metaDescription, productJsonLd, productOpenGraph } from './product-seo';

const origin = 'https://store.example';

describe('product structured data', () => {
  it('describes the offer in the store currency with its availability', () => {
    const product = makeProduct({ stock: 25, discountedPrice: '249.99', lotNumber: 'LOT-9' });
    const ld = productJsonLd(product, {
      origin,
      images: ['/uploads/monitor-640.webp'],
      today: '2025-03-01',
      currency: 'CAD',
    });
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Refurbished Monitor',
      description: 'A 27-inch monitor, graded A.',
      inLanguage: 'en-CA',
      url: 'https://store.example/products/refurbished-monitor',
      image: ['https://store.example/uploads/monitor-640.webp'],
      sku: 'LOT-9',
      category: 'Electronics',
      offers: {
        '@type': 'Offer',
        url: 'https://store.example/products/refurbished-monitor',
        price: '249.99',
        priceCurrency: 'CAD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    });
  });

  it("tells the lot's condition: an opened box and every used grade are Used, parts-only is Damaged", () => {
    const condition = (c: Parameters<typeof makeProduct>[0]) =>
      (
        productJsonLd(makeProduct(c), { origin, images: [], today: undefined }).offers as {
          itemCondition: string;
        }
      ).itemCondition;
    expect(condition({ condition: 'new-open-box' })).toBe('https://schema.org/UsedCondition');
    expect(condition({ condition: 'used-like-new' })).toBe('https://schema.org/UsedCondition');
    expect(condition({ condition: 'used-acceptable' })).toBe('https://schema.org/UsedCondition');
    expect(condition({ condition: 'for-parts' })).toBe('https://schema.org/DamagedCondition');
  });

  it('says LimitedAvailability below 10 and OutOfStock at 0', () => {
    expect(availabilityOf(10)).toBe('https://schema.org/InStock');
    expect(availabilityOf(9)).toBe('https://schema.org/LimitedAvailability');
    expect(availabilityOf(1)).toBe('https://schema.org/LimitedAvailability');
    expect(availabilityOf(0)).toBe('https://schema.org/OutOfStock');
    expect(availabilityOf(-1)).toBe('https://schema.org/OutOfStock');
  });

  it("gives a daily price until the end of the store's day", () => {
    const product = makeProduct({ discountPercentage: 20, discountedPrice: '80.00' });
    const ld = productJsonLd(product, { origin, images: [], today: '2025-03-01' });
    expect(ld.offers).toMatchObject({ price: '80.00', priceValidUntil: '2025-03-01' });
    const undiscounted = productJsonLd(makeProduct(), { origin, images: [], today: '2025-03-01' });
    expect(undiscounted.offers).not.toHaveProperty('priceValidUntil');
  });

  it('fills the Open Graph tags of a product', () => {
    const tags = productOpenGraph(makeProduct({ stock: 0 }), {
      origin,
      image: '/uploads/monitor-640.webp',
      siteName: 'Store',
      currency: 'USD',
    });
    expect(tags).toMatchObject({
      'og:type': 'product',
      'og:title': 'Refurbished Monitor',
      'og:url': 'https://store.example/products/refurbished-monitor',
      'og:image': 'https://store.example/uploads/monitor-640.webp',
      'product:price:currency': 'USD',
      'product:availability': 'out of stock',
      'og:locale': 'en_CA',
    });
  });

  it('points the preview of a French page at the French address', () => {
    const tags = productOpenGraph(makeProduct(), { origin, image: null, siteName: 'Store', locale: 'fr' });
    expect(tags['og:url']).toBe('https://store.example/fr/products/refurbished-monitor');
    expect(tags['og:locale']).toBe('fr_CA');
  });

  it('describes a French page in French, at its French address, and keeps the condition', () => {
    const product = makeProduct({
      name: 'Moniteur 4K remis à neuf',
      description: 'Un moniteur de 27 po, classé A.',
      categoryName: 'Électronique',
      condition: 'new-open-box',
      languages: { name: 'fr', description: 'fr', categoryName: 'fr' },
    });
    const ld = productJsonLd(product, { origin, images: [], today: undefined, locale: 'fr' });
    expect(ld).toMatchObject({
      name: 'Moniteur 4K remis à neuf',
      description: 'Un moniteur de 27 po, classé A.',
      inLanguage: 'fr-CA',
      category: 'Électronique',
      url: 'https://store.example/fr/products/refurbished-monitor',
      offers: {
        url: 'https://store.example/fr/products/refurbished-monitor',
        itemCondition: 'https://schema.org/UsedCondition',
      },
    });
    // A product without a French name shows its English one, and says so.
    const english = productJsonLd(makeProduct(), { origin, images: [], today: undefined, locale: 'fr' });
    expect(english).toMatchObject({ name: 'Refurbished Monitor', inLanguage: 'en-CA' });
  });

  it('defaults to Canadian dollars until the site configuration is read', () => {
    expect(productJsonLd(makeProduct(), { origin, images: [], today: undefined }).offers).toMatchObject({
      priceCurrency: 'CAD',
    });
    expect(
      productOpenGraph(makeProduct(), { origin, image: null, siteName: 'S' })['product:price:currency'],
    ).toBe('CAD');
  });

  it('cuts a long description at a word for the meta description', () => {
    const text = `${'word '.repeat(60)}end`;
    const cut = metaDescription(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(metaDescription('  Short\n text ')).toBe('Short text');
  });
});
