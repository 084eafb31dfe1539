// FAQ Items: the list (inactive ones dimmed), add/edit/delete, and reorder mode with move up/down.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import type { AdminFaqItem as FaqItem } from '~/shared/schemas/content';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/toast-store';
import { allFaqItemsQueryOptions } from '../api';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { createFaqItem, deleteFaqItem, failureMessage, moveFaqItem, refreshFaq, updateFaqItem } from './api';
import { type FaqDraft, FaqItemDialog } from './faq-item-dialog';

/** Section 4: moving up takes the sortOrder of the item above minus 1, moving down the item below plus 1. */
export function reorderTarget(items: FaqItem[], index: number, direction: 'up' | 'down'): number | null {
  const neighbour = items[direction === 'up' ? index - 1 : index + 1];
  if (!neighbour) return null;
  return direction === 'up' ? neighbour.sortOrder - 1 : neighbour.sortOrder + 1;
}

const arrow = (d: string) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    className="h-4 w-4"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
  >
    <path d={d} />
  </svg>
);

export function FaqPanel() {
  const queryClient = useQueryClient();
  const faq = useQuery(allFaqItemsQueryOptions());
  const items = faq.data ? [...faq.data].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id) : [];
  const [reordering, setReordering] = useState(false);
  const [moving, setMoving] = useState(false);
  const [dialog, setDialog] = useState<{ item: FaqItem | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<FaqItem | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function save(draft: FaqDraft) {
    if (!dialog) return;
    setSaving(true);
    try {
      if (dialog.item) {
        // No sortOrder: the server keeps the item's place (the list may have been reordered meanwhile).
        await updateFaqItem(dialog.item.id, draft);
        toast({ title: 'FAQ item updated', description: 'The FAQ item has been updated successfully.' });
      } else {
        await createFaqItem(draft);
        toast({ title: 'FAQ item created', description: 'The FAQ item has been created successfully.' });
      }
      setDialog(null);
      await refreshFaq(queryClient);
    } catch (error) {
      toast({
        title: dialog.item ? 'Failed to update FAQ item' : 'Failed to create FAQ item',
        description: failureMessage(error),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  async function move(index: number, direction: 'up' | 'down') {
    const target = reorderTarget(items, index, direction);
    const item = items[index];
    if (target === null || !item) return;
    setMoving(true);
    try {
      await moveFaqItem(item.id, target);
      await refreshFaq(queryClient);
    } catch (error) {
      toast({
        title: 'Failed to update FAQ item',
        description: failureMessage(error),
        variant: 'destructive',
      });
    } finally {
      setMoving(false);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteFaqItem(toDelete.id);
      toast({ title: 'FAQ item deleted', description: 'The FAQ item has been deleted successfully.' });
      setToDelete(null);
      await refreshFaq(queryClient);
    } catch (error) {
      toast({
        title: 'Failed to delete FAQ item',
        description: failureMessage(error),
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <section aria-label="FAQ Items">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">FAQ Items</h2>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => setReordering((r) => !r)} aria-pressed={reordering}>
            {reordering ? 'Done Reordering' : 'Reorder Items'}
          </Button>
          <Button onClick={() => setDialog({ item: null })}>Add FAQ Item</Button>
        </div>
      </div>

      {faq.isPending ? (
        <div aria-busy="true" className="grid gap-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : faq.isError ? (
        <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700" role="alert">
          Failed to load FAQ items. {failureMessage(faq.error)}{' '}
          <Button variant="outline" size="sm" className="ml-2" onClick={() => faq.refetch()}>
            Retry
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-slate-600">No FAQ items found</p>
          <Button className="mt-4" onClick={() => setDialog({ item: null })}>
            Add your first FAQ item
          </Button>
        </div>
      ) : (
        <ol className="grid gap-2" aria-label="FAQ items in display order">
          {items.map((item, index) => (
            <li
              key={item.id}
              data-testid="faq-admin-item"
              data-active={item.active}
              className={clsx(
                'flex items-start gap-3 rounded-lg border border-slate-200 p-4',
                !item.active && 'opacity-50',
              )}
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {item.question}
                  {!item.active && (
                    <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700">
                      Inactive
                    </span>
                  )}
                </p>
                <div
                  className="rich-text mt-1 line-clamp-2 text-sm text-slate-600"
                  dangerouslySetInnerHTML={{ __html: item.answer }}
                />
              </div>
              <div className="flex shrink-0 gap-1">
                {reordering ? (
                  <>
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`Move up: ${item.question}`}
                      disabled={index === 0 || moving}
                      onClick={() => move(index, 'up')}
                    >
                      {arrow('M12 19V5M5 12l7-7 7 7')}
                    </Button>
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`Move down: ${item.question}`}
                      disabled={index === items.length - 1 || moving}
                      onClick={() => move(index, 'down')}
                    >
                      {arrow('M12 5v14M19 12l-7 7-7-7')}
                    </Button>
                  </>
                ) : (
                  <>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Edit: ${item.question}`}
                      onClick={() => setDialog({ item })}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Delete: ${item.question}`}
                      onClick={() => setToDelete(item)}
                    >
                      Delete
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}

      <FaqItemDialog
        open={dialog !== null}
        item={dialog?.item ?? null}
        saving={saving}
        onOpenChange={(open) => !open && setDialog(null)}
        onSave={save}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete FAQ item"
        message="Are you sure you want to delete this FAQ item? This action cannot be undone."
        pending={deleting}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
