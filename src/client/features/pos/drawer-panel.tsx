// The cash drawer during a session: cash drops (to the safe) and payouts, each with its reason, and the
// X report at any time.
import { type FormEvent, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { useT } from '~/client/lib/i18n';
import type { PosReport } from '~/shared/schemas/pos';
import { cashMovement, sessionReport } from './api';
import { POS } from './pos.messages';
import { ReportView } from './report-view';

const message = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);

export function DrawerPanel({ sessionId }: { sessionId: number }) {
  const t = useT(POS);
  const [kind, setKind] = useState<'drop' | 'payout'>('drop');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<PosReport | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await cashMovement(sessionId, { kind, amount: amount.replace(',', '.'), reason });
      setAmount('');
      setReason('');
      toast({ title: t('recorded') });
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };
  const xReport = async () => {
    try {
      setReport(await sessionReport(sessionId));
    } catch (e) {
      setError(message(e));
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form className="grid content-start gap-3" onSubmit={(e) => void onSubmit(e)}>
        <h2 className="text-lg font-semibold">{t('cashDrawer')}</h2>
        <SelectField
          label={t('movementKind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as 'drop' | 'payout')}
        >
          <option value="drop">{t('drop')}</option>
          <option value="payout">{t('payout')}</option>
        </SelectField>
        <TextField
          label={t('amount')}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
        />
        <TextField
          label={t('reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          maxLength={200}
        />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" pending={busy}>
          {t('record')}
        </Button>
      </form>
      <div className="grid content-start gap-3">
        <Button variant="secondary" onClick={() => void xReport()}>
          {t('xReport')}
        </Button>
        {report && <ReportView report={report} />}
      </div>
    </div>
  );
}
