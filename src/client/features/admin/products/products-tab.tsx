// Product Management (/admin/products): a searchable, paged table with the status toggle, add and
// edit dialogs, and delete with confirmation.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatMoney } from '~/shared/money';
import { ADMIN_PRODUCTS_PAGE_SIZE, type AdminProduct } from '~/shared/schemas/admin-products';
import { Button } from '~/client/components/ui/button';
import { ProductImage } from '~/client/components/ui/product-image';
import { toast } from '~/client/components/ui/toast-store';
import { apiRequest } from '~/client/lib/api';
import { adminProductsQueryOptions, refreshCatalogue } from '~/client/features/admin/api';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { inputClasses } from '~/client/components/ui/form-fields';
import { Pager } from '~/client/components/ui/pager';
import { Switch } from '~/client/components/ui/switch';
import { DataTable } from '~/client/components/ui/table';
import { ProductFormDialog } from './product-form-dialog';

type Editing = { mode: 'new' } | { mode: 'edit'; id: number } | null;

const COLUMNS = ['Image', 'Name', 'Category', 'Price', 'Stock', 'Status', 'Actions'];

export default function ProductsTab() {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);

  // Searching waits for a pause in typing, and starts again at page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const list = useQuery({
    ...adminProductsQueryOptions(page, ADMIN_PRODUCTS_PAGE_SIZE, search),
    placeholderData: keepPreviousData,
  });

  const status = useMutation({
    mutationFn: (p: { id: number; active: boolean }) =>
      apiRequest('PATCH', `/api/products/${p.id}/status`, { active: p.active }),
    onSuccess: () => refreshCatalogue(queryClient),
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to update product status',
        variant: 'destructive',
      }),
  });

  const remove = useMutation({
    mutationFn: (p: AdminProduct) =>
      apiRequest<{ outcome: 'deleted' | 'archived'; message: string }>('DELETE', `/api/products/${p.id}`),
    onSuccess: (result) => {
      setDeleting(null);
      toast({
        title: result.outcome === 'archived' ? 'Product archived' : 'Product deleted',
        description: result.message,
      });
      return refreshCatalogue(queryClient);
    },
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to delete product',
        variant: 'destructive',
      }),
  });

  const items = list.data?.items ?? [];

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Product Management</h2>
        <Button onClick={() => setEditing({ mode: 'new' })}>Add Product</Button>
      </div>
      <div className="max-w-md">
        <label htmlFor="admin-product-search" className="sr-only">
          Search products by name or lot number
        </label>
        <input
          id="admin-product-search"
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          placeholder="Search by name or lot number..."
          className={inputClasses()}
        />
      </div>
      <DataTable
        columns={COLUMNS}
        minWidthClassName="min-w-[760px]"
        error={
          list.isError
            ? {
                title: 'Failed to load products',
                message: 'The product list could not be loaded.',
                onRetry: () => list.refetch(),
              }
            : null
        }
        pending={list.isPending}
        empty={items.length === 0}
        emptyText={
          search ? `No products match "${search}".` : 'No products yet. Add one or import a CSV file.'
        }
        skeletonClassName="h-10 w-full"
      >
        {items.map((p) => (
          <tr key={p.id} className="border-t border-slate-100" data-testid="admin-product-row">
            <td className="px-3 py-2">
              <div className="h-12 w-12 overflow-hidden rounded border border-slate-200">
                <ProductImage url={p.imageUrl} alt="" sizes="48px" className="h-12 w-12 object-cover" />
              </div>
            </td>
            <td className="px-3 py-2">
              <div className="font-medium">{p.name}</div>
              {p.lotNumber && <div className="text-xs text-slate-500">Lot {p.lotNumber}</div>}
            </td>
            <td className="px-3 py-2">{p.categoryName ?? <span className="text-slate-400">None</span>}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              {formatMoney(p.price)}
              {p.compareAtPrice && (
                <span className="ml-2 text-xs text-slate-400 line-through">
                  {formatMoney(p.compareAtPrice)}
                </span>
              )}
            </td>
            <td className="px-3 py-2">{p.stock}</td>
            <td className="px-3 py-2">
              <div className="flex items-center gap-2">
                <Switch
                  checked={p.active}
                  label={`Active: ${p.name}`}
                  disabled={status.isPending && status.variables?.id === p.id}
                  onCheckedChange={(active) => status.mutate({ id: p.id, active })}
                />
                <span className="text-xs text-slate-600">{p.active ? 'Active' : 'Inactive'}</span>
              </div>
            </td>
            <td className="px-3 py-2">
              <div className="flex justify-end gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Edit ${p.name}`}
                  onClick={() => setEditing({ mode: 'edit', id: p.id })}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50"
                  aria-label={`Delete ${p.name}`}
                  onClick={() => setDeleting(p)}
                >
                  Delete
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager
        page={page}
        pageSize={ADMIN_PRODUCTS_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onPageChange={setPage}
        noun="products"
      />
      {editing && (
        <ProductFormDialog
          key={editing.mode === 'edit' ? editing.id : 'new'}
          productId={editing.mode === 'edit' ? editing.id : null}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete product?"
        message={
          deleting
            ? `Are you sure you want to delete "${deleting.name}"? This action cannot be undone. A product that appears in orders is archived instead, so those orders keep it.`
            : ''
        }
        pending={remove.isPending}
        pendingLabel="Deleting..."
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
