// Order Management (/admin/orders): a paged table (Order #, Date, Customer, Total, Status, Payment,
// User, Actions) with a status filter and a search by order number, reference, name or e-mail, so it
// stays usable with tens of thousands of orders; quick actions for pending and processing orders; the
// detail and 'Link User' dialogs; and the CSV export of the current filter.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '~/shared/constants';
import { formatMoney } from '~/shared/money';
import { orderStatusLabel } from '~/shared/orders';
import { ADMIN_ORDERS_PAGE_SIZE, type AdminOrder, quickActionFor } from '~/shared/schemas/admin-orders';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { inputClasses } from '~/client/components/ui/form-fields';
import { Pager } from '~/client/components/ui/pager';
import { StatusBadge } from '~/client/components/ui/status-badge';
import { DataTable } from '~/client/components/ui/table';
import {
  adminOrderQueryOptions,
  adminOrdersQueryOptions,
  exportCsvHref,
  ORDERS_REFETCH_MS,
  refreshOrders,
  setOrderStatus,
} from './api';
import { LinkUserDialog } from './link-user-dialog';
import { OrderDetailDialog } from './order-detail-dialog';
import { formatDateTime, RefundFlag } from './order-bits';

const COLUMNS = ['Order #', 'Date', 'Customer', 'Total', 'Status', 'Payment', 'User', 'Actions'];

export default function OrdersTab() {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [linking, setLinking] = useState<AdminOrder | null>(null);

  // Searching waits for a pause in typing, and starts again at page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const list = useQuery({
    ...adminOrdersQueryOptions({ page, limit: ADMIN_ORDERS_PAGE_SIZE, status, search }),
    placeholderData: keepPreviousData,
    refetchInterval: ORDERS_REFETCH_MS,
  });
  const items = list.data?.items ?? [];

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

  // The dialogs follow the list: after a refresh they show the order as it is now.
  const current = (o: AdminOrder | null) => (o ? (items.find((i) => i.id === o.id) ?? o) : null);
  const viewingNow = current(viewing);
  const linkingNow = current(linking);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Order Management</h2>
        <a href={exportCsvHref(status, search)} download className={buttonClasses('outline')}>
          Export CSV
        </a>
      </div>
      <div className="flex flex-wrap gap-3">
        <div className="min-w-0 flex-1 sm:max-w-md">
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
          <label htmlFor="admin-order-status-filter" className="sr-only">
            Filter by status
          </label>
          <select
            id="admin-order-status-filter"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as OrderStatus | 'all');
              setPage(1);
            }}
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
      </div>
      <DataTable
        columns={COLUMNS}
        minWidthClassName="min-w-[960px]"
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
        emptyText={search || status !== 'all' ? 'No orders match these filters.' : 'No orders yet.'}
      >
        {items.map((o) => {
          const action = quickActionFor(o.status);
          const busy = quick.isPending && quick.variables?.order.id === o.id;
          return (
            <tr key={o.id} className="border-t border-slate-100 align-top" data-testid="admin-order-row">
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
        page={page}
        pageSize={ADMIN_ORDERS_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onPageChange={setPage}
        noun="orders"
      />
      {viewingNow && (
        <OrderDetailDialog key={viewingNow.id} order={viewingNow} onClose={() => setViewing(null)} />
      )}
      {linkingNow && (
        <LinkUserDialog key={linkingNow.id} order={linkingNow} onClose={() => setLinking(null)} />
      )}
    </div>
  );
}
