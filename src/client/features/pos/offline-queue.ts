// Cash sales made while the server cannot be reached (docs/decisions/0611-till-offline-queue.md): kept in
// IndexedDB through idb-keyval under their clientSaleId, with their lots, shown as pending, and sent
// again when the network returns. The server records a clientSaleId once, so a retry never sells twice;
// a lot sold online meanwhile comes back as a 'conflict' sale, which the till reports to staff.
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { PosSale, PosSaleRequest } from '~/shared/schemas/pos';
import { ApiError } from '~/client/lib/api';
import { createSale, isNetworkError } from './api';

export type QueuedSale = {
  request: PosSaleRequest;
  /** The lots' names, for the pending list while the server cannot say. */
  names: string[];
  total: string;
  /** Why the server refused it (a lot gone, a 4xx), when it did: shown to staff to resolve. */
  problem?: string;
};

/** Where the queue is kept; IndexedDB in the browser, a Map in component tests. */
export type QueueStorage = {
  put(id: string, sale: QueuedSale): Promise<void>;
  remove(id: string): Promise<void>;
  all(): Promise<QueuedSale[]>;
};

let idbStore: UseStore | undefined;
export function indexedDbStorage(): QueueStorage {
  idbStore ??= createStore('liquidation-till', 'pending-sales');
  const store = idbStore;
  return {
    put: (id, sale) => set(id, sale, store),
    remove: (id) => del(id, store),
    all: async () => (await entries<string, QueuedSale>(store)).map(([, sale]) => sale),
  };
}

export function memoryStorage(): QueueStorage {
  const map = new Map<string, QueuedSale>();
  return {
    put: async (id, sale) => void map.set(id, structuredClone(sale)),
    remove: async (id) => void map.delete(id),
    all: async () => [...map.values()],
  };
}

export type SyncResult = {
  sent: PosSale[];
  conflicts: PosSale[];
  refused: QueuedSale[];
  stillOffline: number;
};

/**
 * Sends every queued sale, oldest first. A sale the server took (completed or conflict) leaves the queue;
 * one it refused stays with its problem for staff; the first network failure stops the round.
 */
export async function syncQueue(storage: QueueStorage): Promise<SyncResult> {
  const queued = (await storage.all()).sort((a, b) =>
    (a.request.offlineAt ?? '').localeCompare(b.request.offlineAt ?? ''),
  );
  const result: SyncResult = { sent: [], conflicts: [], refused: [], stillOffline: 0 };
  for (const [index, item] of queued.entries()) {
    try {
      const sale = await createSale(item.request);
      await storage.remove(item.request.clientSaleId);
      if (sale.status === 'conflict') result.conflicts.push(sale);
      else result.sent.push(sale);
    } catch (error) {
      if (isNetworkError(error) || (error instanceof ApiError && error.status >= 500)) {
        result.stillOffline = queued.length - index;
        break;
      }
      const problem = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
      const refused = { ...item, problem };
      await storage.put(item.request.clientSaleId, refused);
      result.refused.push(refused);
    }
  }
  return result;
}
