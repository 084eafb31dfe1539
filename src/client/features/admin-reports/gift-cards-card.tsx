// The gift cards, newest first, with their balances; a card's ledger opens below the list
// (GET /api/admin/gift-cards and /api/admin/gift-cards/{id}; docs/decisions/0533-gift-cards.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '~/shared/money';
import { Card } from '~/client/components/ui/card';

type GiftCardSummary = {
  id: number;
  last4: string;
  initial: string;
  balance: string;
  recipientEmail: string | null;
  soldOrderId: number | null;
  createdAt: string;
};
type Movement = {
  id: number;
  amount: string;
  kind: string;
  orderId: number | null;
  balanceAfter: string;
  createdAt: string;
};

const listQuery = () => queryOptions<GiftCardSummary[]>({ queryKey: ['/api/admin/gift-cards'] });
const ledgerQuery = (id: number) =>
  queryOptions<{ card: GiftCardSummary; movements: Movement[] }>({
    queryKey: [`/api/admin/gift-cards/${id}`],
  });

export function GiftCardsCard() {
  const list = useQuery(listQuery());
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Card
      title="Gift cards"
      headingLevel={3}
      description="Every gift card with its balance; open one for its ledger."
    >
      {list.isError && <p role="alert">The gift cards could not be loaded.</p>}
      {list.data && list.data.length === 0 && <p>No gift card has been issued yet.</p>}
      {list.data && list.data.length > 0 && (
        <table className="w-full text-sm" data-testid="gift-cards">
          <thead>
            <tr className="text-left">
              <th scope="col">Card</th>
              <th scope="col">Recipient</th>
              <th scope="col" className="text-right">
                Issued
              </th>
              <th scope="col" className="text-right">
                Balance
              </th>
              <th scope="col">
                <span className="sr-only">Ledger</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((card) => (
              <tr key={card.id} className="border-t border-slate-200">
                <td className="font-mono">••••{card.last4}</td>
                <td>{card.recipientEmail ?? '—'}</td>
                <td className="text-right">{formatMoney(card.initial)}</td>
                <td className="text-right">{formatMoney(card.balance)}</td>
                <td className="text-right">
                  <button
                    type="button"
                    className="min-h-11 px-2 text-brand-700 underline"
                    aria-expanded={open === card.id}
                    onClick={() => setOpen(open === card.id ? null : card.id)}
                  >
                    Ledger of ••••{card.last4}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open !== null && <GiftCardLedger id={open} />}
    </Card>
  );
}

function GiftCardLedger({ id }: { id: number }) {
  const ledger = useQuery(ledgerQuery(id));
  if (ledger.isError) return <p role="alert">The ledger could not be loaded.</p>;
  if (!ledger.data) return null;
  return (
    <ul
      className="mt-3 grid gap-1 text-sm"
      data-testid="gift-card-ledger"
      aria-label={`Ledger of ••••${ledger.data.card.last4}`}
    >
      {ledger.data.movements.map((m) => (
        <li key={m.id}>
          {new Date(m.createdAt).toLocaleString('en-CA')}: {m.kind} {formatMoney(m.amount)}
          {m.orderId ? ` (order #${m.orderId})` : ''}, balance {formatMoney(m.balanceAfter)}
        </li>
      ))}
    </ul>
  );
}
