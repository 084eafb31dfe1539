// The till's calls (docs/decisions/0610-till-page.md), typed by the contract in src/shared/schemas/pos.ts.
import type { z } from 'zod';
import type {
  CloseSessionSchema,
  OpenSessionSchema,
  PosBasketSchema,
  PosCashMovementSchema,
  PosConflictsSchema,
  PosProductSchema,
  PosProductsSchema,
  PosRefund,
  PosReport,
  PosReturnable,
  PosSale,
  PosSaleRequest,
  PosSession,
  PosTotals,
  RegisterSchema,
  RegistersSchema,
} from '~/shared/schemas/pos';
import type { RefundLinesCreateInput } from '~/shared/schemas/admin-orders-dialog';
import { apiRequest } from '~/client/lib/api';

export type Registers = z.infer<typeof RegistersSchema>;
export type PosProduct = z.infer<typeof PosProductSchema>;
export type PosBasket = z.input<typeof PosBasketSchema>;
export type CloseSession = z.input<typeof CloseSessionSchema>;

export const listRegisters = () => apiRequest<Registers>('GET', '/api/pos/registers');
export const openSession = (body: z.input<typeof OpenSessionSchema>) =>
  apiRequest<PosSession>('POST', '/api/pos/sessions', body);
export const getSession = (id: number) => apiRequest<PosSession>('GET', `/api/pos/sessions/${id}`);
/** Every lot the code names: usually one; a UPC can name several lots. */
export const lookupCode = (code: string) =>
  apiRequest<z.infer<typeof PosProductsSchema>>('GET', `/api/pos/lookup?code=${encodeURIComponent(code)}`);
export const searchProducts = (q: string) =>
  apiRequest<z.infer<typeof PosProductsSchema>>('GET', `/api/pos/products?q=${encodeURIComponent(q)}`);
export const quote = (basket: PosBasket) => apiRequest<PosTotals>('POST', '/api/pos/quote', basket);
export const createSale = (sale: PosSaleRequest) => apiRequest<PosSale>('POST', '/api/pos/sales', sale);
export const getSale = (id: number) => apiRequest<PosSale>('GET', `/api/pos/sales/${id}`);
/** Administrators: the register's Square Terminal (its device id), or null to unpair. */
export const pairTerminal = (registerId: number, squareDeviceId: string | null) =>
  apiRequest<z.infer<typeof RegisterSchema>>('PUT', `/api/pos/registers/${registerId}/terminal`, {
    squareDeviceId,
  });
export const cancelSale = (id: number) => apiRequest<PosSale>('POST', `/api/pos/sales/${id}/cancel`);
export const emailReceipt = (id: number, email?: string) =>
  apiRequest<void>('POST', `/api/pos/sales/${id}/email-receipt`, email ? { email } : {});
export const cashMovement = (sessionId: number, body: z.input<typeof PosCashMovementSchema>) =>
  apiRequest<unknown>('POST', `/api/pos/sessions/${sessionId}/cash-movements`, body);
export const closeSession = (sessionId: number, body: CloseSession) =>
  apiRequest<PosReport>('POST', `/api/pos/sessions/${sessionId}/close`, body);
export const sessionReport = (sessionId: number) =>
  apiRequest<PosReport>('GET', `/api/pos/sessions/${sessionId}/report`);
/** Till sales the server could not complete as made offline (a lot sold online meanwhile), to resolve. */
export const listConflicts = () =>
  apiRequest<z.infer<typeof PosConflictsSchema>>('GET', '/api/pos/conflicts');

/** A request the network never answered (offline, DNS, reset): fetch throws a TypeError. */
export const isNetworkError = (error: unknown) => error instanceof TypeError;

/** Returns at the till (docs/decisions/0614-returns-at-the-till.md). */
export const findReturnable = (reference: string) =>
  apiRequest<PosReturnable>('GET', `/api/pos/returns/${encodeURIComponent(reference.trim())}`);
export const refundAtTill = (sessionId: number, reference: string, body: RefundLinesCreateInput) =>
  apiRequest<PosRefund>(
    'POST',
    `/api/pos/sessions/${sessionId}/returns/${encodeURIComponent(reference)}`,
    body,
  );
