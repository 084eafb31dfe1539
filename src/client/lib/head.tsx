// Page titles, descriptions, canonical URLs, Open Graph and JSON-LD, and the HTTP status of the page.
// On the server they are collected during the render and written into the document head; in the
// browser they update document.head after navigation.
import { createContext, useContext, useEffect } from 'react';
import { DEFAULT_LOCALE, LOCALE_TAGS, LOCALES, type Locale, localizedPath } from '~/shared/i18n/locales';
import { useLocale } from './i18n';

export type HeadData = {
  title?: string;
  description?: string;
  /**
   * The page's address in the English store (`/products/x`): the canonical link is that address in
   * the page's language, and an indexable page links both languages with hreflang.
   */
  canonicalPath?: string;
  openGraph?: Record<string, string>;
  jsonLd?: unknown;
  noIndex?: boolean;
};

export type RenderCollector = { head: HeadData; status: number; origin: string; locale?: Locale };

export const RenderCollectorContext = createContext<RenderCollector | null>(null);
export const SiteContext = createContext<{ origin: string; storeName: string }>({
  origin: '',
  storeName: 'Store',
});

export function useSite() {
  return useContext(SiteContext);
}

/**
 * Open Graph tags of a page that is not a product (home, content pages): what a shared link's preview
 * shows. `path` is the English address; the tags name the page's own language and address.
 */
export function usePageOpenGraph(options: { title: string; description: string; path: string }) {
  const { origin, storeName } = useSite();
  const locale = useLocale();
  return {
    'og:type': 'website',
    'og:site_name': storeName,
    'og:title': options.title,
    'og:description': options.description,
    'og:url': `${origin}${localizedPath(options.path, locale)}`,
    'og:locale': LOCALE_TAGS[locale].replace('-', '_'),
  };
}

/** Declares the page's head. The last one rendered wins (the innermost page). */
export function Seo(props: HeadData) {
  const collector = useContext(RenderCollectorContext);
  const { storeName } = useSite();
  const locale = useLocale();
  if (collector) Object.assign(collector.head, props);
  const title = props.title ? `${props.title} | ${storeName}` : storeName;
  // Keyed by value so the effect runs when the page's head changes, not on every render.
  const openGraph = JSON.stringify(props.openGraph ?? {});
  const jsonLd = props.jsonLd ? safeJson(props.jsonLd) : '';
  useEffect(() => {
    // After a navigation in the browser the head must describe the new page only: what the previous
    // page set (its canonical, Open Graph tags, structured data) is replaced or removed.
    document.title = title;
    setMeta('name', 'description', props.description);
    setMeta('name', 'robots', props.noIndex ? 'noindex' : undefined);
    const links = languageLinks(
      { canonicalPath: props.canonicalPath, noIndex: props.noIndex },
      window.location.origin,
      locale,
    );
    setCanonical(links.canonical);
    for (const el of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) el.remove();
    for (const { hreflang, href } of links.alternates) {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = hreflang;
      link.href = href;
      document.head.appendChild(link);
    }
    for (const el of document.head.querySelectorAll('meta[property]')) el.remove();
    for (const [key, value] of Object.entries(JSON.parse(openGraph) as Record<string, string>)) {
      setMeta('property', key, value);
    }
    for (const el of document.head.querySelectorAll('script[type="application/ld+json"]')) el.remove();
    if (jsonLd) {
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      script.textContent = jsonLd;
      document.head.appendChild(script);
    }
  }, [title, props.description, props.noIndex, props.canonicalPath, openGraph, jsonLd, locale]);
  return null;
}

/**
 * The canonical address of a page in its own language, and for an indexable page its alternates:
 * `en-CA`, `fr-CA` and `x-default` (the English store, where a visitor of neither language lands).
 * A noindex page keeps its canonical but names no alternates: there is nothing to index in either.
 */
export function languageLinks(
  head: Pick<HeadData, 'canonicalPath' | 'noIndex'>,
  origin: string,
  locale: Locale,
): { canonical?: string; alternates: { hreflang: string; href: string }[] } {
  if (!head.canonicalPath) return { alternates: [] };
  const path = head.canonicalPath;
  const canonical = origin + localizedPath(path, locale);
  if (head.noIndex) return { canonical, alternates: [] };
  const alternates = LOCALES.map((l) => ({
    hreflang: LOCALE_TAGS[l],
    href: origin + localizedPath(path, l),
  }));
  alternates.push({ hreflang: 'x-default', href: origin + localizedPath(path, DEFAULT_LOCALE) });
  return { canonical, alternates };
}

function setCanonical(href: string | undefined) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

function setMeta(attr: 'name' | 'property', key: string, value: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!value) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = value;
}

/** Sets the HTTP status of a server-rendered page (for example 404). */
export function HttpStatus({ code }: { code: number }) {
  const collector = useContext(RenderCollectorContext);
  if (collector) collector.status = code;
  return null;
}

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** JSON inside a <script>: nothing in it can close the tag. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

export function headToHtml(
  head: HeadData,
  origin: string,
  storeName: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const title = head.title ? `${head.title} | ${storeName}` : storeName;
  const parts = [`<title>${escapeHtml(title)}</title>`];
  if (head.description) parts.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  if (head.noIndex) parts.push('<meta name="robots" content="noindex">');
  const links = languageLinks(head, origin, locale);
  if (links.canonical) parts.push(`<link rel="canonical" href="${escapeHtml(links.canonical)}">`);
  for (const { hreflang, href } of links.alternates)
    parts.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`);
  for (const [key, value] of Object.entries(head.openGraph ?? {})) {
    parts.push(`<meta property="${escapeHtml(key)}" content="${escapeHtml(value)}">`);
  }
  if (head.jsonLd) parts.push(`<script type="application/ld+json">${safeJson(head.jsonLd)}</script>`);
  return parts.join('\n    ');
}
