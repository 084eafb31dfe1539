// Content Pages: the list, the large create/edit dialog with the page editor, and the delete question.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContentPageSummary } from '~/shared/schemas/content';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/toast-store';
import { contentPagesQueryOptions } from '../api';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import {
  createPage,
  deletePage,
  failureMessage,
  fetchPage,
  type PageDraft,
  refreshPages,
  sameDraft,
  updatePage,
} from './api';
import { Dialog } from '~/client/components/ui/dialog';
import { PageEditorForm } from './page-editor-form';

const EMPTY_PAGE: PageDraft = {
  title: '',
  titleFr: '',
  slug: '',
  content: '',
  contentFr: '',
  isStructured: false,
  published: true,
};

type Editing =
  | { mode: 'create'; page: PageDraft }
  | { mode: 'edit'; summary: ContentPageSummary; id: number; page: PageDraft | null };

export function formatUpdatedAt(updatedAt: string | null): string {
  return updatedAt ? new Date(updatedAt).toLocaleString() : 'N/A';
}

export function ContentPagesPanel() {
  const queryClient = useQueryClient();
  const pages = useQuery(contentPagesQueryOptions());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<ContentPageSummary | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The editor says when its page differs from the one it opened: closing then asks first.
  const [editorDirty, setEditorDirty] = useState(false);

  function openCreate() {
    setEditing({ mode: 'create', page: EMPTY_PAGE });
  }

  async function openEdit(summary: ContentPageSummary) {
    setEditing({ mode: 'edit', summary, id: summary.id, page: null });
    try {
      const page = await fetchPage(summary.id);
      const draft = {
        title: page.title,
        titleFr: page.titleFr,
        slug: page.slug,
        content: page.content,
        contentFr: page.contentFr,
        isStructured: page.isStructured,
        published: page.published,
      };
      setEditing((current) =>
        current?.mode === 'edit' && current.id === summary.id ? { ...current, page: draft } : current,
      );
    } catch (error) {
      setEditing(null);
      toast({ title: 'Failed to load page', description: failureMessage(error), variant: 'destructive' });
    }
  }

  /** The save action: the editor hands over the page; the original, unchanged, means nothing to save. */
  async function save(draft: PageDraft) {
    if (!editing?.page) return;
    if (sameDraft(draft, editing.page)) {
      setEditing(null);
      return;
    }
    setSaving(true);
    try {
      if (editing.mode === 'create') {
        await createPage(draft);
        toast({ title: 'Page created', description: 'The content page has been created successfully.' });
      } else {
        await updatePage(editing.id, draft);
        toast({ title: 'Page updated', description: 'The content page has been updated successfully.' });
      }
      setEditing(null);
      await refreshPages(queryClient, draft.slug, editing.page.slug);
    } catch (error) {
      toast({
        title: editing.mode === 'create' ? 'Failed to create page' : 'Failed to update page',
        description: failureMessage(error),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deletePage(toDelete.id);
      toast({ title: 'Page deleted', description: 'The content page has been deleted successfully.' });
      setToDelete(null);
      await refreshPages(queryClient, toDelete.slug);
    } catch (error) {
      toast({ title: 'Failed to delete page', description: failureMessage(error), variant: 'destructive' });
    } finally {
      setDeleting(false);
    }
  }

  const dialogTitle = editing?.mode === 'edit' ? `Edit Page: ${editing.summary.title}` : 'Create New Page';

  return (
    <section aria-label="Content Pages">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 className="text-lg font-semibold">Content Pages</h2>
        <Button onClick={openCreate}>New Page</Button>
      </div>

      {pages.isPending ? (
        <div aria-busy="true" className="grid gap-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : pages.isError ? (
        <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700" role="alert">
          Failed to load content pages. {failureMessage(pages.error)}{' '}
          <Button variant="outline" size="sm" className="ml-2" onClick={() => pages.refetch()}>
            Retry
          </Button>
        </div>
      ) : pages.data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-slate-600">No content pages found</p>
          <Button className="mt-4" onClick={openCreate}>
            Create your first page
          </Button>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Title
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Slug
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Last Updated
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {pages.data.map((page) => (
                <tr key={page.id} data-testid="content-page-row">
                  <td className="px-4 py-3 font-medium">
                    {page.title}
                    {!page.published && (
                      <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
                        Draft
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-3 text-slate-600">/pages/{page.slug}</td>
                  <td className="px-4 py-3 text-slate-600">{formatUpdatedAt(page.updatedAt)}</td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => openEdit(page)}
                        aria-label={`Edit ${page.title}`}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setToDelete(page)}
                        aria-label={`Delete ${page.title}`}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={dialogTitle}
        size="2xl"
        dirty={editing?.page ? editorDirty : false}
      >
        {editing?.page ? (
          <PageEditorForm
            page={editing.page}
            savedSlug={editing.mode === 'edit' ? editing.page.slug : undefined}
            onSave={save}
            isSaving={saving}
            onDirtyChange={setEditorDirty}
          />
        ) : (
          <p className="py-10 text-center text-sm text-slate-500">Loading page...</p>
        )}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete page"
        message={`Are you sure you want to delete "${toDelete?.title ?? ''}"? This action cannot be undone.`}
        pending={deleting}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
