// Closing the session: the drawer counted by denomination (DENOMINATIONS_CENTS), the cash expected (from
// the X report), counted and the variance as the count is typed, then the close and its Z report.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { inputClasses, TextField } from '~/client/components/ui/form-fields';
import { ApiError } from '~/client/lib/api';
import { useLocale, useT } from '~/client/lib/i18n';
import { type Cents, formatCents, toCents } from '~/shared/money';
import { DENOMINATIONS_CENTS, type PosReport } from '~/shared/schemas/pos';
import { closeSession, sessionReport } from './api';
import { POS } from './pos.messages';
import { ReportView } from './report-view';

export type Counts = Record<string, number>;
/** The cash a count adds up to, in cents: 3 × $20 + 8 × 25¢ = 6200. */
export const countedCents = (counts: Counts): Cents =>
  DENOMINATIONS_CENTS.reduce((sum, value) => sum + value * (counts[String(value)] ?? 0), 0);

export function ClosePanel({ sessionId, onClosed }: { sessionId: number; onClosed: () => void }) {
  const t = useT(POS);
  const locale = useLocale();
  const money = (cents: Cents) => formatCents(cents, locale);
  const x = useQuery({ queryKey: ['pos-report', sessionId], queryFn: () => sessionReport(sessionId) });
  const [counts, setCounts] = useState<Counts>({});
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [z, setZ] = useState<PosReport | null>(null);

  if (z) return <ReportView report={z} onDone={onClosed} />;

  const expected = x.data ? (toCents(x.data.expectedCash) ?? 0) : null;
  const counted = countedCents(counts);
  const close = async () => {
    setBusy(true);
    setError(null);
    try {
      setZ(await closeSession(sessionId, { counts, ...(note.trim() ? { note: note.trim() } : {}) }));
    } catch (e) {
      setError(e instanceof ApiError ? (e.serverMessage ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold">{t('countTitle')}</h2>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {DENOMINATIONS_CENTS.map((value) => {
          const label = money(value);
          return (
            <label key={value} className="grid gap-1 text-sm">
              <span aria-hidden="true">{label}</span>
              <input
                aria-label={t('countOf', { value: label })}
                className={inputClasses()}
                type="number"
                min={0}
                inputMode="numeric"
                value={counts[String(value)] ?? ''}
                onChange={(e) =>
                  setCounts({
                    ...counts,
                    [String(value)]: Math.max(0, Math.floor(Number(e.target.value) || 0)),
                  })
                }
              />
            </label>
          );
        })}
      </div>
      <dl className="grid max-w-sm gap-1">
        <div className="flex justify-between">
          <dt>{t('expected')}</dt>
          <dd data-testid="close-expected">{expected === null ? '…' : money(expected)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{t('counted')}</dt>
          <dd data-testid="close-counted">{money(counted)}</dd>
        </div>
        <div className="flex justify-between font-bold">
          <dt>{t('variance')}</dt>
          <dd data-testid="close-variance">{expected === null ? '…' : money(counted - expected)}</dd>
        </div>
      </dl>
      <TextField
        label={t('note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={200}
        optional
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button size="lg" pending={busy} onClick={() => void close()}>
        {t('closeNow')}
      </Button>
    </div>
  );
}
