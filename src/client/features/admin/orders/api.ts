// Queries and calls of Order Management. Every order query key starts with /api/orders/admin, so one
// refresh by prefix reaches every page of the list and every open detail.
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { OrderStatus, PaymentStatus } from '~/shared/constants';
import type {
  AdminOrder,
  AdminOrderDetail,
  OrderDetailsUpdateInput,
  OrderStatusUpdateInput,
  PaymentStatusAnswer,
} from '~/shared/schemas/admin-orders';
import { apiGetPage, apiRequest } from '~/client/lib/api';

export const ADMIN_ORDERS_PATH = '/api/orders/admin';

export type OrderListParams = { page: number; limit: number; status: OrderStatus | 'all'; search: string };

function filterParams(status: OrderStatus | 'all', search: string): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (search) params.set('search', search);
  return params;
}

export function adminOrdersPath({ page, limit, status, search }: OrderListParams): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  for (const [k, v] of filterParams(status, search)) params.set(k, v);
  return `${ADMIN_ORDERS_PATH}?${params}`;
}

/** The CSV of every order matching the current filters (a plain download link: the session cookie goes along). */
export function exportCsvHref(status: OrderStatus | 'all', search: string): string {
  const params = filterParams(status, search).toString();
  return `/api/orders/export.csv${params ? `?${params}` : ''}`;
}

/** The list refreshes itself every 15 s, so new orders appear without reloading (spec section 9). */
export const ORDERS_REFETCH_MS = 15_000;

export const adminOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: [ADMIN_ORDERS_PATH, params],
    queryFn: ({ client }) => apiGetPage<AdminOrder>(client, adminOrdersPath(params)),
  });

export const adminOrderQueryOptions = (id: number) =>
  queryOptions<AdminOrderDetail>({ queryKey: [`${ADMIN_ORDERS_PATH}/${id}`], staleTime: 0 });

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
 * After a change: the order list and details, the dashboard's counts, the users' order counts, and
 * (a payment change moves stock) the product lists.
 */
export function refreshOrders(queryClient: QueryClient, options: { stock?: boolean } = {}) {
  const prefixes = [ADMIN_ORDERS_PATH, '/api/admin/dashboard', '/api/admin/users'];
  if (options.stock) prefixes.push('/api/products');
  return queryClient.invalidateQueries({ predicate: startsWith(prefixes) });
}
