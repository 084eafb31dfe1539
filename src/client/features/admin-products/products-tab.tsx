// Product Management (/admin/products): a searchable, paged table with the status toggle, add and
// edit dialogs, delete with confirmation, bulk edit of the selected products and the CSV export; beside
// it the archived products and the categories (docs/decisions/0240-category-administration.md). 'Low
// stock' (in the address as ?stock=low, where the Overview's card links) shows only the active products
// at or under the store's threshold.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_PRODUCTS_PAGE_SIZE, type AdminProduct } from '~/shared/schemas/admin-products';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { adminProductsQueryOptions, type ProductsShown, refreshCatalogue, setProductActive } from './api';
import { Pager } from '~/client/components/ui/pager';
import { useSearchBox } from '~/client/components/ui/use-search-box';
import { DataTable } from '~/client/components/ui/table';
import { ArchivedPanel } from './archived-panel';
import { BulkEditDialog } from './bulk-edit-dialog';
import { CategoriesPanel } from './categories-panel';
import { DeleteProductDialog } from './delete-product-dialog';
import { ProductFilters } from './product-filters';
import { ProductFormDialog } from './product-form-dialog';
import { ProductRow } from './product-row';

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
  const shown: ProductsShown =
    params.get('stock') === 'low' ? 'low' : params.get('show') === 'no-evidence' ? 'no-evidence' : 'all';
  const lowStock = shown === 'low';
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
  const show = (choice: ProductsShown) => {
    const next = new URLSearchParams(params);
    if (choice === 'low') next.set('stock', 'low');
    else next.delete('stock');
    if (choice === 'no-evidence') next.set('show', 'no-evidence');
    else next.delete('show');
    setParams(next, { replace: true });
    setPage(1);
  };

  const list = useQuery({
    ...adminProductsQueryOptions(page, ADMIN_PRODUCTS_PAGE_SIZE, search, shown),
    placeholderData: keepPreviousData,
  });

  const status = useMutation({
    mutationFn: (p: { id: number; active: boolean }) => setProductActive(p.id, p.active),
    onSuccess: () => refreshCatalogue(queryClient),
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to update product status',
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
      <ProductFilters
        searchText={searchText}
        onSearchTextChange={setSearchText}
        shown={shown}
        onShownChange={show}
      />
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
          shown === 'no-evidence'
            ? 'Every compare-at price has its evidence.'
            : lowStock
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
          <ProductRow
            key={p.id}
            product={p}
            selected={selected.has(p.id)}
            onSelect={(on) => toggle(p.id, on)}
            statusPending={status.isPending && status.variables?.id === p.id}
            onActiveChange={(active) => status.mutate({ id: p.id, active })}
            onEdit={() => setEditing({ mode: 'edit', id: p.id })}
            onDelete={() => setDeleting(p)}
          />
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
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
