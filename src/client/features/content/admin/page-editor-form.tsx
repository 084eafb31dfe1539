// The page editor. It makes no call itself: it hands
// the page (title, slug, content, isStructured) to `onSave`. Cancel hands over the original page.
// Editing an existing page's title regenerates its slug, as the specification says; the form says when
// that would move the page to another address (decision 0103).
import { Switch, Tabs } from 'radix-ui';
import { useEffect, useId, useLayoutEffect, useState } from 'react';
import { normalizeSlug, slugFromTitle } from '~/shared/slug';
import { Button } from '~/client/components/ui/button';
import { DialogCancel } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/toast-store';
import { type PageDraft, sameDraft } from './api';
import { RichTextEditor } from './rich-text-editor';

const tabTrigger =
  'border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700';
const input = 'h-10 w-full rounded-md border border-slate-300 px-3 text-sm';

/** The warning that saving moves an existing page, with a way to keep its address. */
function AddressChange({
  id,
  from,
  to,
  onKeep,
}: {
  id: string;
  from: string;
  to: string;
  onKeep: () => void;
}) {
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
      <p id={id}>
        The page&apos;s address will change from /{from} to /{to}. Links to /{from} will stop working.
      </p>
      <button type="button" onClick={onKeep} className="mt-1 font-medium underline">
        Keep /{from}
      </button>
    </div>
  );
}

export function PageEditorForm({
  page,
  savedSlug,
  onSave,
  isSaving = false,
  onDirtyChange,
}: {
  page: PageDraft;
  /** The slug an existing page is saved under (none for a new page). */
  savedSlug?: string;
  onSave: (page: PageDraft) => void;
  isSaving?: boolean;
  /** Told whenever the page starts or stops differing from `page`. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(page.title);
  const [slug, setSlug] = useState(page.slug);
  const [content, setContent] = useState(page.content);
  const [titleFr, setTitleFr] = useState(page.titleFr);
  const [contentFr, setContentFr] = useState(page.contentFr);
  const [isStructured, setIsStructured] = useState(page.isStructured);
  const [published, setPublished] = useState(page.published);
  const [slugEdited, setSlugEdited] = useState(false);

  // A new page to edit resets the whole form, and slug generation starts again.
  useEffect(() => {
    setTitle(page.title);
    setSlug(page.slug);
    setContent(page.content);
    setTitleFr(page.titleFr);
    setContentFr(page.contentFr);
    setIsStructured(page.isStructured);
    setPublished(page.published);
    setSlugEdited(false);
  }, [page]);

  const dirty = !sameDraft({ title, titleFr, slug, content, contentFr, isStructured, published }, page);
  // A layout effect: the dialog knows of the change before the next key press (Preact runs plain effects a frame late).
  useLayoutEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  function onTitleChange(value: string) {
    setTitle(value);
    if (!slugEdited) setSlug(slugFromTitle(value));
  }

  function onSlugChange(value: string) {
    setSlug(value);
    setSlugEdited(true);
  }

  // Compared as it will be saved ('Returns' is still /returns); an empty slug is the validation's job.
  const newSlug = normalizeSlug(slug);
  const move = savedSlug && newSlug && newSlug !== savedSlug ? { from: savedSlug, to: newSlug } : null;
  const addressHint = (where: 'title' | 'slug') =>
    move && (
      <AddressChange
        id={`${id}-address-${where}`}
        from={move.from}
        to={move.to}
        onKeep={() => onSlugChange(move.from)}
      />
    );

  function save() {
    if (!title.trim()) {
      toast({ title: 'Validation Error', description: 'Title is required', variant: 'destructive' });
      return;
    }
    if (!slug.trim()) {
      toast({ title: 'Validation Error', description: 'Slug is required', variant: 'destructive' });
      return;
    }
    const normalized = normalizeSlug(slug);
    if (normalized !== slug) {
      // Shown to the admin first; the save happens when they press Save again.
      setSlug(normalized);
      toast({ title: 'Slug Formatted', description: 'The slug has been formatted for web compatibility.' });
      return;
    }
    onSave({ title, titleFr: titleFr.trim(), slug, content, contentFr, isStructured, published });
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      noValidate
      aria-label="Page editor"
    >
      <Tabs.Root defaultValue="content">
        <Tabs.List className="mb-4 flex border-b border-slate-200" aria-label="Page editor sections">
          <Tabs.Trigger value="content" className={tabTrigger}>
            Content
          </Tabs.Trigger>
          <Tabs.Trigger value="settings" className={tabTrigger}>
            Settings
          </Tabs.Trigger>
        </Tabs.List>

        {/* forceMount keeps the editor (and its undo history) alive while the Settings tab is open. */}
        <Tabs.Content value="content" forceMount className="grid gap-4 data-[state=inactive]:hidden">
          {/* The French beside the English (docs/decisions/0350-french-catalogue-fields.md). */}
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="grid content-start gap-1.5">
              <label htmlFor={`${id}-title`} className="text-sm font-medium">
                Page Title
              </label>
              <input
                id={`${id}-title`}
                value={title}
                onChange={(e) => onTitleChange(e.target.value)}
                placeholder="Enter page title"
                className={input}
                aria-describedby={move ? `${id}-address-title` : undefined}
              />
              {addressHint('title')}
            </div>
            <div className="grid content-start gap-1.5">
              <label htmlFor={`${id}-title-fr`} className="text-sm font-medium">
                Page Title (French)
              </label>
              <input
                id={`${id}-title-fr`}
                lang="fr-CA"
                value={titleFr}
                onChange={(e) => setTitleFr(e.target.value)}
                className={input}
                aria-describedby={`${id}-french-hint`}
              />
            </div>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="grid content-start gap-1.5">
              <span id={`${id}-content-label`} className="text-sm font-medium">
                Page Content
              </span>
              <RichTextEditor
                value={content}
                onChange={setContent}
                label="Page Content"
                placeholder="Enter page content here..."
                minHeight={300}
              />
            </div>
            <div className="grid content-start gap-1.5">
              <span className="text-sm font-medium">Page Content (French)</span>
              <RichTextEditor
                value={contentFr}
                onChange={setContentFr}
                label="Page Content (French)"
                minHeight={300}
              />
            </div>
          </div>
          <p className="text-xs text-slate-500">
            Use the toolbar above to format your content. You can add headings, lists, images, and more.
          </p>
          <p id={`${id}-french-hint`} className="text-xs text-slate-500">
            The French title and content are optional: French pages show the English when they are empty.
          </p>
        </Tabs.Content>

        <Tabs.Content value="settings" className="grid gap-6">
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-slug`} className="text-sm font-medium">
              Page Slug (URL)
            </label>
            <div className="flex items-center">
              <span className="flex h-10 items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-500">
                /
              </span>
              <input
                id={`${id}-slug`}
                value={slug}
                onChange={(e) => onSlugChange(e.target.value)}
                placeholder="page-url-slug"
                className={`${input} rounded-l-none`}
                aria-describedby={move ? `${id}-slug-hint ${id}-address-slug` : `${id}-slug-hint`}
              />
            </div>
            <p id={`${id}-slug-hint`} className="text-xs text-slate-500">
              This determines the URL of your page. Use only lowercase letters, numbers, and hyphens.
            </p>
            {addressHint('slug')}
          </div>
          <div className="grid gap-1.5">
            <div className="flex items-center gap-3">
              <Switch.Root
                id={`${id}-structured`}
                checked={isStructured}
                onCheckedChange={setIsStructured}
                aria-describedby={`${id}-structured-hint`}
                className="relative h-6 w-11 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600"
              >
                <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
              </Switch.Root>
              <label htmlFor={`${id}-structured`} className="text-sm font-medium">
                Structured Content
              </label>
            </div>
            <p id={`${id}-structured-hint`} className="text-xs text-slate-500">
              Enable if this page has a structured format (like FAQ items) rather than free-form content.
            </p>
          </div>
          <div className="grid gap-1.5">
            <div className="flex items-center gap-3">
              <Switch.Root
                id={`${id}-published`}
                checked={published}
                onCheckedChange={setPublished}
                aria-describedby={`${id}-published-hint`}
                className="relative h-6 w-11 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600"
              >
                <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
              </Switch.Root>
              <label htmlFor={`${id}-published`} className="text-sm font-medium">
                Published
              </label>
            </div>
            <p id={`${id}-published-hint`} className="text-xs text-slate-500">
              Turn off to keep the page as a draft: shoppers cannot open it and it is left out of the sitemap.
            </p>
          </div>
        </Tabs.Content>
      </Tabs.Root>

      <div className="mt-6 flex justify-end gap-2 border-t border-slate-200 pt-4">
        <DialogCancel onCancel={() => onSave(page)} />
        <Button type="submit" pending={isSaving} pendingLabel="Saving...">
          Save Page
        </Button>
      </div>
    </form>
  );
}
