// The X (any time) and Z (at close) report of a session: sales by tender, each tax, discounts, refunds,
// cash rounding, drops and payouts, the cash expected and, once counted, the count and the variance.
import { Button } from '~/client/components/ui/button';
import { useLocale, useT } from '~/client/lib/i18n';
import { formatMoney } from '~/shared/money';
import type { PosReport } from '~/shared/schemas/pos';
import { POS } from './pos.messages';
import { receiptTaxLabel } from './receipt-texts';

const PRINT_CSS = `
@media print {
  @page { size: 80mm auto; margin: 4mm; }
  body * { visibility: hidden; }
  .pos-report, .pos-report * { visibility: visible; }
  .pos-report { position: absolute; left: 0; top: 0; width: 72mm; font: 11px/1.3 monospace; }
}`;

const TENDER_KEYS: Record<string, string> = {
  cash: 'cash',
  card: 'card',
  gift_card: 'giftCard',
  store_credit: 'storeCredit',
};

export function ReportView({ report, onDone }: { report: PosReport; onDone?: () => void }) {
  const t = useT(POS);
  const locale = useLocale();
  const money = (value: string) => formatMoney(value, locale);
  const rows: [string, string, string?][] = [
    [t('salesCount'), String(report.salesCount)],
    ...report.byTender.map((b): [string, string] => [
      TENDER_KEYS[b.kind] ? t(TENDER_KEYS[b.kind]!) : b.kind,
      money(b.amount),
    ]),
    ...report.taxLines.map((l): [string, string] => [
      receiptTaxLabel(l.code, l.rate, locale),
      money(l.amount),
    ]),
    [t('discounts'), money(report.discounts)],
    [t('refunds'), money(report.refunds)],
    [t('rounding'), money(report.cashRounding)],
    [t('drops'), money(report.drops)],
    [t('payouts'), money(report.payouts)],
    [t('expectedCash'), money(report.expectedCash), 'report-expected'],
  ];
  if (report.countedCash !== null) rows.push([t('counted'), money(report.countedCash), 'report-counted']);
  if (report.variance !== null) rows.push([t('variance'), money(report.variance), 'report-variance']);
  return (
    <div className="grid gap-3">
      <div
        className="pos-report rounded border border-slate-300 bg-white p-3 font-mono text-sm"
        data-testid="pos-report"
      >
        <style>{PRINT_CSS}</style>
        <h2 className="font-bold">{t('reportTitle', { kind: report.kind })}</h2>
        <p>
          {t('sessionLine', {
            register: report.session.registerName,
            id: report.session.id,
            by: report.session.openedBy,
          })}
        </p>
        <dl className="mt-2 grid gap-1">
          {rows.map(([label, value, testId]) => (
            <div key={label} className="flex justify-between gap-2">
              <dt>{label}</dt>
              <dd data-testid={testId}>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => window.print()}>
          {t('print')}
        </Button>
        {onDone && <Button onClick={onDone}>{t('done')}</Button>}
      </div>
    </div>
  );
}
