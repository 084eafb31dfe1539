// Archived products: out of the store because orders refer to them; restorable
// (docs/decisions/0241-archived-products-are-restorable.md).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '~/shared/money';
import { ADMIN_PRODUCTS_PAGE_SIZE, type ArchivedProduct } from '~/shared/schemas/admin-products';
import { Button } from '~/client/components/ui/button';
import { Pager } from '~/client/components/ui/pager';
import { DataTable } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/toast-store';
import { apiGetPage, apiRequest } from '~/client/lib/api';
import { refreshCatalogue } from './api';
import { serverMessage } from './server-message';

const COLUMNS = ['Name', 'Lot number', 'Category', 'Price', 'Archived', 'Actions'];

export function ArchivedPanel() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const path = `/api/products/archived?page=${page}&limit=${ADMIN_PRODUCTS_PAGE_SIZE}`;
  const list = useQuery({
    queryKey: ['/api/products/archived', { page }],
    queryFn: ({ client }) => apiGetPage<ArchivedProduct>(client, path),
    placeholderData: keepPreviousData,
  });
  const restore = useMutation({
    mutationFn: (p: ArchivedProduct) =>
      apiRequest<{ message: string }>('POST', `/api/products/${p.id}/restore`),
    onSuccess: async (result) => {
      toast({ title: 'Product restored', description: result.message });
      await refreshCatalogue(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Failed to restore product',
        description: serverMessage(error),
        variant: 'destructive',
      }),
  });
  const items = list.data?.items ?? [];
  return (
    <section aria-label="Archived products" className="grid gap-4">
      <div>
        <h2 className="text-xl font-semibold">Archived products</h2>
        <p className="text-sm text-slate-600">
          Products deleted after they were ordered: the orders keep them, the store does not show them.
        </p>
      </div>
      <DataTable
        columns={COLUMNS}
        minWidthClassName="min-w-[720px]"
        error={
          list.isError
            ? {
                title: 'Failed to load archived products',
                message: 'The list could not be loaded.',
                onRetry: () => list.refetch(),
              }
            : null
        }
        pending={list.isPending}
        empty={items.length === 0}
        emptyText="No archived products."
        skeletonClassName="h-10 w-full"
      >
        {items.map((p) => (
          <tr key={p.id} className="border-t border-slate-100" data-testid="archived-product-row">
            <td className="px-3 py-2 font-medium">{p.name}</td>
            <td className="px-3 py-2">{p.lotNumber ?? <span className="text-slate-400">None</span>}</td>
            <td className="px-3 py-2">{p.categoryName ?? <span className="text-slate-400">None</span>}</td>
            <td className="px-3 py-2">{formatMoney(p.price)}</td>
            <td className="px-3 py-2">{new Date(p.archivedAt).toLocaleDateString()}</td>
            <td className="px-3 py-2 text-right">
              <Button
                variant="outline"
                size="sm"
                aria-label={`Restore ${p.name}`}
                pending={restore.isPending && restore.variables?.id === p.id}
                pendingLabel="Restoring..."
                onClick={() => restore.mutate(p)}
              >
                Restore
              </Button>
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
    </section>
  );
}
