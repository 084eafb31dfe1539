// Sending a sale (docs/decisions/0610-till-page.md, 0611-till-offline-queue.md). One clientSaleId per sale,
// kept across retries so the server records it once. A card part waits on the Square Terminal: the sale
// comes back 'awaiting_card' and is followed (GET /api/pos/sales/{id}) until completed or cancelled. A
// cash-only sale the network cannot carry goes to the offline queue; a card sale waits for the network.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '~/shared/i18n/locales';
import { centsToString } from '~/shared/money';
import type { PosSale, PosSaleRequest } from '~/shared/schemas/pos';
import { ApiError } from '~/client/lib/api';
import { cancelSale, createSale, getSale, isNetworkError, type PosBasket } from './api';
import type { QueueStorage } from './offline-queue';
import type { TenderDraft } from './tender-math';

export const CARD_POLL_MS = 2000;

export function saleRequest(
  basket: PosBasket,
  drafts: readonly TenderDraft[],
  clientSaleId: string,
  receiptLanguage: Locale,
): PosSaleRequest {
  const card = drafts.reduce((sum, d) => sum + (d.kind === 'card' ? d.amount : 0), 0);
  const tenders: PosSaleRequest['tenders'] = [];
  for (const d of drafts) {
    if (d.kind === 'cash') tenders.push({ kind: 'cash', tendered: centsToString(d.tendered) });
    if (d.kind === 'gift_card')
      tenders.push({ kind: 'gift_card', code: d.code, amount: centsToString(d.amount) });
    if (d.kind === 'store_credit') tenders.push({ kind: 'store_credit', amount: centsToString(d.amount) });
  }
  return {
    ...basket,
    clientSaleId,
    tenders,
    cardAmount: centsToString(card),
    receiptLanguage,
  } as PosSaleRequest;
}

export type Outcome =
  | { kind: 'sale'; sale: PosSale }
  | { kind: 'queued' }
  | { kind: 'error'; message: string }
  | { kind: 'cancelled' };

export function useSaleSubmit(storage: QueueStorage, onQueued: () => void) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcomeState] = useState<Outcome | null>(null);
  const clientSaleId = useRef<string | null>(null);
  /** The cashier's cancel did not go through (Square away): the card is still awaited. */
  const [cancelFailed, setCancelFailed] = useState(false);
  // A cancelled card sale is over: trying again is another sale.
  const setOutcome = useCallback((next: Outcome | null) => {
    if (next?.kind === 'cancelled') clientSaleId.current = null;
    setOutcomeState(next);
  }, []);
  const awaiting = outcome?.kind === 'sale' && outcome.sale.status === 'awaiting_card' ? outcome.sale : null;

  // Follows the terminal while the card is being paid.
  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => {
      getSale(awaiting.id)
        .then((sale) =>
          setOutcome(sale.status === 'cancelled' ? { kind: 'cancelled' } : { kind: 'sale', sale }),
        )
        .catch(() => setOutcome({ kind: 'sale', sale: { ...awaiting } }));
    }, CARD_POLL_MS);
    return () => clearTimeout(timer);
  }, [awaiting, setOutcome]);

  const submit = async (
    basket: PosBasket,
    drafts: TenderDraft[],
    language: Locale,
    names: string[],
    total: string,
  ) => {
    clientSaleId.current ??= crypto.randomUUID();
    const request = saleRequest(basket, drafts, clientSaleId.current, language);
    setPending(true);
    try {
      const sale = await createSale(request);
      setOutcome(sale.status === 'cancelled' ? { kind: 'cancelled' } : { kind: 'sale', sale });
    } catch (error) {
      const cashOnly = drafts.every((d) => d.kind === 'cash');
      if (isNetworkError(error) && cashOnly) {
        const queued = { ...request, offlineAt: new Date().toISOString() };
        await storage.put(queued.clientSaleId, { request: queued, names, total });
        setOutcome({ kind: 'queued' });
        onQueued();
      } else {
        setOutcome({
          kind: 'error',
          message: error instanceof ApiError ? (error.serverMessage ?? error.message) : 'network',
        });
      }
    } finally {
      setPending(false);
    }
  };

  const cancelCard = async () => {
    if (!awaiting) return;
    const sale = await cancelSale(awaiting.id).catch(() => null);
    // Not cancelled until the server says so: the sale stays awaited and followed.
    setCancelFailed(!sale || sale.status === 'awaiting_card');
    if (!sale) setOutcome({ kind: 'sale', sale: { ...awaiting } });
    else setOutcome(sale.status === 'cancelled' ? { kind: 'cancelled' } : { kind: 'sale', sale });
  };

  /** Ready for the next sale: a new clientSaleId. */
  const reset = () => {
    clientSaleId.current = null;
    setOutcome(null);
  };

  return {
    submit,
    pending,
    outcome,
    awaiting,
    cancelCard,
    cancelFailed: cancelFailed && awaiting !== null,
    reset,
    clearError: () => setOutcome(null),
  };
}
