// The rich-text editor (Quill 2, snow theme). Quill is imported on demand inside an effect, so it only
// loads in the browser, in the admin area, as its own chunk; the first render (and the server) shows
// a loading text.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { EditorHandle } from './quill-setup';

export type RichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  /** Accessible name of the editing area. */
  label: string;
  /** 'page': the full toolbar of the page editor; 'faq': the FAQ answer's short one. */
  variant?: 'page' | 'faq';
  placeholder?: string;
  minHeight?: number;
};

export function RichTextEditor({
  value,
  onChange,
  label,
  variant = 'page',
  placeholder,
  minHeight = 300,
}: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<EditorHandle | null>(null);
  // What the editor last reported, so a value coming back from the parent is not loaded again.
  const lastHtml = useRef<string | null>(null);
  const valueRef = useRef(value);
  valueRef.current = value;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let cancelled = false;
    const host = hostRef.current;
    if (!host) return;
    import('./quill-setup')
      .then(({ createEditor }) => {
        if (cancelled) return;
        const editor = createEditor(host, {
          variant,
          placeholder,
          label,
          onChange: (html) => {
            lastHtml.current = html;
            onChangeRef.current(html);
          },
        });
        editor.setHtml(valueRef.current);
        lastHtml.current = valueRef.current;
        editorRef.current = editor;
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
      editorRef.current?.destroy();
      editorRef.current = null;
    };
  }, [variant, placeholder, label]);

  // A layout effect: it runs as the render that brought `value` is committed, before the next keystroke
  // can reach Quill. A passive effect may run a frame later (Preact, docs/decisions/0290-preact-in-the-browser.md
  // runs them after paint), when the administrator has typed on: the value it compares is then one keystroke
  // old, and loading it would put the text back and the cursor at the start.
  useLayoutEffect(() => {
    if (status === 'ready' && editorRef.current && value !== lastHtml.current) {
      editorRef.current.setHtml(value);
      lastHtml.current = value;
    }
  }, [value, status]);

  return (
    <div
      className="rich-text-editor"
      style={{ ['--editor-min-height' as string]: `${minHeight}px` }}
      data-testid="rich-text-editor"
    >
      {status === 'loading' && (
        <p className="rounded-md border border-slate-200 p-4 text-sm text-slate-500">Loading editor...</p>
      )}
      {status === 'error' && (
        <p className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-700" role="alert">
          The editor could not be loaded. Check your connection and reopen this form.
        </p>
      )}
      <div ref={hostRef} />
    </div>
  );
}
