import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * HTML from the editor, already sanitised by the server before it was stored
 * (src/server/lib/sanitize-html.ts). Links to the store's own pages navigate inside the app.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();

  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only intercepts clicks on the links inside, which stay keyboard links
    // biome-ignore lint/a11y/noStaticElementInteractions: same
    <div className={className ?? 'rich-text'} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
