import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headToHtml, Seo } from './head';
import { LocaleProvider } from './i18n';

const head = () => ({
  canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href'),
  og: [...document.head.querySelectorAll<HTMLMetaElement>('meta[property]')].map(
    (m) => `${m.getAttribute('property')}=${m.content}`,
  ),
  jsonLd: [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ''),
  ),
  robots: document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content,
});

describe('Seo in the browser', () => {
  it('replaces the previous page head on navigation: canonical, Open Graph and structured data', () => {
    const { rerender } = render(
      <Seo
        title="Kettle"
        canonicalPath="/products/kettle"
        openGraph={{ 'og:title': 'Kettle', 'og:type': 'product' }}
        jsonLd={{ '@type': 'Product', name: 'Kettle' }}
      />,
    );
    expect(head()).toEqual({
      canonical: `${window.location.origin}/products/kettle`,
      og: ['og:title=Kettle', 'og:type=product'],
      jsonLd: [{ '@type': 'Product', name: 'Kettle' }],
      robots: undefined,
    });
    expect(document.title).toContain('Kettle');

    rerender(<Seo title="Toaster" canonicalPath="/products/toaster" openGraph={{ 'og:title': 'Toaster' }} />);
    expect(head()).toEqual({
      canonical: `${window.location.origin}/products/toaster`,
      og: ['og:title=Toaster'],
      jsonLd: [],
      robots: undefined,
    });

    rerender(<Seo title="Shopping Cart" noIndex />);
    expect(head()).toEqual({ canonical: undefined, og: [], jsonLd: [], robots: 'noindex' });
  });

  it('creates the canonical link when the first page had none (a 404 first, then a product)', () => {
    for (const el of document.head.querySelectorAll('link[rel="canonical"]')) el.remove();
    render(<Seo title="Kettle" canonicalPath="/products/kettle" />);
    expect(head().canonical).toBe(`${window.location.origin}/products/kettle`);
  });
});

const alternates = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map(
    (l) => `${l.hreflang} ${l.getAttribute('href')}`,
  );

describe('the languages of a page', () => {
  it('names the French canonical and both languages on a French page, none on a noindex page', () => {
    const origin = window.location.origin;
    const { rerender } = render(
      <LocaleProvider locale="fr">
        <Seo title="Bouilloire" canonicalPath="/products/kettle" />
      </LocaleProvider>,
    );
    expect(head().canonical).toBe(`${origin}/fr/products/kettle`);
    expect(alternates()).toEqual([
      `en-CA ${origin}/products/kettle`,
      `fr-CA ${origin}/fr/products/kettle`,
      `x-default ${origin}/products/kettle`,
    ]);
    rerender(
      <LocaleProvider locale="fr">
        <Seo title="Panier" canonicalPath="/cart" noIndex />
      </LocaleProvider>,
    );
    expect(head().canonical).toBe(`${origin}/fr/cart`);
    expect(alternates()).toEqual([]);
  });

  it('writes the same links into the server-rendered head', () => {
    const html = headToHtml({ title: 'Accueil', canonicalPath: '/' }, 'https://store.example', 'Store', 'fr');
    expect(html).toContain('<link rel="canonical" href="https://store.example/fr/">');
    expect(html).toContain('<link rel="alternate" hreflang="en-CA" href="https://store.example/">');
    expect(html).toContain('<link rel="alternate" hreflang="fr-CA" href="https://store.example/fr/">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://store.example/">');
  });
});
