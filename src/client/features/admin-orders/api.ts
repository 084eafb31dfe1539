// Queries and calls of Order Management. Every order query key starts with /api/orders/admin, so one
// refresh by prefix reaches every page of the list and every open detail.
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { PaymentStatus } from '~/shared/constants';
import {
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrdersQuery,
  adminOrdersSearchParams,
  type BulkOrderStatusAnswer,
  type BulkOrderStatusInput,
  type BulkShipAnswer,
  type OrderDetailsUpdateInput,
  type OrderStatusUpdateInput,
  type PaymentStatusAnswer,
} from '~/shared/schemas/admin-orders';
import type {
  CreditNote,
  RefundCreateInput,
  RefundLinesCreateInput,
} from '~/shared/schemas/admin-orders-dialog';
import { apiGetPage, apiRequest } from '~/client/lib/api';

export const ADMIN_ORDERS_PATH = '/api/orders/admin';

/** The API's address of a page of the list: the same parameters as the admin page's address. */
export function adminOrdersPath(query: AdminOrdersQuery): string {
  const params = adminOrdersSearchParams(query).toString();
  return params ? `${ADMIN_ORDERS_PATH}?${params}` : ADMIN_ORDERS_PATH;
}

/** The CSV of every order matching the current filters (a plain download link: the session cookie goes along). */
export function exportCsvHref(query: AdminOrdersQuery): string {
  const { view, status, paymentStatus, from, to, search } = query;
  const params = adminOrdersSearchParams({ view, status, paymentStatus, from, to, search }).toString();
  return `/api/orders/export.csv${params ? `?${params}` : ''}`;
}

/** The list refreshes itself every 15 s, so new orders appear without reloading (spec section 9). */
export const ORDERS_REFETCH_MS = 15_000;

export const adminOrdersQueryOptions = (query: AdminOrdersQuery) =>
  queryOptions({
    queryKey: [ADMIN_ORDERS_PATH, query],
    queryFn: ({ client }) => apiGetPage<AdminOrder>(client, adminOrdersPath(query)),
  });

export const adminOrderQueryOptions = (id: number) =>
  queryOptions<AdminOrderDetail>({ queryKey: [`${ADMIN_ORDERS_PATH}/${id}`], staleTime: 0 });

export const bulkSetOrderStatus = (body: BulkOrderStatusInput) =>
  apiRequest<BulkOrderStatusAnswer>('POST', '/api/orders/bulk-status', body);
/** Ships the orders a CSV of tracking numbers names, each with its own number. */
export function bulkShipFromCsv(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<BulkShipAnswer>('POST', '/api/orders/bulk-ship', form);
}
export const setOrderStatus = (id: number, body: OrderStatusUpdateInput) =>
  apiRequest<AdminOrderDetail>('PATCH', `/api/orders/${id}/status`, body);
export const updateOrderDetails = (id: number, body: OrderDetailsUpdateInput) =>
  apiRequest<AdminOrderDetail>('PATCH', `/api/orders/${id}`, body);
export const setPaymentStatus = (id: number, paymentStatus: PaymentStatus) =>
  apiRequest<PaymentStatusAnswer>('PATCH', `/api/orders/${id}/payment-status`, { paymentStatus });
export const associateOrder = (id: number, userId: number) =>
  apiRequest<AdminOrderDetail>('POST', `/api/orders/${id}/associate`, { userId });

const startsWith = (prefixes: string[]) => (query: { queryKey: readonly unknown[] }) =>
  typeof query.queryKey[0] === 'string' && prefixes.some((p) => (query.queryKey[0] as string).startsWith(p));

/**
 * After a change: the order list and details, the dashboard's counts, the users' order counts, the
 * e-mail outbox (a change may have queued the customer's e-mail), and (a payment change moves stock)
 * the product lists.
 */
export function refreshOrders(queryClient: QueryClient, options: { stock?: boolean } = {}) {
  const prefixes = [ADMIN_ORDERS_PATH, '/api/admin/dashboard', '/api/admin/users', '/api/admin/emails'];
  if (options.stock) prefixes.push('/api/products');
  return queryClient.invalidateQueries({ predicate: startsWith(prefixes) });
}

export const addOrderNote = (id: number, text: string) =>
  apiRequest<AdminOrderDetail>('POST', `/api/orders/${id}/notes`, { text });
export const refundOrder = (id: number, body: RefundCreateInput) =>
  apiRequest<AdminOrderDetail & { refund: CreditNote | null }>('POST', `/api/orders/${id}/refunds`, body);
/** What a refund by line would give back, worked out by the server; nothing is refunded. */
export const previewRefund = (id: number, body: RefundLinesCreateInput) =>
  apiRequest<CreditNote>('POST', `/api/orders/${id}/refunds/preview`, body);
/** A refund by line's printable credit note (docs/decisions/0510-refunds-by-line.md). */
export const creditNoteHref = (orderId: number, refundId: number) =>
  `/api/orders/${orderId}/refunds/${refundId}/credit-note`;
/** The printable packing slip, a page of its own (docs/decisions/0232-packing-slip-page.md). */
export const packingSlipHref = (id: number) => `/api/orders/${id}/packing-slip`;
/** The packing slips of several orders in one printable page, a sheet each (docs/decisions/0465-bulk-packing-slips.md). */
export const packingSlipsHref = (ids: readonly number[]) => `/api/orders/packing-slips?ids=${ids.join(',')}`;
