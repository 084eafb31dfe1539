// The sales report's split by where orders were taken: the storefront and the outlet's till
// (docs/decisions/0600-till.md), the same figures as the periods' table.
import type { SalesReport } from '~/shared/schemas/admin-reports';
import { formatMoney } from '~/shared/money';
import { Card } from '~/client/components/ui/card';
import { DataTable } from '~/client/components/ui/table';

const CHANNEL_LABELS: Record<SalesReport['byChannel'][number]['channel'], string> = {
  online: 'Online store',
  till: 'Outlet till',
  draft: 'Orders by phone or message',
};

export function SalesByChannel({ report }: { report: SalesReport }) {
  return (
    <Card title="Sales by channel" headingLevel={3} description={`${report.from} to ${report.to}`}>
      <DataTable
        columns={['Channel', 'Orders', 'Sales', 'Tax', 'Total', 'Refunds', 'Net']}
        minWidthClassName="min-w-[560px]"
        pending={false}
        empty={false}
        emptyText=""
      >
        {report.byChannel.map((c) => (
          <tr key={c.channel} className="border-t border-slate-100" data-testid="channel-row">
            <td className="px-3 py-2">{CHANNEL_LABELS[c.channel]}</td>
            <td className="px-3 py-2 tabular-nums">{c.orders}</td>
            <td className="px-3 py-2 tabular-nums">{formatMoney(c.sales)}</td>
            <td className="px-3 py-2 tabular-nums">{formatMoney(c.tax)}</td>
            <td className="px-3 py-2 tabular-nums">{formatMoney(c.total)}</td>
            <td className="px-3 py-2 tabular-nums">{formatMoney(c.refunds)}</td>
            <td className="px-3 py-2 tabular-nums">{formatMoney(c.net)}</td>
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}
