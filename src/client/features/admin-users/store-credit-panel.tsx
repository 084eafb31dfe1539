// The customer's store credit in their record: the balance, the ledger, and a form to issue credit
// ("25.00") or take it back ("-10.00") with a reason (docs/decisions/0530-store-credit-ledger.md).
// The server refuses what would take the balance below zero; its message is shown as it came.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StoreCreditLedger } from '~/client/features/account';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { ApiError } from '~/client/lib/api';
import { adjustStoreCredit, storeCreditQueryOptions } from './api';

export function StoreCreditPanel({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const credit = useQuery(storeCreditQueryOptions(userId));
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const adjust = useMutation({
    mutationFn: () => adjustStoreCredit(userId, { amount, reason }),
    onSuccess: (saved) => {
      queryClient.setQueryData(storeCreditQueryOptions(userId).queryKey, saved);
      setAmount('');
      setReason('');
    },
  });
  const error =
    adjust.error instanceof ApiError
      ? (adjust.error.serverMessage ?? 'The store credit could not be changed.')
      : adjust.error
        ? 'The store credit could not be changed.'
        : null;
  return (
    <section aria-labelledby={`store-credit-${userId}`} className="grid gap-3 border-t pt-4">
      <h3 id={`store-credit-${userId}`} className="text-lg font-semibold">
        Store credit
      </h3>
      {credit.data ? (
        <StoreCreditLedger credit={credit.data} />
      ) : credit.isError ? (
        <p role="alert">The store credit could not be loaded.</p>
      ) : null}
      <form
        className="grid gap-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          adjust.mutate();
        }}
      >
        <TextField
          label="Amount"
          hint='"25.00" issues credit, "-10.00" takes it back'
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
        {error && (
          <p role="alert" className="text-sm font-medium text-red-600">
            {error}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" pending={adjust.isPending} pendingLabel="Saving...">
            Record store credit
          </Button>
        </div>
      </form>
    </section>
  );
}
