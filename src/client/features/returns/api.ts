// The shopper's return calls: the request (multipart, with photos) and the store's windows.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReturnCreate, ReturnPolicySchema, ShopperReturnSchema } from '~/shared/schemas/returns';
import { apiRequest } from '~/client/lib/api';

type ShopperReturn = z.infer<typeof ShopperReturnSchema>;

/** POST /api/orders/{reference}/returns; `email` is a guest's proof (the look-up's e-mail). */
export function requestReturn(
  reference: string,
  input: ReturnCreate,
  photos: File[],
  email: string | null,
): Promise<ShopperReturn> {
  const form = new FormData();
  form.append('lines', JSON.stringify(input.lines));
  form.append('reason', input.reason);
  form.append('comment', input.comment);
  if (email) form.append('email', email);
  for (const photo of photos) form.append('photos', photo);
  return apiRequest<ShopperReturn>('POST', `/api/orders/${encodeURIComponent(reference)}/returns`, form);
}

export const returnPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/returns/policy'],
    queryFn: () => apiRequest<z.infer<typeof ReturnPolicySchema>>('GET', '/api/returns/policy'),
    staleTime: 60_000,
  });
