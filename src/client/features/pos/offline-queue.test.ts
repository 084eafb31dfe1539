// The offline queue: cash sales kept while the network is down, sent once when it returns, conflicts
// and refusals kept apart for staff. The network is the fake API (fetch stubbed); a thrown TypeError is
// how fetch reports no network.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PosSaleRequest } from '~/shared/schemas/pos';
import { memoryStorage, syncQueue } from './offline-queue';

const request = (id: string, offlineAt: string): PosSaleRequest => ({
  sessionId: 7,
  clientSaleId: id,
  lines: [{ productId: 3, quantity: 1 }],
  tenders: [{ kind: 'cash', tendered: '20.00' }],
  cardAmount: '0.00',
  receiptLanguage: 'en',
  offlineAt,
});
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const sale = (status: string, reference: string) => ({ id: 1, reference, status });

afterEach(() => vi.unstubAllGlobals());

describe('offline queue', () => {
  it('keeps sales while offline and sends them oldest first when the network returns', async () => {
    const storage = memoryStorage();
    await storage.put(B, { request: request(B, '2026-11-28T10:05:00.000Z'), names: ['Lamp'], total: '5.00' });
    await storage.put(A, {
      request: request(A, '2026-11-28T10:00:00.000Z'),
      names: ['Drill'],
      total: '10.00',
    });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline = await syncQueue(storage);
    expect(offline.stillOffline).toBe(2);
    expect(await storage.all()).toHaveLength(2);

    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as PosSaleRequest;
        sent.push(body.clientSaleId);
        return new Response(JSON.stringify(sale('completed', `R-${sent.length}`)), { status: 200 });
      }),
    );
    const online = await syncQueue(storage);
    expect(sent).toEqual([A, B]);
    expect(online.sent.map((s) => s.reference)).toEqual(['R-1', 'R-2']);
    expect(await storage.all()).toEqual([]);
  });

  it('reports a lot sold online meanwhile as a conflict and keeps a refused sale with its reason', async () => {
    const storage = memoryStorage();
    await storage.put(A, {
      request: request(A, '2026-11-28T10:00:00.000Z'),
      names: ['Drill'],
      total: '10.00',
    });
    await storage.put(B, { request: request(B, '2026-11-28T10:05:00.000Z'), names: ['Lamp'], total: '5.00' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as PosSaleRequest;
        return body.clientSaleId === A
          ? new Response(JSON.stringify(sale('conflict', 'R-9')), { status: 200 })
          : new Response(JSON.stringify({ message: 'The session is closed' }), { status: 409 });
      }),
    );
    const result = await syncQueue(storage);
    expect(result.conflicts.map((s) => s.reference)).toEqual(['R-9']);
    expect(result.refused.map((s) => s.problem)).toEqual(['The session is closed']);
    const left = await storage.all();
    expect(left.map((s) => s.request.clientSaleId)).toEqual([B]);
    expect(left[0]!.problem).toBe('The session is closed');
  });

  it('keeps a sale for the next round when the server answers 503', async () => {
    const storage = memoryStorage();
    await storage.put(A, {
      request: request(A, '2026-11-28T10:00:00.000Z'),
      names: ['Drill'],
      total: '10.00',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    const result = await syncQueue(storage);
    expect(result.stillOffline).toBe(1);
    expect((await storage.all())[0]!.problem).toBeUndefined();
  });
});
