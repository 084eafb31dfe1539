// Settings: when a '% OFF' badge may compare with a reference price (docs/decisions/0567-price-claims-with-evidence.md).
// The shop's own 'was' price qualifies when it was charged for at least `wasPriceMinDays` days before a
// markdown at most `wasPriceWithinDays` days old; an estimated retail price from a manifest drives a
// % OFF badge only when staff allow it. The labels ("Was", "Est. retail") are shown either way.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { MAX_CLAIM_DAYS, type StoreSettings } from '~/shared/schemas/store-settings-admin';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { storeSettingsQueryOptions } from './api';

type Rule = { wasPriceMinDays: string; wasPriceWithinDays: string; estimatedRetailPercentOff: boolean };

export function PriceClaimsCard() {
  const queryClient = useQueryClient();
  const query = useQuery(storeSettingsQueryOptions());
  const [rule, setRule] = useState<Rule | null>(null);
  const boxId = useId();
  useEffect(() => {
    if (query.data)
      setRule({
        wasPriceMinDays: String(query.data.wasPriceMinDays),
        wasPriceWithinDays: String(query.data.wasPriceWithinDays),
        estimatedRetailPercentOff: query.data.estimatedRetailPercentOff,
      });
  }, [query.data]);
  const save = useMutation({
    mutationFn: (r: Rule) =>
      apiRequest<StoreSettings>('PATCH', '/api/admin/settings', {
        wasPriceMinDays: Number(r.wasPriceMinDays),
        wasPriceWithinDays: Number(r.wasPriceWithinDays),
        estimatedRetailPercentOff: r.estimatedRetailPercentOff,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(storeSettingsQueryOptions().queryKey, saved);
      toast({ title: 'Success', description: 'Price claim rule saved.' });
    },
    onError: (error) =>
      toast({
        title: 'Failed to save the price claim rule',
        description: (error instanceof ApiError && error.serverMessage) || 'Please try again.',
        variant: 'destructive',
      }),
  });
  const days = (key: 'wasPriceMinDays' | 'wasPriceWithinDays', label: string) =>
    rule && (
      <TextField
        label={label}
        type="number"
        inputMode="numeric"
        min="1"
        max={MAX_CLAIM_DAYS}
        value={rule[key]}
        onChange={(e) => setRule({ ...rule, [key]: e.target.value })}
      />
    );
  return (
    <Card
      headingLevel={3}
      title="Price claims"
      description="When a '% OFF' badge may compare with a reference price. A 'Was' price counts when the lot was sold at it long enough before a recent markdown; an estimated retail price from a manifest is labelled 'Est. retail' and counts only if you allow it."
    >
      {rule && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(rule);
          }}
          noValidate
          className="grid gap-3 sm:grid-cols-2"
          aria-label="Price claims"
        >
          {days('wasPriceMinDays', "Days at the 'Was' price before the markdown, at least")}
          {days('wasPriceWithinDays', 'Markdown made within the last (days)')}
          <div className="flex items-center gap-2 sm:col-span-2">
            <input
              id={boxId}
              type="checkbox"
              className="h-5 w-5"
              checked={rule.estimatedRetailPercentOff}
              onChange={(e) => setRule({ ...rule, estimatedRetailPercentOff: e.target.checked })}
            />
            <label htmlFor={boxId}>Show % OFF against an estimated retail price</label>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
              Save Price Claim Rule
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
