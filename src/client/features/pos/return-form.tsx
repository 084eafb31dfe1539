// The sale found for a return: its lines with the units to refund and the restock choice, where the
// money goes (the way it was paid, or store credit for a customer's account) and a reason. Checked by
// the refund's own contract before it is sent; the server decides the amounts.
import { type FormEvent, useState } from 'react';
import { formatMoney } from '~/shared/money';
import { RefundLinesCreateSchema } from '~/shared/schemas/admin-orders-dialog';
import type { PosRefund, PosReturnable } from '~/shared/schemas/pos';
import { Button } from '~/client/components/ui/button';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { Switch } from '~/client/components/ui/switch';
import { ApiError } from '~/client/lib/api';
import { useLocale, useT } from '~/client/lib/i18n';
import { refundAtTill } from './api';
import { POS_RETURNS } from './pos-returns.messages';

type LineState = { units: string; restock: boolean };

function PaidBy({ sale }: { sale: PosReturnable }) {
  const t = useT(POS_RETURNS);
  const locale = useLocale();
  const parts = (['card', 'cash', 'giftCards', 'storeCredit'] as const)
    .filter((kind) => sale.paidBy[kind] !== '0.00')
    .map((kind) => t(kind, { amount: formatMoney(sale.paidBy[kind], locale) }));
  return <p className="text-sm">{t('paidBy', { tenders: parts.join(', ') })}</p>;
}

export function ReturnForm({
  sessionId,
  sale,
  onRefunded,
}: {
  sessionId: number;
  sale: PosReturnable;
  onRefunded: (refund: PosRefund) => void;
}) {
  const t = useT(POS_RETURNS);
  const locale = useLocale();
  const money = (value: string) => formatMoney(value, locale);
  const [lines, setLines] = useState<Record<number, LineState>>({});
  const [destination, setDestination] = useState<'original' | 'store_credit'>('original');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lineOf = (id: number): LineState => lines[id] ?? { units: '0', restock: true };
  const change = (id: number, next: Partial<LineState>) =>
    setLines((all) => ({ ...all, [id]: { ...lineOf(id), ...next } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = [];
    for (const line of sale.lines) {
      const state = lineOf(line.orderItemId);
      const units = Number(state.units.trim() || '0');
      if (!Number.isInteger(units) || units < 0 || units > line.refundable) {
        setError(t('tooMany', { name: line.name, left: line.refundable }));
        return;
      }
      if (units > 0) chosen.push({ orderItemId: line.orderItemId, quantity: units, restock: state.restock });
    }
    const body = { lines: chosen, shipping: 0, destination, reason };
    if (chosen.length === 0 || !RefundLinesCreateSchema.safeParse(body).success) {
      setError(t('chooseUnits'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onRefunded(await refundAtTill(sessionId, sale.reference, body));
    } catch (e) {
      setError(e instanceof ApiError ? (e.serverMessage ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="grid gap-3 rounded-md border border-slate-200 p-3"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <p className="font-medium">
        {t('saleLine', {
          reference: sale.reference,
          date: new Date(sale.createdAt).toLocaleDateString(locale === 'fr' ? 'fr-CA' : 'en-CA'),
          total: money(sale.total),
        })}
      </p>
      <PaidBy sale={sale} />
      {sale.refunded !== '0.00' && (
        <p className="text-sm">{t('refundedSoFar', { amount: money(sale.refunded) })}</p>
      )}
      <ul className="grid gap-2">
        {sale.lines.map((line) => (
          <li key={line.orderItemId} className="grid gap-2 sm:grid-cols-[1fr_10rem] sm:items-end">
            <TextField
              label={t('unitsOf', { name: line.name })}
              hint={t('unitsHint', {
                sold: line.quantity,
                price: money(line.unitPrice),
                left: line.refundable,
              })}
              inputMode="numeric"
              disabled={line.refundable === 0}
              value={lineOf(line.orderItemId).units}
              onChange={(e) => change(line.orderItemId, { units: e.target.value })}
            />
            <Switch
              label={t('restockOf', { name: line.name })}
              checked={lineOf(line.orderItemId).restock}
              disabled={line.refundable === 0}
              onCheckedChange={(restock) => change(line.orderItemId, { restock })}
            />
          </li>
        ))}
      </ul>
      {sale.hasAccount && (
        <SelectField
          label={t('refundTo')}
          value={destination}
          onChange={(e) => setDestination(e.target.value as 'original' | 'store_credit')}
        >
          <option value="original">{t('original')}</option>
          <option value="store_credit">{t('toStoreCredit')}</option>
        </SelectField>
      )}
      <TextField
        label={t('reason')}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" pending={busy}>
        {t('refund')}
      </Button>
    </form>
  );
}
