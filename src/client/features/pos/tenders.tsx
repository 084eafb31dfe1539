// How the customer pays: one or more tenders (cash with what was handed over, card on the terminal,
// gift card, store credit), the cash part rounded to 5 cents and the change (tender-math.ts).
import { useId } from 'react';
import { Button } from '~/client/components/ui/button';
import { inputClasses } from '~/client/components/ui/form-fields';
import { useLocale, useT } from '~/client/lib/i18n';
import { type Cents, formatCents, toCents } from '~/shared/money';
import { POS } from './pos.messages';
import { cashSummary, type TenderDraft } from './tender-math';

export type TenderKind = TenderDraft['kind'];
/** A tender as typed: amounts are text until they are read. */
export type TenderRow = { key: number; kind: TenderKind; amount: string; code: string };

const LABEL: Record<TenderKind, string> = {
  cash: 'cash',
  card: 'card',
  gift_card: 'giftCard',
  store_credit: 'storeCredit',
};

const cents = (text: string): Cents => toCents(text.replace(',', '.')) ?? 0;

export function draftsOf(rows: readonly TenderRow[]): TenderDraft[] {
  return rows.map((row) => {
    const amount = cents(row.amount);
    if (row.kind === 'cash') return { kind: 'cash', tendered: amount };
    if (row.kind === 'gift_card') return { kind: 'gift_card', code: row.code.trim(), amount };
    return { kind: row.kind, amount };
  });
}

function TenderInputs({ row, onChange }: { row: TenderRow; onChange: (row: TenderRow) => void }) {
  const t = useT(POS);
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-2">
      {row.kind === 'gift_card' && (
        <label htmlFor={`${id}-code`} className="grid gap-1 text-xs text-slate-600">
          {t('giftCode')}
          <input
            id={`${id}-code`}
            className={`${inputClasses()} w-40`}
            value={row.code}
            autoComplete="off"
            onChange={(event) => onChange({ ...row, code: event.target.value })}
          />
        </label>
      )}
      <label htmlFor={`${id}-amount`} className="grid gap-1 text-xs text-slate-600">
        {row.kind === 'cash' ? t('tendered') : t('amount')}
        <input
          id={`${id}-amount`}
          className={`${inputClasses()} w-32`}
          inputMode="decimal"
          value={row.amount}
          onChange={(event) => onChange({ ...row, amount: event.target.value })}
        />
      </label>
    </div>
  );
}

export function Tenders({
  total,
  rows,
  onChange,
}: {
  total: Cents;
  rows: TenderRow[];
  onChange: (rows: TenderRow[]) => void;
}) {
  const t = useT(POS);
  const locale = useLocale();
  const money = (value: Cents) => formatCents(value, locale);
  const summary = cashSummary(total, draftsOf(rows));
  const hasCash = rows.some((r) => r.kind === 'cash');
  const add = (kind: TenderKind) =>
    onChange([...rows, { key: Math.max(0, ...rows.map((r) => r.key)) + 1, kind, amount: '', code: '' }]);
  return (
    <fieldset className="grid gap-3">
      <legend className="text-lg font-semibold">{t('tenders')}</legend>
      {rows.map((row) => (
        <div
          key={row.key}
          className="grid gap-1 rounded border border-slate-200 p-2"
          data-testid={`tender-${row.kind}`}
        >
          <div className="flex items-center justify-between">
            <span className="font-medium">{t(LABEL[row.kind])}</span>
            <Button variant="ghost" size="sm" onClick={() => onChange(rows.filter((r) => r.key !== row.key))}>
              {t('removeTender')}
            </Button>
          </div>
          <TenderInputs
            row={row}
            onChange={(next) => onChange(rows.map((r) => (r.key === row.key ? next : r)))}
          />
        </div>
      ))}
      <p className="text-sm text-slate-600">{t('addTender')}</p>
      <div className="flex flex-wrap gap-2">
        {(Object.keys(LABEL) as TenderKind[]).map((kind) => (
          <Button key={kind} variant="outline" size="sm" onClick={() => add(kind)}>
            + {t(LABEL[kind])}
          </Button>
        ))}
      </div>
      {hasCash && (
        <dl className="grid gap-1 text-sm" data-testid="cash-summary">
          <div className="flex justify-between">
            <dt>{t('cashDue')}</dt>
            <dd data-testid="cash-due">{money(summary.cashDueRounded)}</dd>
          </div>
          {summary.rounding !== 0 && (
            <div className="flex justify-between">
              <dt>{t('rounding')}</dt>
              <dd>{money(summary.rounding)}</dd>
            </div>
          )}
          {summary.remaining > 0 && (
            <div className="flex justify-between text-red-700">
              <dt>{t('remaining')}</dt>
              <dd data-testid="cash-remaining">{money(summary.remaining)}</dd>
            </div>
          )}
          <div className="flex justify-between text-lg font-bold">
            <dt>{t('change')}</dt>
            <dd data-testid="change-due">{money(summary.change)}</dd>
          </div>
        </dl>
      )}
    </fieldset>
  );
}
