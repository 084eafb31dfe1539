// The customer's gift cards in their record (docs/decisions/0533-gift-cards.md): cards sent to their
// e-mail and cards their orders bought for someone else, each by its last 4 characters with its balance.
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '~/shared/money';
import { DataTable } from '~/client/components/ui/table';
import { giftCardsQueryOptions } from './api';

export function GiftCardsPanel({ userId }: { userId: number }) {
  const cards = useQuery(giftCardsQueryOptions(userId));
  return (
    <section aria-labelledby={`gift-cards-${userId}`} className="grid gap-3 border-t pt-4">
      <h3 id={`gift-cards-${userId}`} className="text-lg font-semibold">
        Gift cards
      </h3>
      {cards.isError ? (
        <p role="alert">The gift cards could not be loaded.</p>
      ) : (
        <DataTable
          columns={['Card', 'How', 'Balance', 'Of']}
          minWidthClassName="min-w-[360px]"
          pending={cards.isPending}
          empty={cards.data?.cards.length === 0}
          emptyText="No gift cards."
        >
          {cards.data?.cards.map((card) => (
            <tr key={card.id} className="border-t border-slate-100" data-testid="customer-gift-card">
              <td className="px-3 py-2 font-mono">•••• {card.last4}</td>
              <td className="px-3 py-2">
                {card.relation === 'received' ? 'Received' : `Bought for ${card.recipientEmail ?? 'someone'}`}
              </td>
              <td className="px-3 py-2 tabular-nums">{formatMoney(card.balance)}</td>
              <td className="px-3 py-2 tabular-nums">{formatMoney(card.initial)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
