// The till's Returns tab (docs/decisions/0614-returns-at-the-till.md): the receipt's code (scanned from
// its barcode or typed) finds the sale; the cashier chooses the units that come back and whether each
// goes back on sale; the server works out the refund with each tax line, gives it back the way the sale
// was paid and says how much cash to hand back, rounded to 5 cents.
import { type FormEvent, useState } from 'react';
import type { PosRefund, PosReturnable } from '~/shared/schemas/pos';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { ApiError } from '~/client/lib/api';
import { useT } from '~/client/lib/i18n';
import { findReturnable } from './api';
import { POS_RETURNS } from './pos-returns.messages';
import { RefundDone } from './refund-done';
import { ReturnForm } from './return-form';

const message = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);

export function ReturnsPanel({ sessionId }: { sessionId: number }) {
  const t = useT(POS_RETURNS);
  const [code, setCode] = useState('');
  const [sale, setSale] = useState<PosReturnable | null>(null);
  const [refund, setRefund] = useState<PosRefund | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSale(null);
    try {
      setSale(await findReturnable(code.trim().toUpperCase()));
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };
  const next = () => {
    setCode('');
    setSale(null);
    setRefund(null);
  };

  return (
    <section className="grid max-w-2xl gap-3" aria-labelledby="returns-title">
      <h2 id="returns-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {refund ? (
        <RefundDone refund={refund} onNext={next} />
      ) : (
        <>
          <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void find(e)}>
            <TextField
              label={t('receiptCode')}
              hint={t('receiptCodeHint')}
              value={code}
              autoComplete="off"
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" pending={busy} disabled={code.trim() === ''}>
              {t('find')}
            </Button>
          </form>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          {sale && (
            <ReturnForm key={sale.reference} sessionId={sessionId} sale={sale} onRefunded={setRefund} />
          )}
        </>
      )}
    </section>
  );
}
