// Queries and calls of User Management. Query keys start with the API path, so a refresh by prefix
// reaches every page of the list.
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type {
  AdminUser,
  AdminUserCreate,
  AdminUserUpdateInput,
  DeleteUserResult,
  UserSearchResult,
} from '~/shared/schemas/admin-users';
import type { CustomerGiftCards } from '~/shared/schemas/gift-cards';
import { apiGetPage, apiRequest } from '~/client/lib/api';
import type { StoreCreditAdjustSchema, StoreCreditSchema } from '~/shared/schemas/store-credit';
import type { z } from 'zod';

type StoreCredit = z.infer<typeof StoreCreditSchema>;
type StoreCreditAdjust = z.input<typeof StoreCreditAdjustSchema>;

export const ADMIN_USERS_PATH = '/api/admin/users';

export function adminUsersPath(page: number, limit: number, search: string): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (search) params.set('search', search);
  return `${ADMIN_USERS_PATH}?${params}`;
}

export const adminUsersQueryOptions = (page: number, limit: number, search: string) =>
  queryOptions({
    queryKey: [ADMIN_USERS_PATH, { page, limit, search }],
    queryFn: ({ client }) => apiGetPage<AdminUser>(client, adminUsersPath(page, limit, search)),
  });

export const createUser = (body: AdminUserCreate) => apiRequest<AdminUser>('POST', ADMIN_USERS_PATH, body);
export const updateUser = (id: number, body: AdminUserUpdateInput) =>
  apiRequest<AdminUser>('PUT', `${ADMIN_USERS_PATH}/${id}`, body);
export const deleteUser = (id: number) => apiRequest<DeleteUserResult>('DELETE', `${ADMIN_USERS_PATH}/${id}`);
export const searchUsersByEmail = (email: string) =>
  apiRequest<UserSearchResult[]>('GET', `/api/users/search?${new URLSearchParams({ email })}`);

/** After a change: the list, and the signed-in user when they edited their own account. */
export function refreshUsers(queryClient: QueryClient, options: { self?: boolean } = {}) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_PATH] }),
    options.self ? queryClient.invalidateQueries({ queryKey: ['/api/auth/me'] }) : undefined,
  ]);
}

/** A customer's store credit (docs/decisions/0530-store-credit-ledger.md). */
export const storeCreditQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [`${ADMIN_USERS_PATH}/${userId}/store-credit`],
    queryFn: ({ client }) =>
      apiRequest<StoreCredit>('GET', `${ADMIN_USERS_PATH}/${userId}/store-credit`, undefined, { client }),
  });
export const giftCardsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [`${ADMIN_USERS_PATH}/${userId}/gift-cards`],
    queryFn: ({ client }) =>
      apiRequest<CustomerGiftCards>('GET', `${ADMIN_USERS_PATH}/${userId}/gift-cards`, undefined, { client }),
  });
export const adjustStoreCredit = (userId: number, body: StoreCreditAdjust) =>
  apiRequest<StoreCredit>('POST', `${ADMIN_USERS_PATH}/${userId}/store-credit`, body);
