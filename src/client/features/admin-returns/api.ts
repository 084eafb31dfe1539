// The Returns tab's calls (docs/decisions/0540-return-requests.md).
import type { z } from 'zod';
import type { Return, ReturnListQuery, ReturnListSchema } from '~/shared/schemas/returns';
import { apiRequest } from '~/client/lib/api';

export type ReturnList = z.infer<typeof ReturnListSchema>;

export function listReturns(query: ReturnListQuery): Promise<ReturnList> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const text = params.toString();
  return apiRequest<ReturnList>('GET', `/api/admin/returns${text ? `?${text}` : ''}`);
}

export const getReturn = (id: number) => apiRequest<Return>('GET', `/api/admin/returns/${id}`);

/** One step of a return (decision, instructions, receive, restock, refund, close): the return as it now is. */
export const returnStep = (id: number, step: string, body: unknown) =>
  apiRequest<Return>('POST', `/api/admin/returns/${id}/${step}`, body);
