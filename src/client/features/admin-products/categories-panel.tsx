// Categories (administrators): add, rename, slug, picture, shown or not, order, and delete when empty
// (docs/decisions/0240-category-administration.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type AdminCategory, CategoryInputSchema } from '~/shared/schemas/admin-categories';
import { Button } from '~/client/components/ui/button';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { Dialog, DialogCancel } from '~/client/components/ui/dialog';
import { TextField } from '~/client/components/ui/form-fields';
import { ProductImage } from '~/client/components/ui/product-image';
import { Switch } from '~/client/components/ui/switch';
import { DataTable } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/toast-store';
import { apiRequest } from '~/client/lib/api';
import { refreshCatalogue } from './api';
import { uploadImage } from './image-slots';
import { serverMessage, uploadFailure } from './server-message';

const COLUMNS = ['Picture', 'Name', 'Slug', 'Products', 'Order', 'Shown', 'Actions'];

type Draft = {
  name: string;
  nameFr: string;
  slug: string;
  imageUrl: string;
  active: boolean;
  sortOrder: string;
};
const EMPTY: Draft = { name: '', nameFr: '', slug: '', imageUrl: '', active: true, sortOrder: '0' };
const toDraft = (c: AdminCategory): Draft => ({
  name: c.name,
  nameFr: c.nameFr,
  slug: c.slug,
  imageUrl: c.imageUrl ?? '',
  active: c.active,
  sortOrder: String(c.sortOrder),
});

function CategoryDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const start = category ? toDraft(category) : EMPTY;
  const [draft, setDraft] = useState<Draft>(start);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [uploading, setUploading] = useState(false);
  const dirty = (Object.keys(start) as (keyof Draft)[]).some((k) => start[k] !== draft[k]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = useMutation({
    mutationFn: (body: unknown) =>
      category
        ? apiRequest<AdminCategory>('PUT', `/api/categories/${category.id}`, body)
        : apiRequest<AdminCategory>('POST', '/api/categories', body),
    onSuccess: async (saved) => {
      toast({
        title: category ? 'Category updated' : 'Category added',
        description: `"${saved.name}" is saved.`,
      });
      onClose();
      await refreshCatalogue(queryClient);
    },
    onError: (error) =>
      toast({ title: 'Failed to save category', description: serverMessage(error), variant: 'destructive' }),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = { ...draft, sortOrder: draft.sortOrder.trim() === '' ? 0 : Number(draft.sortOrder) };
    const parsed = CategoryInputSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Draft | undefined;
        if (key && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(body);
  }

  async function pickPicture(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      set('imageUrl', await uploadImage(file));
    } catch (error) {
      toast({
        title: 'Upload failed',
        description: uploadFailure(error, file.name),
        variant: 'destructive',
      });
    } finally {
      setUploading(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title={category ? `Edit Category: ${category.name}` : 'Add Category'}
      dirty={dirty}
    >
      <form className="grid gap-4" noValidate onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            value={draft.name}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            label="Name (French)"
            lang="fr-CA"
            value={draft.nameFr}
            error={errors.nameFr}
            hint="Shown on French pages; the English name shows when left empty."
            onChange={(e) => set('nameFr', e.target.value)}
          />
        </div>
        <TextField
          label="Slug"
          optional
          value={draft.slug}
          error={errors.slug}
          hint="The address: /categories/slug. Left empty, it is made from the name."
          onChange={(e) => set('slug', e.target.value)}
        />
        <TextField
          label="Order"
          inputMode="numeric"
          value={draft.sortOrder}
          error={errors.sortOrder}
          hint="Lower numbers come first in the store's menus and lists."
          onChange={(e) => set('sortOrder', e.target.value)}
        />
        <div className="grid gap-2">
          <span className="text-sm font-medium">Picture</span>
          <div className="flex items-center gap-3">
            {draft.imageUrl && (
              <div className="h-16 w-16 overflow-hidden rounded border border-slate-200">
                <ProductImage url={draft.imageUrl} alt="" sizes="64px" className="h-16 w-16 object-cover" />
              </div>
            )}
            <label className="cursor-pointer text-sm font-medium text-brand-700 underline">
              {uploading ? 'Uploading...' : draft.imageUrl ? 'Change picture' : 'Upload a picture'}
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                className="sr-only"
                disabled={uploading}
                onChange={(e) => pickPicture(e.target.files?.[0])}
              />
            </label>
            {draft.imageUrl && (
              <Button variant="ghost" size="sm" onClick={() => set('imageUrl', '')}>
                Remove picture
              </Button>
            )}
          </div>
          {errors.imageUrl && <p className="text-sm text-red-700">{errors.imageUrl}</p>}
        </div>
        <div className="flex items-center gap-3">
          <Switch id="category-active" checked={draft.active} onCheckedChange={(v) => set('active', v)} />
          <label htmlFor="category-active" className="text-sm font-medium">
            Shown in the store
          </label>
        </div>
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <DialogCancel disabled={save.isPending} />
          <Button type="submit" pending={save.isPending} pendingLabel="Saving..." disabled={uploading}>
            {category ? 'Save Changes' : 'Add Category'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function CategoriesPanel() {
  const queryClient = useQueryClient();
  const list = useQuery<AdminCategory[]>({ queryKey: ['/api/categories/admin'] });
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const remove = useMutation({
    mutationFn: (c: AdminCategory) => apiRequest('DELETE', `/api/categories/${c.id}`),
    onSuccess: async () => {
      toast({ title: 'Category deleted', description: `"${deleting?.name ?? ''}" has been deleted.` });
      setDeleting(null);
      await refreshCatalogue(queryClient);
    },
    onError: (error) => {
      setDeleting(null);
      toast({ title: 'Category not deleted', description: serverMessage(error), variant: 'destructive' });
    },
  });
  const items = list.data ?? [];
  return (
    <section aria-label="Categories" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Categories</h2>
        <Button onClick={() => setEditing('new')}>Add Category</Button>
      </div>
      <DataTable
        columns={COLUMNS}
        minWidthClassName="min-w-[720px]"
        error={
          list.isError
            ? {
                title: 'Failed to load categories',
                message: 'The categories could not be loaded.',
                onRetry: () => list.refetch(),
              }
            : null
        }
        pending={list.isPending}
        empty={items.length === 0}
        emptyText="No categories yet."
        skeletonClassName="h-10 w-full"
      >
        {items.map((c) => (
          <tr key={c.id} className="border-t border-slate-100" data-testid="admin-category-row">
            <td className="px-3 py-2">
              <div className="h-10 w-10 overflow-hidden rounded border border-slate-200">
                <ProductImage url={c.imageUrl} alt="" sizes="40px" className="h-10 w-10 object-cover" />
              </div>
            </td>
            <td className="px-3 py-2 font-medium">{c.name}</td>
            <td className="px-3 py-2 text-slate-600">/categories/{c.slug}</td>
            <td className="px-3 py-2">{c.productCount}</td>
            <td className="px-3 py-2">{c.sortOrder}</td>
            <td className="px-3 py-2">{c.active ? 'Shown' : 'Hidden'}</td>
            <td className="px-3 py-2">
              <div className="flex justify-end gap-1">
                <Button variant="ghost" size="sm" aria-label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50"
                  aria-label={`Delete ${c.name}`}
                  onClick={() => setDeleting(c)}
                >
                  Delete
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {editing && (
        <CategoryDialog
          key={editing === 'new' ? 'new' : editing.id}
          category={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title="Delete category?"
        message={
          deleting
            ? `Are you sure you want to delete "${deleting.name}"? A category that still has products cannot be deleted.`
            : ''
        }
        pending={remove.isPending}
        pendingLabel="Deleting..."
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
