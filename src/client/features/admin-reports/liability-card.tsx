// What the store owes at the end of a chosen day: the store credit customers hold
// (docs/decisions/0532-liability-report.md). The date is checked with the API's own schema first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '~/shared/money';
import { LiabilityQuerySchema } from '~/shared/schemas/admin-reports';
import { Card } from '~/client/components/ui/card';
import { TextField } from '~/client/components/ui/form-fields';
import { liabilityQueryOptions } from './api';

export function LiabilityCard({ today }: { today: string }) {
  const [date, setDate] = useState(today);
  const check = LiabilityQuerySchema.safeParse({ date });
  const report = useQuery({
    ...liabilityQueryOptions(check.success ? check.data.date : today),
    placeholderData: keepPreviousData,
  });
  const owed = report.data?.storeCredit;
  const cards = report.data?.giftCards;
  return (
    <Card
      title="What the store owes"
      headingLevel={3}
      description="Store credit customers and gift cards held at the end of the day, in the store's time zone."
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="At the end of"
          type="date"
          value={date}
          max={today}
          onChange={(e) => setDate(e.target.value)}
          error={check.success ? undefined : check.error.issues[0]?.message}
        />
        <p className="self-end" aria-live="polite">
          Store credit:{' '}
          <strong data-testid="liability-store-credit">{owed ? formatMoney(owed.owed) : '…'}</strong>
          {owed ? ` (${owed.customers} ${owed.customers === 1 ? 'customer' : 'customers'})` : ''}
        </p>
        {/* Gift cards' balances at the same moment (docs/decisions/0533-gift-cards.md). */}
        <p className="self-end" aria-live="polite">
          Gift cards:{' '}
          <strong data-testid="liability-gift-cards">{cards ? formatMoney(cards.owed) : '…'}</strong>
          {cards ? ` (${cards.cards} ${cards.cards === 1 ? 'card' : 'cards'})` : ''}
        </p>
      </div>
      {report.isError && <p role="alert">The liability report could not be loaded.</p>}
    </Card>
  );
}
