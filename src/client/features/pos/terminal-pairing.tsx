// An administrator pairs the chosen register with its Square Terminal: the device id from Square's
// Devices API, where the till's card part goes (docs/decisions/0613-till-card-on-square-terminal.md).
// Staff do not see it; the server checks it is an administrator.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { ApiError } from '~/client/lib/api';
import { useT } from '~/client/lib/i18n';
import { meQueryOptions } from '~/client/features/auth';
import { pairTerminal } from './api';
import { POS } from './pos.messages';

export function TerminalPairing({ register }: { register: { id: number; squareDeviceId?: string | null } }) {
  const t = useT(POS);
  const me = useQuery(meQueryOptions());
  const queryClient = useQueryClient();
  const [deviceId, setDeviceId] = useState(register.squareDeviceId ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!me.data?.isAdmin) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await pairTerminal(register.id, deviceId.trim() || null);
      await queryClient.invalidateQueries({ queryKey: ['pos-registers'] });
      setMessage(t('terminalSaved'));
    } catch (e) {
      setMessage(e instanceof ApiError ? (e.serverMessage ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-4 grid gap-2 border-t border-slate-200 pt-3" onSubmit={save}>
      <TextField
        label={t('terminalDevice')}
        hint={t('terminalHint')}
        optional
        value={deviceId}
        onChange={(e) => setDeviceId(e.target.value)}
      />
      <Button type="submit" variant="outline" pending={busy} pendingLabel={t('terminalSaving')}>
        {t('saveTerminal')}
      </Button>
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
    </form>
  );
}
