// The product dialog's stock: what is in stock now, an adjustment with its reason (units found,
// damaged, counted out), and the history of every change, sales and imports included. Stock is never
// part of the product's save, so a dialog left open cannot undo a sale
// (docs/decisions/0210-product-edits-and-stock-history.md).
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  StockAdjustmentSchema,
  type StockMovement,
  type StockAdjustmentResultSchema,
} from '~/shared/schemas/admin-products';
import type { z } from 'zod';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { TextField } from '~/client/components/ui/form-fields';

type AdjustmentResult = z.infer<typeof StockAdjustmentResultSchema>;

const historyQuery = (productId: number) =>
  queryOptions<{ items: StockMovement[] }>({ queryKey: [`/api/products/${productId}/stock-history`] });

const REASON_LABELS: Record<string, string> = {
  opening: 'Stock when history began',
  created: 'Product created',
  adjustment: 'Adjustment',
  sale: 'Sale',
  refund: 'Refund',
  'payment-failed': 'Payment failed',
  'payment-reset': 'Payment set back to pending',
  cancelled: 'Order cancelled',
  import: 'CSV import',
  till: 'Sold at the till',
  other: 'Other change',
};

/** Lists and counts elsewhere refresh; the open dialog's own product does not (it would lose edits). */
function refreshAfterAdjustment(queryClient: QueryClient, productId: number) {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const key = String(q.queryKey[0] ?? '');
      if (key === `/api/products/admin/${productId}`) return false;
      return key.startsWith('/api/products') || key.startsWith('/api/admin/dashboard');
    },
  });
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function StockPanel({
  productId,
  productName,
  initialStock,
}: {
  productId: number;
  productName: string;
  initialStock: number;
}) {
  const queryClient = useQueryClient();
  const [stock, setStock] = useState(initialStock);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ delta?: string; reason?: string }>({});
  const history = useQuery(historyQuery(productId));

  const adjust = useMutation({
    mutationFn: (body: { delta: number; reason: string }) =>
      apiRequest<AdjustmentResult>('POST', `/api/products/${productId}/stock-adjustments`, body),
    onSuccess: async (result) => {
      setStock(result.product.stock);
      setDelta('');
      setReason('');
      toast({
        title: 'Stock adjusted',
        description: `${productName}: ${signed(result.movement.delta)}, now ${result.product.stock} in stock.`,
      });
      await refreshAfterAdjustment(queryClient, productId);
    },
    onError: (error) => {
      const fieldErrors = (error instanceof ApiError ? error.body?.errors : undefined) as
        | { delta?: string; reason?: string }
        | undefined;
      if (fieldErrors) setErrors(fieldErrors);
      toast({
        title: 'Error',
        description: (error instanceof ApiError && error.serverMessage) || 'Failed to adjust stock',
        variant: 'destructive',
      });
    },
  });

  const submit = (event: Pick<FormEvent, 'preventDefault' | 'stopPropagation'>) => {
    // Not the product form's submit: the panel sits inside it.
    event.preventDefault();
    event.stopPropagation();
    const parsed = StockAdjustmentSchema.safeParse({ delta: Number(delta.trim() || Number.NaN), reason });
    if (!parsed.success) {
      const next: { delta?: string; reason?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'delta' | 'reason';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    adjust.mutate(parsed.data);
  };

  return (
    <section
      aria-labelledby={`stock-${productId}`}
      className="grid gap-3 rounded-md border border-slate-200 p-3"
    >
      <h3 id={`stock-${productId}`} className="text-sm font-semibold text-slate-900">
        Stock: <span data-testid="stock-now">{stock}</span>
      </h3>
      {/* A fieldset, not a nested form: the product form around it must not submit. */}
      <fieldset className="grid gap-2 sm:grid-cols-[8rem_1fr_auto] sm:items-start">
        <legend className="sr-only">Adjust stock</legend>
        <TextField
          label="Change"
          type="number"
          inputMode="numeric"
          step="1"
          hint="For example 5 or -2."
          value={delta}
          onChange={(e) => setDelta(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit(e);
          }}
          error={errors.delta}
        />
        <TextField
          label="Reason"
          hint="Found, damaged, counted out..."
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit(e);
          }}
          error={errors.reason}
        />
        <Button
          type="button"
          variant="outline"
          className="sm:mt-6"
          onClick={submit}
          disabled={adjust.isPending}
        >
          Adjust Stock
        </Button>
      </fieldset>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Stock history</summary>
        {history.isPending ? (
          <p className="text-sm text-slate-600">Loading...</p>
        ) : history.isError ? (
          <p className="text-sm text-red-700">The stock history could not be loaded.</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr className="text-slate-600">
                <th className="py-1 pr-2 font-medium">When</th>
                <th className="py-1 pr-2 font-medium">Change</th>
                <th className="py-1 pr-2 font-medium">Stock</th>
                <th className="py-1 font-medium">Why</th>
              </tr>
            </thead>
            <tbody>
              {history.data.items.map((m) => (
                <tr key={m.id} className="border-t border-slate-100">
                  <td className="py-1 pr-2">{new Date(m.createdAt).toLocaleString('en-CA')}</td>
                  <td className="py-1 pr-2">{signed(m.delta)}</td>
                  <td className="py-1 pr-2">{m.stockAfter}</td>
                  <td className="py-1">
                    {REASON_LABELS[m.reason] ?? m.reason}
                    {m.orderId !== null && ` (order #${m.orderId})`}
                    {m.note && `: ${m.note}`}
                    {m.username && ` by ${m.username}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </section>
  );
}
