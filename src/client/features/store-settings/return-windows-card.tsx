// Settings: the return window of each condition, in days after delivery or pickup (0: no return for a
// change of mind; the legal warranty still takes defect claims). The returns page shows them
// (docs/decisions/0540-return-requests.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PRODUCT_CONDITIONS } from '~/shared/constants';
import { PRODUCT_CONDITION_LABELS } from '~/shared/condition';
import { MAX_RETURN_WINDOW_DAYS, type StoreSettings } from '~/shared/schemas/store-settings-admin';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { storeSettingsQueryOptions } from './api';

export function ReturnWindowsCard() {
  const queryClient = useQueryClient();
  const query = useQuery(storeSettingsQueryOptions());
  const [days, setDays] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data)
      setDays(
        Object.fromEntries(Object.entries(query.data.returnWindowDays).map(([k, v]) => [k, String(v)])),
      );
  }, [query.data]);
  const save = useMutation({
    mutationFn: () => apiRequest<StoreSettings>('PATCH', '/api/admin/settings', { returnWindowDays: days }),
    onSuccess: (saved) => {
      queryClient.setQueryData(storeSettingsQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['/api/returns/policy'] });
      toast({ title: 'Success', description: 'Return windows saved.' });
    },
    onError: (error) =>
      toast({
        title: 'Failed to save the return windows',
        description: (error instanceof ApiError && error.serverMessage) || 'Please try again.',
        variant: 'destructive',
      }),
  });
  return (
    <Card
      headingLevel={3}
      title="Return windows"
      description="Days after delivery or pickup a lot of each condition may be returned for a change of mind. 0: no such return. Final-sale lots have none; defect claims (the legal warranty) are taken at any time."
    >
      {query.data && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
          noValidate
          className="grid gap-3 sm:grid-cols-2"
          aria-label="Return windows"
        >
          {PRODUCT_CONDITIONS.map((c) => (
            <TextField
              key={c}
              label={`${PRODUCT_CONDITION_LABELS[c]} (days)`}
              type="number"
              inputMode="numeric"
              min="0"
              max={MAX_RETURN_WINDOW_DAYS}
              value={days[c] ?? ''}
              onChange={(e) => setDays({ ...days, [c]: e.target.value })}
            />
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
              Save Return Windows
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
