// The one gate for rich HTML from the editor (content pages, FAQ answers): an allow-list of exactly
// what the Quill toolbar can produce, applied on the server before anything is stored. Everything
// else — scripts, event handlers, styles beyond two colours, foreign iframes, javascript: and
// data:text/html URLs — is dropped. See docs/decisions/0061-rich-html-allow-list.md.
import sanitize from 'sanitize-html';

const INDENT_CLASSES = Array.from({ length: 8 }, (_, i) => `ql-indent-${i + 1}`);
/** Classes Quill writes for alignment, direction, indent, font and size. */
export const QUILL_CLASSES = [
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  'ql-direction-rtl',
  ...INDENT_CLASSES,
  'ql-font-serif',
  'ql-font-monospace',
  'ql-size-small',
  'ql-size-large',
  'ql-size-huge',
];

// Colours as Quill writes them (the picker's hex, which browsers serialise as rgb()), or a plain name.
const COLOUR = [
  /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

/** Embeds the editor turns video links into: nothing else may be framed. */
const VIDEO_EMBED = [
  /^https:\/\/www\.youtube\.com\/embed\/[A-Za-z0-9_-]{1,64}(?:\?[A-Za-z0-9_=&.-]{0,200})?$/,
  /^https:\/\/player\.vimeo\.com\/video\/\d{1,20}(?:\?[A-Za-z0-9_=&.-]{0,200})?$/,
];
export const isVideoEmbedUrl = (url: string) => VIDEO_EMBED.some((re) => re.test(url));

/** The image types the editor embeds as data URLs (png, gif, jpeg, bmp, x-icon); never svg. */
const IMAGE_DATA_URL =
  /^data:image\/(?:png|gif|jpeg|bmp|x-icon|vnd\.microsoft\.icon);base64,[A-Za-z0-9+/=\s]+$/;

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'ol',
    'ul',
    'li',
    'blockquote',
    'pre',
    'a',
    'img',
    'iframe',
  ],
  allowedAttributes: {
    '*': ['class', 'style'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'frameborder', 'allowfullscreen', 'width', 'height'],
    li: [{ name: 'data-list', values: ['bullet', 'ordered'] }],
  },
  allowedClasses: { '*': QUILL_CLASSES, pre: ['ql-syntax'], iframe: ['ql-video'] },
  allowedStyles: { '*': { color: COLOUR, 'background-color': COLOUR } },
  // Links: web and mail; images: web and (checked below) image data URLs; frames: https video embeds.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'srcdoc'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  // Elements whose content is not text for people: dropped with the element, never re-emitted as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'template',
    'title',
    'plaintext',
    'object',
    'embed',
    'applet',
    'svg',
    'math',
    'head',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      // A link opening a new tab must not hand that tab a handle on this page.
      return {
        tagName,
        attribs: target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer' } : rest,
      };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const ok = /^data:/i.test(src) ? IMAGE_DATA_URL.test(src) : /^(https?:\/\/|\/(?!\/))/i.test(src);
      const copy = { ...attribs };
      if (ok) copy.src = src;
      else delete copy.src;
      return { tagName, attribs: copy };
    },
    iframe: (tagName, attribs): sanitize.Tag => {
      const src = (attribs.src ?? '').trim();
      if (!isVideoEmbedUrl(src)) return { tagName, attribs: {} };
      return { tagName, attribs: { src, class: 'ql-video', frameborder: '0', allowfullscreen: 'true' } };
    },
  },
  // A frame's content is never shown; drop whatever text was smuggled into it.
  textFilter: (text, tagName) => (tagName === 'iframe' ? '' : text),
  // An image or frame that lost its address is dropped whole.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
};

/** Sanitises editor HTML for storage and display. Idempotent: sanitising twice changes nothing. */
export function sanitizeRichHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}
