// The till's first screen: choose a register and open a session with the cash in the drawer (the opening
// float), or resume the session already open on it. An administrator also pairs the register's Square
// Terminal here.
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { LoadError } from '~/client/components/ui/load-error';
import { PageSpinner } from '~/client/components/ui/page-spinner';
import { ApiError } from '~/client/lib/api';
import { useT } from '~/client/lib/i18n';
import type { PosSession } from '~/shared/schemas/pos';
import { getSession, listRegisters, openSession } from './api';
import { POS } from './pos.messages';
import { TerminalPairing } from './terminal-pairing';

export function OpenSession({ onOpen }: { onOpen: (session: PosSession) => void }) {
  const t = useT(POS);
  const registers = useQuery({ queryKey: ['pos-registers'], queryFn: listRegisters });
  const [registerId, setRegisterId] = useState('');
  const [float, setFloat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (registers.isPending) return <PageSpinner />;
  if (registers.isError)
    return (
      <LoadError
        title={t('loadFailed')}
        message={
          registers.error instanceof ApiError
            ? (registers.error.serverMessage ?? registers.error.message)
            : ''
        }
        onRetry={() => void registers.refetch()}
      />
    );
  const list = registers.data.registers;
  const chosen = list.find((r) => String(r.id) === registerId) ?? (list.length === 1 ? list[0] : undefined);

  const run = async (action: () => Promise<PosSession>) => {
    setBusy(true);
    setError(null);
    try {
      onOpen(await action());
    } catch (e) {
      setError(e instanceof ApiError ? (e.serverMessage ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    if (chosen.openSessionId) void run(() => getSession(chosen.openSessionId!));
    else void run(() => openSession({ registerId: chosen.id, openingFloat: float.replace(',', '.') }));
  };

  return (
    <Card title={t('chooseRegister')} className="mx-auto w-full max-w-md">
      <form className="grid gap-3" onSubmit={onSubmit}>
        <SelectField
          label={t('register')}
          value={chosen ? String(chosen.id) : ''}
          onChange={(e) => setRegisterId(e.target.value)}
          required
        >
          <option value="" disabled>
            {t('chooseRegister')}
          </option>
          {list.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
              {r.openSessionId ? ` (${t('sessionOpen')})` : ''}
            </option>
          ))}
        </SelectField>
        {chosen && !chosen.openSessionId && (
          <TextField
            label={t('openingFloat')}
            inputMode="decimal"
            value={float}
            onChange={(e) => setFloat(e.target.value)}
            required
          />
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" pending={busy} pendingLabel={t('opening')} disabled={!chosen}>
          {chosen?.openSessionId ? t('resume') : t('openSession')}
        </Button>
      </form>
      {chosen && <TerminalPairing key={chosen.id} register={chosen} />}
    </Card>
  );
}
