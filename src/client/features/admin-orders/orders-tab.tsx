// Order Management (/admin/orders): a paged, sortable table (Order #, Date, Customer, Total, Status,
// Payment, User, Actions) with filters (view, status, payment status, dates) and a search by order
// number, reference, name or e-mail, all kept in the page's address (docs/decisions/0221-admin-orders-list-query.md);
// unpaid checkouts in a view of their own (docs/decisions/0220-unpaid-checkouts.md); quick actions for
// pending and processing orders ('Mark Shipped' through the Fulfil step); a status or packing slips for
// several selected orders at once; the detail and 'Link User' dialogs; and the CSV export of the current
// filter. Its parts: orders-filters.tsx, orders-selection.tsx, order-row.tsx.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SetStateAction, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { orderStatusLabel } from '~/shared/orders';
import {
  ADMIN_ORDERS_PAGE_SIZES,
  type AdminOrder,
  type AdminOrdersQuery,
  adminOrdersSearchParams,
  DEFAULT_SORT_DIRECTION,
  type OrderSort,
  readAdminOrdersQuery,
} from '~/shared/schemas/admin-orders';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { Pager } from '~/client/components/ui/pager';
import { DataTable, type TableSort } from '~/client/components/ui/table';
import { useSearchBox } from '~/client/components/ui/use-search-box';
import {
  adminOrderQueryOptions,
  adminOrdersQueryOptions,
  exportCsvHref,
  ORDERS_REFETCH_MS,
  refreshOrders,
  setOrderStatus,
} from './api';
import { DraftOrdersPanel } from './draft-orders-panel';
import { EmailsPanel } from './emails-panel';
import { FulfilDialog } from './fulfil-dialog';
import { OrdersActions, usePermissions } from './orders-actions';
import { LinkUserDialog } from './link-user-dialog';
import { OrderDetailDialog } from './order-detail-dialog';
import { OrderRow } from './order-row';
import { isFiltered, OrdersFilters } from './orders-filters';
import { SelectionBar, useOrderSelection } from './orders-selection';

const COLUMNS = ['Select', 'Order #', 'Date', 'Customer', 'Total', 'Status', 'Payment', 'User', 'Actions'];
const SORT_COLUMNS: Record<string, OrderSort> = {
  Date: 'date',
  Total: 'total',
  Customer: 'customer',
  Status: 'status',
};
const SORT_HEADERS = Object.fromEntries(Object.entries(SORT_COLUMNS).map(([h, s]) => [s, h])) as Record<
  OrderSort,
  string
>;

/** The list's query as the page's address says, and changes to it that go into the address. */
function useOrdersQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readAdminOrdersQuery(params), [params]);
  /** A filter, sort or page size goes back to page 1; typing replaces the history entry, a choice adds one. */
  const update = (patch: Partial<AdminOrdersQuery>, options: { replace?: boolean } = {}) => {
    const next = { ...query, page: 1, ...patch };
    setParams(adminOrdersSearchParams(next), { replace: options.replace ?? false });
  };
  return { query, update };
}

/** 'Mark Processing' at once; 'Mark Shipped' opens the Fulfil step, so the e-mail carries the tracking. */
function useQuickAction(onShip: (order: AdminOrder) => void) {
  const queryClient = useQueryClient();
  const quick = useMutation({
    mutationFn: (p: { order: AdminOrder; to: 'processing' }) => setOrderStatus(p.order.id, { status: p.to }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminOrderQueryOptions(detail.id).queryKey, detail);
      toast({
        title: 'Order status updated',
        description: `Order #${detail.id} is now ${orderStatusLabel(detail.status)}.`,
      });
      await refreshOrders(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Failed to update order status',
        description: (error instanceof ApiError && error.serverMessage) || undefined,
        variant: 'destructive',
      }),
  });
  return {
    run: (order: AdminOrder, to: 'processing' | 'shipped') =>
      to === 'shipped' ? onShip(order) : quick.mutate({ order, to }),
    busy: (id: number) => quick.isPending && quick.variables?.order.id === id,
  };
}

export default function OrdersTab() {
  const { query, update } = useOrdersQuery();
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [linking, setLinking] = useState<AdminOrder | null>(null);
  const [shipping, setShipping] = useState<AdminOrder | null>(null);
  // The outbox loads only when asked for: most visits are about orders.
  const [showEmails, setShowEmails] = useState(false);
  const [showDrafts, setShowDrafts] = useState(false);
  const may = usePermissions();

  // Searching waits for a pause in typing, and starts again at page 1 (only when the search changed).
  const { text: searchText, setText: setSearchText } = useSearchBox(query.search ?? '', (search) =>
    update({ search: search || undefined }, { replace: true }),
  );

  const list = useQuery({
    ...adminOrdersQueryOptions(query),
    placeholderData: keepPreviousData,
    refetchInterval: ORDERS_REFETCH_MS,
  });
  const items = list.data?.items ?? [];
  const filtered = isFiltered(query);
  const onPage = items.map((o) => o.id);
  // What is selected is what the page shows: another page or filter starts with nothing selected.
  const selection = useOrderSelection(onPage, adminOrdersSearchParams({ ...query }).toString());
  const quick = useQuickAction(setShipping);

  const setPage = (action: SetStateAction<number>) =>
    update({ page: typeof action === 'function' ? action(query.page) : action });

  const sort: TableSort = {
    sortable: Object.keys(SORT_COLUMNS),
    column: SORT_HEADERS[query.sort],
    direction: query.dir,
    onSort: (header) => {
      const column = SORT_COLUMNS[header]!;
      const dir =
        column === query.sort ? (query.dir === 'asc' ? 'desc' : 'asc') : DEFAULT_SORT_DIRECTION[column];
      update({ sort: column, dir });
    },
  };

  // The dialogs follow the list: after a refresh they show the order as it is now.
  const current = (o: AdminOrder | null) => (o ? (items.find((i) => i.id === o.id) ?? o) : null);
  const viewingNow = current(viewing);
  const linkingNow = current(linking);
  const shippingNow = current(shipping);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Order Management</h2>
        <OrdersActions
          showEmails={showEmails}
          onToggleEmails={() => setShowEmails((v) => !v)}
          showDrafts={showDrafts}
          onToggleDrafts={() => setShowDrafts((v) => !v)}
          exportHref={exportCsvHref(query)}
        />
      </div>
      {/* Under the button that opened it, not below a page of orders. */}
      {showEmails && may.readEmails && <EmailsPanel />}
      {showDrafts && <DraftOrdersPanel />}
      <OrdersFilters query={query} update={update} searchText={searchText} onSearchText={setSearchText} />
      {query.view === 'unpaid' && (
        <p className="text-sm text-slate-600">
          Checkouts that were never paid: the payment failed, or the shopper left before paying and the items
          went back on sale. They are not counted as pending orders.
        </p>
      )}
      <SelectionBar selection={selection} />
      <DataTable
        columns={COLUMNS}
        minWidthClassName="min-w-[1000px]"
        sort={sort}
        headerCells={{
          Select: (
            <input
              type="checkbox"
              aria-label="Select all orders on this page"
              className="size-5 align-middle"
              checked={selection.allOnPage}
              disabled={onPage.length === 0}
              onChange={(e) => selection.togglePage(e.target.checked)}
            />
          ),
        }}
        error={
          list.isError
            ? {
                title: 'Failed to load orders',
                message:
                  (list.error instanceof ApiError && list.error.serverMessage) ||
                  'The order list could not be loaded.',
                onRetry: () => list.refetch(),
              }
            : null
        }
        pending={list.isPending}
        empty={items.length === 0}
        emptyText={
          query.view === 'unpaid' && !filtered
            ? 'No unpaid checkouts.'
            : filtered
              ? 'No orders match these filters.'
              : 'No orders yet.'
        }
      >
        {items.map((o) => (
          <OrderRow
            key={o.id}
            order={o}
            selected={selection.selected.has(o.id)}
            onSelect={(on) => selection.toggle(o.id, on)}
            quickBusy={quick.busy(o.id)}
            onQuick={(to) => quick.run(o, to)}
            onView={() => setViewing(o)}
            onLink={() => setLinking(o)}
          />
        ))}
      </DataTable>
      <Pager
        page={query.page}
        pageSize={query.limit}
        total={list.data?.total ?? 0}
        onPageChange={setPage}
        noun={query.view === 'unpaid' ? 'unpaid checkouts' : 'orders'}
        pageSizes={ADMIN_ORDERS_PAGE_SIZES}
        onPageSizeChange={(limit) => update({ limit })}
      />
      {viewingNow && (
        <OrderDetailDialog key={viewingNow.id} order={viewingNow} onClose={() => setViewing(null)} />
      )}
      {linkingNow && (
        <LinkUserDialog key={linkingNow.id} order={linkingNow} onClose={() => setLinking(null)} />
      )}
      {shippingNow && (
        <FulfilDialog
          key={shippingNow.id}
          order={shippingNow}
          open
          onOpenChange={(open) => !open && setShipping(null)}
        />
      )}
    </div>
  );
}
