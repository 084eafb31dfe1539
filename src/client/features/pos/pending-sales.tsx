// The offline queue on screen (docs/decisions/0611-till-offline-queue.md): sales kept on this device,
// sent when the browser says it is online again and every 30 s meanwhile, and the sales staff must
// resolve: a lot sold online meanwhile (conflict) or a sale the server refused.
import { useCallback, useEffect, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { useLocale, useT } from '~/client/lib/i18n';
import { formatMoney } from '~/shared/money';
import { listConflicts } from './api';
import { type QueuedSale, type QueueStorage, syncQueue } from './offline-queue';
import { POS } from './pos.messages';

export const RETRY_MS = 30_000;

type Conflict = { id: number; reference: string };
const mergeById = (a: Conflict[], b: Conflict[]) => [
  ...a,
  ...b.filter((sale) => !a.some((known) => known.id === sale.id)),
];

/** The queue's state, synced on the online event and on a timer while anything waits. */
export function usePendingSales(storage: QueueStorage) {
  const [queued, setQueued] = useState<QueuedSale[]>([]);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const [syncing, setSyncing] = useState(false);
  const refresh = useCallback(async () => setQueued(await storage.all()), [storage]);
  const sync = useCallback(async () => {
    setSyncing(true);
    try {
      const result = await syncQueue(storage);
      if (result.conflicts.length)
        setConflicts((c) =>
          mergeById(
            c,
            result.conflicts.map(({ id, reference }) => ({ id, reference })),
          ),
        );
    } finally {
      setSyncing(false);
      await refresh();
    }
  }, [storage, refresh]);

  useEffect(() => {
    // The conflicts the server still holds for staff, from this device or another.
    listConflicts()
      .then((answer) =>
        setConflicts((c) =>
          mergeById(
            c,
            answer.sales.map((x) => ({ id: x.id, reference: x.reference })),
          ),
        ),
      )
      .catch(() => undefined);
    void refresh().then(() => sync());
    const online = () => void sync();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [refresh, sync]);

  const waiting = queued.some((q) => !q.problem);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void sync(), RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, sync]);

  return { queued, conflicts, syncing, sync, refresh };
}
export type PendingSalesState = ReturnType<typeof usePendingSales>;

export function PendingSales({ state }: { state: PendingSalesState }) {
  const t = useT(POS);
  const locale = useLocale();
  const waiting = state.queued.filter((q) => !q.problem);
  const refused = state.queued.filter((q) => q.problem);
  if (!waiting.length && !refused.length && !state.conflicts.length) return null;
  return (
    <section
      className="grid gap-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm"
      aria-live="polite"
    >
      {waiting.length > 0 && (
        <div data-testid="pending-sales">
          <div className="flex items-center justify-between gap-2">
            <h2 className="font-semibold">{t('pending', { count: waiting.length })}</h2>
            <Button size="sm" variant="outline" pending={state.syncing} onClick={() => void state.sync()}>
              {t('syncNow')}
            </Button>
          </div>
          <p className="text-slate-700">{t('pendingHint')}</p>
          <ul>
            {waiting.map((q) => (
              <li key={q.request.clientSaleId}>
                {q.names.join(', ')} · {formatMoney(q.total, locale)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {(refused.length > 0 || state.conflicts.length > 0) && (
        <div role="alert" data-testid="sale-conflicts">
          <h2 className="font-semibold text-red-800">{t('conflicts')}</h2>
          <ul>
            {state.conflicts.map((sale) => (
              <li key={sale.id}>{t('conflictLine', { reference: sale.reference })}</li>
            ))}
            {refused.map((q) => (
              <li key={q.request.clientSaleId}>
                {t('refusedLine', { names: q.names.join(', '), problem: q.problem })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
