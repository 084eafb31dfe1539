// Order Management (/admin/orders): a paged, sortable table (Order #, Date, Customer, Total, Status,
// Payment, User, Actions) with filters (view, status, payment status, dates) and a search by order
// number, reference, name or e-mail, all kept in the page's address (docs/decisions/0221-admin-orders-list-query.md);
// unpaid checkouts in a view of their own (docs/decisions/0220-unpaid-checkouts.md); quick actions for
// pending and processing orders; a status for several selected orders at once; the detail and
// 'Link User' dialogs; and the CSV export of the current filter.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SetStateAction, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES } from '~/shared/constants';
import { formatMoney } from '~/shared/money';
import { orderStatusLabel, paymentStatusLabel } from '~/shared/orders';
import {
  ADMIN_ORDERS_PAGE_SIZES,
  type AdminOrder,
  type AdminOrdersQuery,
  adminOrdersSearchParams,
  type BulkOrderStatusAnswer,
  DEFAULT_SORT_DIRECTION,
  ORDER_VIEW_LABELS,
  ORDER_VIEWS,
  type OrderSort,
  type OrderView,
  quickActionFor,
  readAdminOrdersQuery,
} from '~/shared/schemas/admin-orders';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { inputClasses } from '~/client/components/ui/form-fields';
import { Pager } from '~/client/components/ui/pager';
import { StatusBadge } from '~/client/components/ui/status-badge';
import { DataTable, type TableSort } from '~/client/components/ui/table';
import { useSearchBox } from '~/client/components/ui/use-search-box';
import {
  adminOrderQueryOptions,
  adminOrdersQueryOptions,
  bulkSetOrderStatus,
  exportCsvHref,
  ORDERS_REFETCH_MS,
  refreshOrders,
  setOrderStatus,
} from './api';
import { EmailsPanel } from './emails-panel';
import { OrdersActions, usePermissions } from './orders-actions';
import { LinkUserDialog } from './link-user-dialog';
import { OrderDetailDialog } from './order-detail-dialog';
import { formatDateTime, RefundFlag } from './order-bits';

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

/** '#12: Order not found.; #40: ...' for the orders a bulk change left as they were. */
function failuresText(answer: BulkOrderStatusAnswer): string {
  return answer.results
    .filter((r) => !r.ok)
    .map((r) => `#${r.id}: ${'message' in r ? r.message : ''}`)
    .join(' ');
}

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

export default function OrdersTab() {
  const queryClient = useQueryClient();
  const { query, update } = useOrdersQuery();
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [linking, setLinking] = useState<AdminOrder | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<OrderStatus>('shipped');
  // The outbox loads only when asked for: most visits are about orders.
  const [showEmails, setShowEmails] = useState(false);
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
  const filtered = Boolean(
    query.search || query.status || query.paymentStatus || query.from || query.to || query.view !== 'orders',
  );

  // What is selected is what the page shows: another page or filter starts with nothing selected.
  const listKey = adminOrdersSearchParams({ ...query }).toString();
  const [selectionKey, setSelectionKey] = useState(listKey);
  if (selectionKey !== listKey) {
    setSelectionKey(listKey);
    setSelected(new Set());
  }
  const onPage = items.map((o) => o.id);
  const selectedOnPage = onPage.filter((id) => selected.has(id));
  const allSelected = onPage.length > 0 && selectedOnPage.length === onPage.length;
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

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

  const quick = useMutation({
    mutationFn: (p: { order: AdminOrder; to: OrderStatus }) => setOrderStatus(p.order.id, { status: p.to }),
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

  const bulk = useMutation({
    mutationFn: (p: { ids: number[]; status: OrderStatus }) => bulkSetOrderStatus(p),
    onSuccess: async (answer) => {
      const done = answer.results.filter((r) => r.ok).map((r) => r.id);
      // Orders that did not change stay selected, to look at or try again.
      setSelected((s) => new Set([...s].filter((id) => !done.includes(id))));
      const changed = `${answer.updated} ${answer.updated === 1 ? 'order is' : 'orders are'} now ${orderStatusLabel(answer.status)}.`;
      // One toast at a time (the kit's limit): a partial success says both what changed and what did not.
      if (answer.failed === 0) {
        toast({ title: 'Order statuses updated', description: changed });
      } else {
        toast({
          title: `${answer.failed} ${answer.failed === 1 ? 'order was' : 'orders were'} not changed`,
          description: `${answer.updated > 0 ? `${changed} ` : ''}${failuresText(answer)}`,
          variant: 'destructive',
        });
      }
      await refreshOrders(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Failed to update order status',
        description: (error instanceof ApiError && error.serverMessage) || undefined,
        variant: 'destructive',
      }),
  });

  // The dialogs follow the list: after a refresh they show the order as it is now.
  const current = (o: AdminOrder | null) => (o ? (items.find((i) => i.id === o.id) ?? o) : null);
  const viewingNow = current(viewing);
  const linkingNow = current(linking);

  const bulkIds = [...selected];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Order Management</h2>
        <OrdersActions
          showEmails={showEmails}
          onToggleEmails={() => setShowEmails((v) => !v)}
          exportHref={exportCsvHref(query)}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64 sm:max-w-md">
          <label htmlFor="admin-order-search" className="sr-only">
            Search orders by order number, reference, name or email
          </label>
          <input
            id="admin-order-search"
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search by order #, reference, name or email..."
            className={inputClasses()}
          />
        </div>
        <div>
          <label htmlFor="admin-order-view" className="sr-only">
            Show
          </label>
          <select
            id="admin-order-view"
            value={query.view}
            onChange={(e) => update({ view: e.target.value as OrderView })}
            className={inputClasses()}
          >
            {ORDER_VIEWS.map((v) => (
              <option key={v} value={v}>
                {ORDER_VIEW_LABELS[v]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="admin-order-status-filter" className="sr-only">
            Filter by status
          </label>
          <select
            id="admin-order-status-filter"
            value={query.status ?? 'all'}
            onChange={(e) =>
              update({ status: e.target.value === 'all' ? undefined : (e.target.value as OrderStatus) })
            }
            className={inputClasses()}
          >
            <option value="all">All Statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="admin-order-payment-filter" className="sr-only">
            Filter by payment status
          </label>
          <select
            id="admin-order-payment-filter"
            value={query.paymentStatus ?? 'all'}
            onChange={(e) =>
              update({
                paymentStatus:
                  e.target.value === 'all'
                    ? undefined
                    : (e.target.value as AdminOrdersQuery['paymentStatus']),
              })
            }
            className={inputClasses()}
          >
            <option value="all">All Payments</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {paymentStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1 text-sm">
          <label htmlFor="admin-order-from">From</label>
          <input
            id="admin-order-from"
            type="date"
            value={query.from ?? ''}
            max={query.to}
            onChange={(e) => update({ from: e.target.value || undefined })}
            className={inputClasses()}
          />
        </div>
        <div className="grid gap-1 text-sm">
          <label htmlFor="admin-order-to">To</label>
          <input
            id="admin-order-to"
            type="date"
            value={query.to ?? ''}
            min={query.from}
            onChange={(e) => update({ to: e.target.value || undefined })}
            className={inputClasses()}
          />
        </div>
        {filtered && (
          <Button
            variant="ghost"
            onClick={() =>
              update({
                view: 'orders',
                status: undefined,
                paymentStatus: undefined,
                from: undefined,
                to: undefined,
                search: undefined,
              })
            }
          >
            Clear filters
          </Button>
        )}
      </div>
      {query.view === 'unpaid' && (
        <p className="text-sm text-slate-600">
          Checkouts that were never paid: the payment failed, or the shopper left before paying and the items
          went back on sale. They are not counted as pending orders.
        </p>
      )}
      {selected.size > 0 && (
        <section
          aria-label="Selected orders"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
        >
          <span data-testid="admin-orders-selected">
            {selected.size} {selected.size === 1 ? 'order' : 'orders'} selected
          </span>
          <label htmlFor="admin-orders-bulk-status" className="sr-only">
            New status for the selected orders
          </label>
          <select
            id="admin-orders-bulk-status"
            value={bulkStatus}
            onChange={(e) => setBulkStatus(e.target.value as OrderStatus)}
            className={inputClasses()}
          >
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            pending={bulk.isPending}
            pendingLabel="Updating..."
            onClick={() => bulk.mutate({ ids: bulkIds, status: bulkStatus })}
          >
            Set status
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </section>
      )}
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
              checked={allSelected}
              disabled={onPage.length === 0}
              onChange={(e) =>
                setSelected((s) => {
                  const next = new Set(s);
                  for (const id of onPage) {
                    if (e.target.checked) next.add(id);
                    else next.delete(id);
                  }
                  return next;
                })
              }
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
        {items.map((o) => {
          const action = o.unpaidCheckout ? null : quickActionFor(o.status);
          const busy = quick.isPending && quick.variables?.order.id === o.id;
          return (
            <tr key={o.id} className="border-t border-slate-100 align-top" data-testid="admin-order-row">
              <td className="px-3 py-2">
                <input
                  type="checkbox"
                  aria-label={`Select order #${o.id}`}
                  className="size-5"
                  checked={selected.has(o.id)}
                  onChange={(e) => toggle(o.id, e.target.checked)}
                />
              </td>
              <td className="px-3 py-2">
                <div className="font-medium">#{o.id}</div>
                <div className="text-xs text-slate-500">{o.orderReference}</div>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(o.createdAt)}</td>
              <td className="px-3 py-2">
                <div className="font-medium">{o.customerName}</div>
                <div className="text-xs break-all text-slate-500">{o.customerEmail}</div>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatMoney(o.total)}</td>
              <td className="px-3 py-2">
                <StatusBadge status={o.status} kind="order" data-testid="admin-order-status" />
              </td>
              <td className="px-3 py-2">
                <StatusBadge status={o.paymentStatus} kind="payment" data-testid="admin-payment-status" />{' '}
                <RefundFlag status={o.refundStatus} />
                {o.unpaidCheckout && (
                  <div className="mt-1 text-xs text-slate-600" data-testid="unpaid-checkout-flag">
                    Unpaid checkout
                  </div>
                )}
              </td>
              <td className="px-3 py-2">
                {o.user ? (
                  <div>
                    <div className="font-medium">{o.user.username}</div>
                    <div className="text-xs break-all text-slate-500">{o.user.email}</div>
                  </div>
                ) : (
                  <span className="text-slate-500">Guest</span>
                )}
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap justify-end gap-1">
                  {action && (
                    <Button
                      size="sm"
                      pending={busy}
                      pendingLabel="Updating..."
                      aria-label={`${action.label}: order #${o.id}`}
                      onClick={() => quick.mutate({ order: o, to: action.to })}
                    >
                      {action.label}
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`View order #${o.id}`}
                    onClick={() => setViewing(o)}
                  >
                    View
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Link user to order #${o.id}`}
                    onClick={() => setLinking(o)}
                  >
                    Link User
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
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
      {showEmails && may.readEmails && <EmailsPanel />}
    </div>
  );
}
