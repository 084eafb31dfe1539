// Product Management (/admin/products): a searchable, paged table with the status toggle, add and
// edit dialogs, delete with confirmation, bulk edit of the selected products and the CSV export; beside
// it the archived products and the categories (docs/decisions/0240-category-administration.md). 'Low
// stock' (in the address as ?stock=low, where the Overview's card links) shows only the active products
// at or under the store's threshold.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '~/shared/money';
import { ADMIN_PRODUCTS_PAGE_SIZE, type AdminProduct } from '~/shared/schemas/admin-products';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { ProductImage } from '~/client/components/ui/product-image';
import { toast } from '~/client/components/ui/toast-store';
import { apiRequest } from '~/client/lib/api';
import { adminProductsQueryOptions, refreshCatalogue } from './api';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { inputClasses } from '~/client/components/ui/form-fields';
import { Pager } from '~/client/components/ui/pager';
import { useSearchBox } from '~/client/components/ui/use-search-box';
import { Switch } from '~/client/components/ui/switch';
import { DataTable } from '~/client/components/ui/table';
import { ArchivedPanel } from './archived-panel';
import { BulkEditDialog } from './bulk-edit-dialog';
import { CategoriesPanel } from './categories-panel';
import { ProductFormDialog } from './product-form-dialog';

type Editing = { mode: 'new' } | { mode: 'edit'; id: number } | null;

const COLUMNS = ['Select', 'Image', 'Name', 'Category', 'Price', 'Stock', 'Status', 'Actions'];

const VIEWS = [
  ['products', 'Products'],
  ['archived', 'Archived'],
  ['categories', 'Categories'],
] as const;
type View = (typeof VIEWS)[number][0];

export default function ProductsTab() {
  const [view, setView] = useState<View>('products');
  return (
    <div className="grid gap-4">
      <nav aria-label="Product sections" className="flex gap-1">
        {VIEWS.map(([key, label]) => (
          <Button
            key={key}
            variant={view === key ? 'primary' : 'outline'}
            size="sm"
            aria-current={view === key ? 'page' : undefined}
            onClick={() => setView(key)}
          >
            {label}
          </Button>
        ))}
      </nav>
      {view === 'products' ? <ProductsList /> : view === 'archived' ? <ArchivedPanel /> : <CategoriesPanel />}
    </div>
  );
}

function ProductsList() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const lowStock = params.get('stock') === 'low';
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  // Selected products, kept across pages and searches until the bulk edit is done.
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkEditing, setBulkEditing] = useState(false);
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // Searching waits for a pause in typing, and starts again at page 1 (only when the search changed).
  const { text: searchText, setText: setSearchText } = useSearchBox(search, (next) => {
    setSearch(next);
    setPage(1);
  });

  const list = useQuery({
    ...adminProductsQueryOptions(page, ADMIN_PRODUCTS_PAGE_SIZE, search, lowStock),
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
    <section aria-label="Products" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Product Management</h2>
        <div className="flex flex-wrap gap-2">
          <a href="/api/products/export" download className={buttonClasses('outline')}>
            Export CSV
          </a>
          <Button onClick={() => setEditing({ mode: 'new' })}>Add Product</Button>
        </div>
      </div>
      {selected.size > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
          <span>
            {selected.size} {selected.size === 1 ? 'product' : 'products'} selected
          </span>
          <Button size="sm" onClick={() => setBulkEditing(true)}>
            Edit selected
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <div className="w-full max-w-md">
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
        <label htmlFor="admin-product-stock" className="text-sm font-medium text-slate-700">
          Show
        </label>
        <div className="w-44">
          <select
            id="admin-product-stock"
            value={lowStock ? 'low' : 'all'}
            onChange={(e) => {
              const next = new URLSearchParams(params);
              if (e.target.value === 'low') next.set('stock', 'low');
              else next.delete('stock');
              setParams(next, { replace: true });
              setPage(1);
            }}
            className={inputClasses()}
          >
            <option value="all">All products</option>
            <option value="low">Low stock</option>
          </select>
        </div>
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
          lowStock
            ? search
              ? `No product low on stock matches "${search}".`
              : 'No product is low on stock.'
            : search
              ? `No products match "${search}".`
              : 'No products yet. Add one or import a CSV file.'
        }
        skeletonClassName="h-10 w-full"
      >
        {items.map((p) => (
          <tr key={p.id} className="border-t border-slate-100" data-testid="admin-product-row">
            <td className="px-3 py-2">
              <input
                type="checkbox"
                aria-label={`Select ${p.name}`}
                checked={selected.has(p.id)}
                onChange={(e) => toggle(p.id, e.target.checked)}
                className="h-5 w-5 rounded border-slate-300"
              />
            </td>
            <td className="px-3 py-2">
              <div className="h-12 w-12 overflow-hidden rounded border border-slate-200">
                <ProductImage url={p.imageUrl} alt="" sizes="48px" className="h-12 w-12 object-cover" />
              </div>
            </td>
            <td className="px-3 py-2">
              <div className="font-medium">{p.name}</div>
              {p.lotNumber && <div className="text-xs text-slate-500">Lot {p.lotNumber}</div>}
            </td>
            <td className="px-3 py-2">{p.categoryName ?? <span className="text-slate-500">None</span>}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              {formatMoney(p.price)}
              {p.compareAtPrice && (
                <span className="ml-2 text-xs text-slate-500 line-through">
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
      {bulkEditing && (
        <BulkEditDialog
          ids={[...selected]}
          onClose={() => setBulkEditing(false)}
          onDone={() => {
            setBulkEditing(false);
            setSelected(new Set());
          }}
        />
      )}
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
    </section>
  );
}
