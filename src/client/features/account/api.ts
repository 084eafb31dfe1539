import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AccountOrder,
  ChangePassword,
  DeleteAccount,
  Preferences,
  ProfileUpdate,
} from '~/shared/schemas/account';
import type { SavedSearch, Watch } from '~/shared/schemas/alerts';
import type { User } from '~/shared/schemas/auth';
import type { MarketingState } from '~/shared/schemas/newsletter';
import { apiRequest } from '~/client/lib/api';
import type { StoreCreditSchema } from '~/shared/schemas/store-credit';
import type { z } from 'zod';

type StoreCredit = z.infer<typeof StoreCreditSchema>;
import { meQueryOptions, signedOut } from '~/client/features/auth';

export const MY_ORDERS_PATH = '/api/orders/my-orders';
/** The order history refreshes itself every 15 s and when the window regains focus (section 7). */
export const ORDERS_REFETCH_MS = 15_000;

export const myOrdersQueryOptions = () =>
  queryOptions({
    queryKey: [MY_ORDERS_PATH],
    queryFn: async ({ client }) => {
      try {
        return await apiRequest<AccountOrder[]>('GET', MY_ORDERS_PATH, undefined, { client });
      } catch (cause) {
        throw new Error('Failed to fetch orders', { cause });
      }
    },
  });

export async function updateProfile(queryClient: QueryClient, input: ProfileUpdate): Promise<User> {
  const user = await apiRequest<User>('PATCH', '/api/auth/update-profile', input);
  queryClient.setQueryData(meQueryOptions().queryKey, user);
  return user;
}

export async function updatePreferences(queryClient: QueryClient, input: Preferences): Promise<User> {
  const user = await apiRequest<User>('PATCH', '/api/auth/preferences', input);
  queryClient.setQueryData(meQueryOptions().queryKey, user);
  return user;
}

export async function changePassword(input: ChangePassword): Promise<void> {
  await apiRequest('POST', '/api/auth/change-password', input);
}

/** Deletes the account; the caller leaves the page first, then the session is forgotten here. */
export async function deleteAccount(input: DeleteAccount): Promise<void> {
  await apiRequest('DELETE', '/api/account', input);
}

export function forgetSession(queryClient: QueryClient) {
  signedOut(queryClient);
}

export const MARKETING_PATH = '/api/account/marketing';
export const marketingQueryOptions = () =>
  queryOptions({
    queryKey: [MARKETING_PATH],
    queryFn: ({ client }) => apiRequest<MarketingState>('GET', MARKETING_PATH, undefined, { client }),
  });

/** Gives (with the wording shown) or withdraws marketing consent; the server records either. */
export async function setMarketing(queryClient: QueryClient, subscribed: boolean): Promise<MarketingState> {
  const state = await apiRequest<MarketingState>('PUT', MARKETING_PATH, { subscribed });
  queryClient.setQueryData(marketingQueryOptions().queryKey, state);
  return state;
}
export const STORE_CREDIT_PATH = '/api/account/store-credit';
export const storeCreditQueryOptions = () =>
  queryOptions({
    queryKey: [STORE_CREDIT_PATH],
    queryFn: ({ client }) => apiRequest<StoreCredit>('GET', STORE_CREDIT_PATH, undefined, { client }),
  });

type AlertKind = 'saved-searches' | 'watches';
type AlertRows<K extends AlertKind> = K extends 'saved-searches' ? SavedSearch[] : Watch[];

/** The account's saved searches or price watches (the catalogue's buttons invalidate the same keys). */
export const alertsQueryOptions = <K extends AlertKind>(kind: K) =>
  queryOptions({
    queryKey: [`/api/account/${kind}`],
    queryFn: ({ client }) => apiRequest<AlertRows<K>>('GET', `/api/account/${kind}`, undefined, { client }),
  });

export async function deleteAlert(queryClient: QueryClient, kind: AlertKind, id: number): Promise<void> {
  await apiRequest('DELETE', `/api/account/${kind}/${id}`);
  await queryClient.invalidateQueries({ queryKey: [`/api/account/${kind}`] });
}
