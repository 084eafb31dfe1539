// Plain text of a piece of rich HTML (FAQ search, 'is this answer empty?'), without a DOM, so the same
// code runs in the browser, in the server renderer and in the API's validation.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number(entity.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[entity.toLowerCase()] ?? match;
  });
}

/** The visible text of an HTML fragment: tags dropped (block ends become spaces), entities decoded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|blockquote|pre)>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when the fragment shows something: text, an image or a video (the editor's empty value is '<p><br></p>'). */
export function htmlHasContent(html: string): boolean {
  return htmlToText(html).length > 0 || /<(img|iframe)\b/i.test(html);
}

/** A meta description's longest length: search engines show about 155 characters. */
export const META_DESCRIPTION_LENGTH = 155;

/**
 * A page's meta description from its rich HTML: the body text without its headings (a heading run
 * into its paragraph reads "Returns You may return…"), cut at a word with an ellipsis when too long.
 */
export function metaDescriptionFromHtml(html: string): string {
  const text = htmlToText(html.replace(/<(h[1-6])\b[^>]*>[\s\S]*?<\/\1>/gi, ' '));
  if (text.length <= META_DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, META_DESCRIPTION_LENGTH - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > 80 ? cut.slice(0, word) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
