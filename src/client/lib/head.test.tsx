import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Seo } from './head';

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
