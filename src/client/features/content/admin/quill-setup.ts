// Quill 2 with the snow theme, configured as the specification's editor. This module (and Quill with
// its stylesheet) is loaded only by the rich-text editor, on demand, so it is its own chunk and no
// shopper ever downloads it.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import plaintext from 'highlight.js/lib/languages/plaintext';
import xml from 'highlight.js/lib/languages/xml';
import Quill from 'quill';
import 'highlight.js/styles/github.css';
import 'quill/dist/quill.snow.css';
import './editor.css';
import { htmlHasContent } from '~/shared/html-text';
import { toVideoEmbedUrl } from '~/shared/video-embed';
import { toast } from '~/client/components/ui/toast-store';

/** png, gif, jpeg, bmp and x-icon files, embedded as data URLs (spec section 5). */
export const IMAGE_TYPES = [
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
];
/** A page carries its images inline, so each must stay small (pages are limited to 12 MiB). */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

type BlotClass = {
  new (...args: never[]): { domNode: HTMLElement };
  sanitize: (url: string) => string;
  PROTOCOL_WHITELIST: string[];
};

// Video embeds: only YouTube and Vimeo, always as their https embed address; and kept as an iframe in
// the saved HTML (Quill's own semantic HTML would turn them into plain links).
const Video = Quill.import('formats/video') as unknown as BlotClass;
class VideoEmbed extends Video {
  static override sanitize(url: string): string {
    return toVideoEmbedUrl(url) ?? 'about:blank';
  }
  html(): string {
    return this.domNode.outerHTML;
  }
}
Quill.register(VideoEmbed as never, true);

// Links: web and mail addresses only (the server refuses anything else too). Quill opens every link in
// a new tab; links to the store's own pages ('/contact') stay in the tab, like the rest of the site.
const Link = Quill.import('formats/link') as unknown as BlotClass & {
  create: (value: string) => HTMLElement;
};
Link.PROTOCOL_WHITELIST = ['http', 'https', 'mailto'];
class SiteLink extends (Link as unknown as {
  new (...args: never[]): object;
  create: (value: string) => HTMLElement;
}) {
  static override create(value: string): HTMLElement {
    const node = Link.create(value);
    if (/^\/(?!\/)/.test(value)) {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
    return node;
  }
}
Quill.register(SiteLink as never, true);

// Code blocks are highlighted while editing (re-highlighted at most once a second, spec section 9).
// Only a handful of languages are loaded: each one adds to the editor chunk, and the saved HTML is a
// plain `pre` block whatever the language.
hljs.registerLanguage('plain', plaintext);
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('css', css);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('xml', xml);
const SYNTAX = {
  hljs,
  interval: 1000,
  languages: [
    { key: 'plain', label: 'Plain' },
    { key: 'bash', label: 'Bash' },
    { key: 'css', label: 'CSS' },
    { key: 'xml', label: 'HTML/XML' },
    { key: 'javascript', label: 'JavaScript' },
    { key: 'json', label: 'JSON' },
  ],
};
// Quill merges module options into its defaults index by index, so our six languages would be
// followed by the rest of its fourteen (Java, PHP, SQL...), which are not loaded. Only ours are offered.
(Quill.import('modules/syntax') as unknown as { DEFAULTS: typeof SYNTAX }).DEFAULTS.languages = [];

const PAGE_TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ font: [] }, { size: ['small', false, 'large', 'huge'] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ script: 'sub' }, { script: 'super' }],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  [{ align: [] }],
  ['blockquote', 'code-block'],
  ['link', 'image', 'video'],
  ['clean'],
];
const PAGE_FORMATS = [
  'header',
  'font',
  'size',
  'bold',
  'italic',
  'underline',
  'strike',
  'color',
  'background',
  'script',
  'list',
  'indent',
  'align',
  'blockquote',
  'code-block',
  'code-token',
  'link',
  'image',
  'video',
];
// FAQ answers: bold, italic, underline, strike, ordered and bullet lists, colour, link, clear formatting.
const FAQ_TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ color: [] }],
  ['link'],
  ['clean'],
];
const FAQ_FORMATS = ['bold', 'italic', 'underline', 'strike', 'list', 'color', 'link'];

const BUTTON_LABELS: Record<string, string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  blockquote: 'Blockquote',
  'code-block': 'Code block',
  link: 'Link',
  image: 'Image',
  video: 'Video',
  clean: 'Clear formatting',
  'list:ordered': 'Ordered list',
  'list:bullet': 'Bullet list',
  'script:sub': 'Subscript',
  'script:super': 'Superscript',
  'indent:-1': 'Decrease indent',
  'indent:+1': 'Increase indent',
};
const PICKER_LABELS: Record<string, string> = {
  header: 'Heading',
  font: 'Font',
  size: 'Size',
  color: 'Text colour',
  background: 'Background colour',
  align: 'Alignment',
};

/** Quill's toolbar has no accessible names: give every button and picker one. */
function labelToolbar(toolbar: HTMLElement) {
  for (const button of toolbar.querySelectorAll('button')) {
    const format = [...button.classList].find((c) => c.startsWith('ql-'))?.slice(3) ?? '';
    const label = BUTTON_LABELS[button.value ? `${format}:${button.value}` : format] ?? BUTTON_LABELS[format];
    if (label) {
      button.setAttribute('aria-label', label);
      button.title = label;
    }
  }
  for (const picker of toolbar.querySelectorAll('.ql-picker')) {
    const format = [...picker.classList]
      .find((c) => c.startsWith('ql-') && c !== 'ql-picker' && !c.endsWith('-picker'))
      ?.slice(3);
    const label = format ? PICKER_LABELS[format] : undefined;
    const opener = picker.querySelector('.ql-picker-label');
    if (label && opener) {
      opener.setAttribute('aria-label', label);
      opener.setAttribute('title', label);
    }
  }
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export type EditorHandle = {
  setHtml: (html: string) => void;
  getHtml: () => string;
  focus: () => void;
  destroy: () => void;
};

export function createEditor(
  host: HTMLElement,
  options: { variant: 'page' | 'faq'; placeholder?: string; label: string; onChange: (html: string) => void },
): EditorHandle {
  const mount = document.createElement('div');
  host.appendChild(mount);
  const quill = new Quill(mount, {
    theme: 'snow',
    placeholder: options.placeholder,
    formats: options.variant === 'page' ? PAGE_FORMATS : FAQ_FORMATS,
    modules: {
      toolbar: options.variant === 'page' ? PAGE_TOOLBAR : FAQ_TOOLBAR,
      ...(options.variant === 'page' ? { syntax: SYNTAX } : {}),
      // Changes within 1000 ms merge into one undo step; at most 100 steps (spec section 9).
      history: { delay: 1000, maxStack: 100, userOnly: true },
      uploader: {
        mimetypes: IMAGE_TYPES,
        async handler(this: { quill: Quill }, range: { index: number; length: number }, files: File[]) {
          const accepted = files.filter((f) => f.size <= MAX_IMAGE_BYTES);
          if (accepted.length < files.length) {
            toast({
              title: 'Image too large',
              description: 'Images must be 4 MB or smaller.',
              variant: 'destructive',
            });
          }
          if (!accepted.length) return;
          const urls = await Promise.all(accepted.map(readAsDataUrl));
          this.quill.deleteText(range.index, range.length, 'user');
          urls.forEach((url, i) => {
            this.quill.insertEmbed(range.index + i, 'image', url, 'user');
          });
          this.quill.setSelection(range.index + urls.length, 0, 'silent');
        },
      },
    },
  });
  quill.root.setAttribute('role', 'textbox');
  quill.root.setAttribute('aria-multiline', 'true');
  quill.root.setAttribute('aria-label', options.label);
  const toolbar = (quill.getModule('toolbar') as { container?: HTMLElement } | undefined)?.container;
  if (toolbar) {
    toolbar.setAttribute('aria-label', `${options.label} formatting`);
    toolbar.setAttribute('role', 'toolbar');
    labelToolbar(toolbar);
  }

  // Quill's semantic HTML writes every space as &nbsp;, which would stop lines wrapping on the site.
  const getHtml = () => {
    const html = quill.getSemanticHTML().replaceAll('&nbsp;', ' ');
    return htmlHasContent(html) ? html : '';
  };
  quill.on('text-change', (_delta, _old, source) => {
    if (source !== 'silent') options.onChange(getHtml());
  });

  return {
    setHtml(html) {
      quill.setContents(quill.clipboard.convert({ html }), 'silent');
      (quill.getModule('history') as { clear: () => void }).clear();
    },
    getHtml,
    focus: () => quill.focus(),
    destroy() {
      host.innerHTML = '';
    },
  };
}
