// The rich-text editor's configuration (decisions 0061,
// 0062), checked on a real Quill 2 instance in jsdom. What needs a browser's layout (the sizes in
// pixels from the stylesheets, where a dropped file lands, tooltip placement) is left to the browser.
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Quill from 'quill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, useToasts } from '~/client/components/ui/toast-store';
import { createEditor, type EditorHandle, IMAGE_TYPES, MAX_IMAGE_BYTES } from './quill-setup';

// The 35 colours of the specification's palette (Quill's own), in the picker's order.
const PALETTE = [
  '#000000',
  '#e60000',
  '#ff9900',
  '#ffff00',
  '#008a00',
  '#0066cc',
  '#9933ff',
  '#ffffff',
  '#facccc',
  '#ffebcc',
  '#ffffcc',
  '#cce8cc',
  '#cce0f5',
  '#ebd6ff',
  '#bbbbbb',
  '#f06666',
  '#ffc266',
  '#ffff66',
  '#66b966',
  '#66a3e0',
  '#c285ff',
  '#888888',
  '#a10000',
  '#b26b00',
  '#b2b200',
  '#006100',
  '#0047b2',
  '#6b24b2',
  '#444444',
  '#5c0000',
  '#663d00',
  '#666600',
  '#003700',
  '#002966',
  '#3d1466',
];

// jsdom lays nothing out and has no Range geometry; Quill asks for it to scroll the selection into
// view and to place its tooltip. An empty box is what a layout-free page would answer.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
// Nor innerText, which Quill reads to save a code block; without layout it is the text content.
if (!('innerText' in HTMLElement.prototype))
  Object.defineProperty(HTMLElement.prototype, 'innerText', {
    get(this: HTMLElement) {
      return this.textContent;
    },
  });

let editor: EditorHandle | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
  document.body.innerHTML = '';
  resetToasts();
  vi.useRealTimers();
});

function open(variant: 'page' | 'faq' = 'page') {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const onChange = vi.fn();
  editor = createEditor(host, {
    variant,
    label: 'Page Content',
    placeholder: 'Enter page content here...',
    onChange,
  });
  const quill = Quill.find(host.querySelector('.ql-container')!) as Quill;
  const toolbar = screen.getByRole('toolbar', { name: 'Page Content formatting' });
  return { editor, quill, toolbar, onChange, user: userEvent.setup() };
}

/** The values of a toolbar picker's options ('' for the default: normal text, left, sans serif). */
const pickerValues = (toolbar: HTMLElement, format: string) =>
  [...toolbar.querySelectorAll(`.ql-picker.ql-${format} .ql-picker-item`)].map(
    (item) => item.getAttribute('data-value') ?? '',
  );

/** Selects the first `length` characters, as the administrator would before pressing a button. */
function select(quill: Quill, length: number) {
  quill.focus();
  quill.setSelection(0, length, 'user');
}

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  toolbar: HTMLElement,
  format: string,
  value: string,
) {
  const item = toolbar.querySelector(`.ql-picker.ql-${format} .ql-picker-item[data-value="${value}"]`);
  await user.click(item!);
}

describe('page toolbar', () => {
  it('has every control of the specification, each with a name', () => {
    const { toolbar } = open();
    const t = within(toolbar);
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Ordered list',
      'Bullet list',
      'Decrease indent',
      'Increase indent',
      'Subscript',
      'Superscript',
      'Blockquote',
      'Code block',
      'Link',
      'Image',
      'Video',
      'Clear formatting',
      'Heading',
      'Font',
      'Size',
      'Text colour',
      'Background colour',
      'Alignment',
    ])
      expect(t.getByRole('button', { name }), name).toBeTruthy();
  });

  it('offers headers 1-6 and normal, alignment, serif and monospace, small/large/huge, and 35 colours', () => {
    const { toolbar } = open();
    expect(pickerValues(toolbar, 'header')).toEqual(['1', '2', '3', '4', '5', '6', '']);
    expect(pickerValues(toolbar, 'align')).toEqual(['', 'center', 'right', 'justify']);
    expect(pickerValues(toolbar, 'font')).toEqual(['', 'serif', 'monospace']);
    expect(pickerValues(toolbar, 'size')).toEqual(['small', '', 'large', 'huge']);
    // The palette's own default (black text, white background) is the entry that removes the colour.
    expect(pickerValues(toolbar, 'color')).toEqual(PALETTE.map((c) => (c === '#000000' ? '' : c)));
    expect(pickerValues(toolbar, 'background')).toEqual(PALETTE.map((c) => (c === '#ffffff' ? '' : c)));
  });

  it.each([
    ['Bold', '<p><strong>Hello</strong> world</p>'],
    ['Italic', '<p><em>Hello</em> world</p>'],
    ['Underline', '<p><u>Hello</u> world</p>'],
    ['Strikethrough', '<p><s>Hello</s> world</p>'],
    ['Subscript', '<p><sub>Hello</sub> world</p>'],
    ['Superscript', '<p><sup>Hello</sup> world</p>'],
    ['Blockquote', '<blockquote>Hello world</blockquote>'],
    ['Ordered list', '<ol><li>Hello world</li></ol>'],
    ['Bullet list', '<ul><li>Hello world</li></ul>'],
    ['Increase indent', '<p class="ql-indent-1">Hello world</p>'],
  ])('%s formats the selection', async (button, html) => {
    const { editor, quill, toolbar, user } = open();
    editor.setHtml('<p>Hello world</p>');
    select(quill, 5);
    await user.click(within(toolbar).getByRole('button', { name: button }));
    expect(editor.getHtml()).toBe(html);
  });

  it('turns a line into a code block, with a choice of the six highlighted languages', async () => {
    const { editor, quill, toolbar, user } = open();
    editor.setHtml('<p>let x = 1;</p>');
    select(quill, 3);
    await user.click(within(toolbar).getByRole('button', { name: 'Code block' }));
    expect(editor.getHtml()).toBe('<pre data-language="plain">\nlet x = 1;\n</pre>');
    const languages = quill.root.querySelector('select.ql-ui')!;
    expect([...languages.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['plain', 'Plain'],
      ['bash', 'Bash'],
      ['css', 'CSS'],
      ['xml', 'HTML/XML'],
      ['javascript', 'JavaScript'],
      ['json', 'JSON'],
    ]);
  });

  it.each([
    ['header', '2', '<h2>Hello world</h2>'],
    ['header', '6', '<h6>Hello world</h6>'],
    ['align', 'center', '<p class="ql-align-center">Hello world</p>'],
    ['font', 'serif', '<p><span class="ql-font-serif">Hello</span> world</p>'],
    ['font', 'monospace', '<p><span class="ql-font-monospace">Hello</span> world</p>'],
    ['size', 'small', '<p><span class="ql-size-small">Hello</span> world</p>'],
    ['size', 'huge', '<p><span class="ql-size-huge">Hello</span> world</p>'],
    ['color', '#e60000', '<p><span style="color: rgb(230, 0, 0);">Hello</span> world</p>'],
    ['background', '#ffff00', '<p><span style="background-color: rgb(255, 255, 0);">Hello</span> world</p>'],
  ])('the %s picker applies %s', async (format, value, html) => {
    const { editor, quill, toolbar, user } = open();
    editor.setHtml('<p>Hello world</p>');
    select(quill, 5);
    await pick(user, toolbar, format, value);
    expect(editor.getHtml()).toBe(html);
  });

  it('Clear formatting removes the formats of the selection', async () => {
    const { editor, quill, toolbar, user } = open();
    editor.setHtml('<p><strong><em>Hello</em></strong> world</p>');
    select(quill, 5);
    await user.click(within(toolbar).getByRole('button', { name: 'Clear formatting' }));
    expect(editor.getHtml()).toBe('<p>Hello world</p>');
  });

  it('keeps indent levels 1 to 8 and no deeper; only the two fonts and three sizes', () => {
    const { editor } = open();
    const levels = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<p class="ql-indent-${n}">Level ${n}</p>`).join('');
    editor.setHtml(levels);
    expect(editor.getHtml()).toBe(levels);
    editor.setHtml('<p class="ql-indent-9">Too deep</p>');
    expect(editor.getHtml()).toBe('<p>Too deep</p>');
    editor.setHtml(
      '<p><span class="ql-font-cursive">a</span><span class="ql-size-giant">b</span><span class="ql-size-large">c</span></p>',
    );
    expect(editor.getHtml()).toBe('<p>ab<span class="ql-size-large">c</span></p>');
  });

  it('shows the placeholder and names the editing area', () => {
    const { quill } = open();
    expect(quill.root.getAttribute('data-placeholder')).toBe('Enter page content here...');
    expect(screen.getByRole('textbox', { name: 'Page Content' })).toBe(quill.root);
  });
});

describe('FAQ answer toolbar', () => {
  it('has bold, italic, underline, strike, both lists, colour, link and clear formatting only', () => {
    const { toolbar } = open('faq');
    expect(
      within(toolbar)
        .getAllByRole('button')
        .filter((b) => b.hasAttribute('aria-label'))
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Ordered list',
      'Bullet list',
      'Text colour',
      'Link',
      'Clear formatting',
    ]);
  });
});

describe('images', () => {
  const file = (type: string, bytes = 4) =>
    new File([new Uint8Array(bytes).fill(65)], `picture.${type.split('/')[1]}`, { type });

  /** Presses Image and chooses `files`, as in the file dialog. */
  async function upload(files: File[]) {
    const { editor, quill, toolbar, user } = open();
    editor.setHtml('<p>Photo:</p>');
    quill.setSelection(6, 0, 'user');
    await user.click(within(toolbar).getByRole('button', { name: 'Image' }));
    const input = toolbar.querySelector<HTMLInputElement>('input.ql-image[type=file]')!;
    await user.upload(input, files);
    return { editor, input };
  }
  const imageSources = (html: string) =>
    [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('img')].map((img) =>
      img.getAttribute('src'),
    );

  it('offers png, gif, jpeg, bmp and x-icon in the file dialog', async () => {
    const { input } = await upload([]);
    expect(input.accept.split(/,\s*/)).toEqual(IMAGE_TYPES);
    expect(IMAGE_TYPES).toEqual(
      expect.arrayContaining(['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon']),
    );
  });

  it.each(['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'])(
    'embeds a %s file as a data URL',
    async (type) => {
      const { editor } = await upload([file(type)]);
      await waitFor(() => expect(imageSources(editor.getHtml())).toEqual([`data:${type};base64,QUFBQQ==`]));
    },
  );

  /** Drops (or pastes) `files` into the editor: Quill hands them to the uploader without a file dialog. */
  function drop(files: File[]) {
    const { editor, quill } = open();
    editor.setHtml('<p>Photo:</p>');
    quill.uploader.upload({ index: 6, length: 0 }, files);
    return editor;
  }

  it.each(['image/svg+xml', 'image/webp', 'text/html'])('refuses a %s file', async (type) => {
    // A png dropped with it shows the drop was read.
    const editor = drop([file(type), file('image/png')]);
    await waitFor(() => expect(imageSources(editor.getHtml())).toEqual(['data:image/png;base64,QUFBQQ==']));
  });

  it('refuses an image over 4 MB with a toast', async () => {
    const toasts = renderHook(() => useToasts()).result;
    const editor = drop([file('image/png', MAX_IMAGE_BYTES + 1), file('image/gif')]);
    await waitFor(() => expect(imageSources(editor.getHtml())).toEqual(['data:image/gif;base64,QUFBQQ==']));
    expect(toasts.current[0]).toMatchObject({
      title: 'Image too large',
      description: 'Images must be 4 MB or smaller.',
      variant: 'destructive',
    });
  });

  it('keeps image addresses to http, https and data', () => {
    const { editor } = open();
    editor.setHtml(
      '<p><img src="https://cdn.example/a.png"><img src="http://cdn.example/b.png"><img src="data:image/png;base64,QUFBQQ=="><img src="javascript:alert(1)"></p>',
    );
    expect(imageSources(editor.getHtml())).toEqual([
      'https://cdn.example/a.png',
      'http://cdn.example/b.png',
      'data:image/png;base64,QUFBQQ==',
      '//:0',
    ]);
  });
});

describe('videos', () => {
  /** Presses Video, types the link into Quill's tooltip and presses Enter. */
  async function embed(link: string) {
    const { editor, quill, toolbar, user } = open();
    editor.setHtml('<p>Watch:</p>');
    quill.setSelection(6, 0, 'user');
    await user.click(within(toolbar).getByRole('button', { name: 'Video' }));
    const input = document.querySelector<HTMLInputElement>('.ql-tooltip.ql-editing input[type=text]')!;
    await user.type(input, `${link}{Enter}`);
    return [...new DOMParser().parseFromString(editor.getHtml(), 'text/html').querySelectorAll('iframe')].map(
      (f) => f.getAttribute('src'),
    );
  }

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('turns %s into its embed address', async (link, src) => {
    expect(await embed(link)).toEqual([src]);
  });

  it.each(['https://evil.example/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)'])(
    'frames nothing for %s',
    async (link) => {
      expect(await embed(link)).toEqual(['about:blank']);
    },
  );
});

describe('links', () => {
  /** Selects 'Hello', presses Link, types `href` into Quill's tooltip and presses Enter. */
  async function link(href: string) {
    const { editor, quill, toolbar, user } = open();
    editor.setHtml('<p>Hello world</p>');
    select(quill, 5);
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const input = document.querySelector<HTMLInputElement>('.ql-tooltip.ql-editing input[type=text]')!;
    await user.clear(input);
    await user.type(input, `${href}{Enter}`);
    return new DOMParser().parseFromString(editor.getHtml(), 'text/html').querySelector('a');
  }

  it.each(['https://example.com/a', 'http://example.com/b', 'mailto:hello@example.com'])(
    'keeps a %s link, opening in a new tab',
    async (href) => {
      const a = await link(href);
      expect(a?.getAttribute('href')).toBe(href);
      expect(a?.getAttribute('target')).toBe('_blank');
    },
  );

  it("keeps a link to the store's own page in the same tab", async () => {
    const a = await link('/contact');
    expect(a?.getAttribute('href')).toBe('/contact');
    expect(a?.hasAttribute('target')).toBe(false);
  });

  // Decision 0061: data: links are refused too (images keep data: URLs).
  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>'])(
    'neutralises a %s link',
    async (href) => {
      expect((await link(href))?.getAttribute('href')).toBe('about:blank');
    },
  );

  it('neutralises a javascript: link in loaded or pasted HTML', () => {
    const { editor } = open();
    editor.setHtml('<p><a href="javascript:alert(1)">x</a></p>');
    expect(editor.getHtml()).toBe(
      '<p><a href="about:blank" rel="noopener noreferrer" target="_blank">x</a></p>',
    );
  });
});

describe('history', () => {
  it('merges changes within 1000 ms into one undo step', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { editor, quill } = open();
    editor.setHtml('<p></p>');
    quill.insertText(0, 'a', 'user');
    vi.advanceTimersByTime(999);
    quill.insertText(1, 'b', 'user');
    vi.advanceTimersByTime(1001);
    quill.insertText(2, 'c', 'user');
    quill.history.undo();
    expect(quill.getText()).toBe('ab\n');
    quill.history.undo();
    expect(quill.getText()).toBe('\n');
  });

  it("keeps at most 100 undo steps, of the administrator's own changes", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { editor, quill } = open();
    editor.setHtml('<p></p>');
    for (let i = 0; i < 120; i++) {
      quill.insertText(i, 'x', 'user');
      vi.advanceTimersByTime(1001);
    }
    quill.insertText(0, 'loaded', 'api');
    expect(quill.history.stack.undo).toHaveLength(100);
    for (let i = 0; i < 150; i++) quill.history.undo();
    // The first 20 steps were dropped; the change made by code is not undone.
    expect(quill.getText()).toBe(`loaded${'x'.repeat(20)}\n`);
  });
});
