// Shipping many orders from a CSV of tracking numbers (docs/decisions/0480-bulk-shipping-from-a-tracking-csv.md):
// the file a shipping program exports (order, carrier, tracking number), each order shipped with its own
// number and its customer e-mailed once with it. Lines the store refused are listed by line number,
// with why; nothing was changed for them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { BulkShipAnswer } from '~/shared/schemas/admin-orders';
import { TRACKING_CARRIER_LABELS, isTrackingCarrier } from '~/shared/tracking';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogCancel } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { bulkShipFromCsv, refreshOrders } from './api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ShipResults({ answer }: { answer: BulkShipAnswer }) {
  const refused = answer.results.filter((r) => !r.ok);
  const shipped = answer.results.filter((r) => r.ok);
  return (
    <div className="grid gap-2 text-sm" data-testid="bulk-ship-results">
      <p role="status" className="font-medium">
        {plural(answer.shipped, 'order shipped', 'orders shipped')}
        {answer.refused > 0 && `, ${plural(answer.refused, 'line', 'lines')} not used`}.
      </p>
      {shipped.length > 0 && (
        <ul className="list-disc pl-5 text-slate-700">
          {shipped.map(
            (r) =>
              r.ok && (
                <li key={r.line}>
                  Line {r.line}: order #{r.orderId},{' '}
                  {isTrackingCarrier(r.trackingCarrier)
                    ? `${TRACKING_CARRIER_LABELS[r.trackingCarrier]} `
                    : ''}
                  {r.trackingNumber}
                  {r.changed ? '' : ' (already shipped with this number: nothing sent)'}
                </li>
              ),
          )}
        </ul>
      )}
      {refused.length > 0 && (
        <ul className="list-disc pl-5 text-red-700" aria-label="Lines not used">
          {refused.map(
            (r) =>
              !r.ok && (
                <li key={r.line}>
                  Line {r.line}
                  {r.order ? ` (${r.order})` : ''}: {r.message}
                </li>
              ),
          )}
        </ul>
      )}
    </div>
  );
}

export function BulkShipDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const ship = useMutation({
    mutationFn: (f: File) => bulkShipFromCsv(f),
    onSuccess: async (answer) => {
      toast({
        title: 'Orders shipped',
        description: `${plural(answer.shipped, 'order is', 'orders are')} Shipped; each customer is e-mailed their tracking number.`,
      });
      await refreshOrders(queryClient);
    },
    onError: (e) =>
      setError((e instanceof ApiError && e.serverMessage) || 'The file could not be read. Please try again.'),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError('Choose the CSV of tracking numbers.');
    setError(undefined);
    ship.reset();
    ship.mutate(file);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !ship.isPending && onOpenChange(next)}
      title="Ship orders from a CSV"
      description="One line per parcel, with the columns Order (number or reference), Carrier and Tracking Number. Each order is shipped with its own number and its customer e-mailed once with it; unpaid, cancelled or refunded orders are not shipped."
      size="lg"
    >
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <label className="grid gap-1 text-sm font-medium">
          Tracking CSV
          <input
            type="file"
            accept=".csv,text/csv"
            aria-describedby={error ? 'bulk-ship-error' : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(undefined);
              ship.reset();
            }}
          />
        </label>
        {error && (
          <p id="bulk-ship-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {ship.data && <ShipResults answer={ship.data} />}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogCancel disabled={ship.isPending}>{ship.data ? 'Close' : undefined}</DialogCancel>
          <Button type="submit" pending={ship.isPending} pendingLabel="Shipping...">
            Ship and e-mail tracking
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
