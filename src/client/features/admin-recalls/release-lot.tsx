// The owner releases a lot a recall matched wrongly (docs/decisions/0568-recall-quarantine-release.md):
// a reason is required and audited; the lot leaves quarantine but stays off sale until it is published.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogCancel } from '~/client/components/ui/dialog';
import { TextAreaField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';

export function ReleaseLot({ lot }: { lot: { id: number; name: string } }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const release = useMutation({
    mutationFn: () =>
      apiRequest('POST', `/api/admin/recalls/quarantine/${lot.id}/release`, { reason: reason.trim() }),
    onSuccess: () => {
      setOpen(false);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/recalls/quarantine'] });
      toast({
        title: 'Released',
        description: `${lot.name} left quarantine. It stays off sale until you publish it.`,
      });
    },
    onError: (e) => setError((e instanceof ApiError && e.serverMessage) || 'Please try again.'),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    release.mutate();
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Release ${lot.name}`}>
        Release
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Release from quarantine"
        description="Only when the recall does not concern this lot (another model or batch). The reason is kept in the audit log."
        dirty={reason.trim() !== ''}
      >
        <form onSubmit={onSubmit} className="grid gap-4" aria-label="Release from quarantine">
          <TextAreaField
            label="Reason"
            value={reason}
            error={error}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex justify-end gap-2">
            <DialogCancel disabled={release.isPending} />
            <Button type="submit" pending={release.isPending} pendingLabel="Releasing...">
              Release Lot
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
