// Page titles, descriptions, canonical URLs, Open Graph and JSON-LD, and the HTTP status of the page.
// On the server they are collected during the render and written into the document head; in the
// browser they update document.head after navigation.
import { createContext, useContext, useEffect } from 'react';

export type HeadData = {
  title?: string;
  description?: string;
  canonicalPath?: string;
  openGraph?: Record<string, string>;
  jsonLd?: unknown;
  noIndex?: boolean;
};

export type RenderCollector = { head: HeadData; status: number; origin: string };

export const RenderCollectorContext = createContext<RenderCollector | null>(null);
export const SiteContext = createContext<{ origin: string; storeName: string }>({
  origin: '',
  storeName: 'Store',
});

export function useSite() {
  return useContext(SiteContext);
}

/** Declares the page's head. The last one rendered wins (the innermost page). */
export function Seo(props: HeadData) {
  const collector = useContext(RenderCollectorContext);
  const { storeName } = useSite();
  if (collector) Object.assign(collector.head, props);
  const title = props.title ? `${props.title} | ${storeName}` : storeName;
  useEffect(() => {
    document.title = title;
    setMeta('name', 'description', props.description);
    setMeta('name', 'robots', props.noIndex ? 'noindex' : undefined);
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical && props.canonicalPath) canonical.href = `${window.location.origin}${props.canonicalPath}`;
  }, [title, props.description, props.noIndex, props.canonicalPath]);
  return null;
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

export function headToHtml(head: HeadData, origin: string, storeName: string): string {
  const title = head.title ? `${head.title} | ${storeName}` : storeName;
  const parts = [`<title>${escapeHtml(title)}</title>`];
  if (head.description) parts.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  if (head.noIndex) parts.push('<meta name="robots" content="noindex">');
  if (head.canonicalPath)
    parts.push(`<link rel="canonical" href="${escapeHtml(origin + head.canonicalPath)}">`);
  for (const [key, value] of Object.entries(head.openGraph ?? {})) {
    parts.push(`<meta property="${escapeHtml(key)}" content="${escapeHtml(value)}">`);
  }
  if (head.jsonLd) parts.push(`<script type="application/ld+json">${safeJson(head.jsonLd)}</script>`);
  return parts.join('\n    ');
}
