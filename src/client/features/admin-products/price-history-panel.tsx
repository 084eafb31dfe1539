// The product dialog's price history: every change of the selling price, markdowns by age, staff
// prices and imports (docs/decisions/0320-markdowns-lower-the-selling-price.md). Read-only.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatMoney } from '~/shared/money';
import type { PriceChange } from '~/shared/schemas/markdowns';

const historyQuery = (productId: number) =>
  queryOptions<{ items: PriceChange[] }>({ queryKey: [`/api/products/${productId}/price-history`] });

const REASON_LABELS: Record<string, string> = {
  listed: 'Listed',
  staff: 'Price set by staff',
  import: 'CSV import',
  markdown: 'Markdown by age',
};

function why(change: PriceChange): string {
  const label = REASON_LABELS[change.reason] ?? change.reason;
  const step = change.markdownStep !== null ? ` (step ${change.markdownStep})` : '';
  return `${label}${step}${change.username ? ` by ${change.username}` : ''}`;
}

export function PriceHistoryPanel({ productId }: { productId: number }) {
  const history = useQuery(historyQuery(productId));
  return (
    <details className="rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">Price history</summary>
      {history.isPending ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : history.isError ? (
        <p className="text-sm text-red-700">The price history could not be loaded.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm" data-testid="price-history">
          <thead>
            <tr className="text-slate-600">
              <th className="py-1 pr-2 font-medium">When</th>
              <th className="py-1 pr-2 font-medium">From</th>
              <th className="py-1 pr-2 font-medium">To</th>
              <th className="py-1 font-medium">Why</th>
            </tr>
          </thead>
          <tbody>
            {history.data.items.map((c) => (
              <tr key={c.id} className="border-t border-slate-100">
                <td className="py-1 pr-2">{new Date(c.createdAt).toLocaleString('en-CA')}</td>
                <td className="py-1 pr-2">{c.fromPrice === null ? '—' : formatMoney(c.fromPrice)}</td>
                <td className="py-1 pr-2">{formatMoney(c.toPrice)}</td>
                <td className="py-1">{why(c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
