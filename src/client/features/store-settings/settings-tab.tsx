// Settings (administrators): the store's own settings, today the low-stock threshold that the products
// tab's 'Low stock' filter and the Overview's card use (docs/decisions/0251-low-stock.md). Validated with
// the shared schema's messages.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import {
  MAX_LOW_STOCK_THRESHOLD,
  type StoreSettings,
  type StoreSettingsUpdate,
  StoreSettingsUpdateSchema,
} from '~/shared/schemas/store-settings-admin';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { TextField } from '~/client/components/ui/form-fields';
import { LoadError } from '~/client/components/ui/load-error';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { storeSettingsQueryOptions } from './api';
import { PriceClaimsCard } from './price-claims-card';
import { ReturnWindowsCard } from './return-windows-card';

type FormValues = { lowStockThreshold: string | number };

export default function SettingsTab() {
  const queryClient = useQueryClient();
  const query = useQuery(storeSettingsQueryOptions());
  const form = useForm<FormValues, unknown, StoreSettingsUpdate>({
    resolver: zodResolver(StoreSettingsUpdateSchema) as unknown as Resolver<
      FormValues,
      unknown,
      StoreSettingsUpdate
    >,
    defaultValues: { lowStockThreshold: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (query.data) form.reset({ lowStockThreshold: query.data.lowStockThreshold });
  }, [query.data, form]);

  const save = useMutation({
    mutationFn: (values: StoreSettingsUpdate) =>
      apiRequest<StoreSettings>('PATCH', '/api/admin/settings', values),
    onSuccess: (saved) => {
      queryClient.setQueryData(storeSettingsQueryOptions().queryKey, saved);
      // The Overview's low-stock card counts with the new threshold.
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/products/admin'] });
      toast({ title: 'Success', description: 'Settings saved.' });
    },
    onError: (error) =>
      toast({
        title: 'Failed to save settings',
        description: (error instanceof ApiError && error.serverMessage) || 'Please try again.',
        variant: 'destructive',
      }),
  });

  return (
    <div className="grid max-w-2xl gap-4">
      <h2 className="text-xl font-semibold">Store Settings</h2>
      <Card
        headingLevel={3}
        title="Low stock"
        description="Active products with at least one unit and no more than this many are low on stock: the Overview lists them and the Products tab can show only them."
      >
        {query.isError ? (
          <LoadError
            title="Failed to load the settings"
            message="The store settings could not be loaded."
            onRetry={() => query.refetch()}
          />
        ) : query.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <form
            onSubmit={form.handleSubmit((values) => save.mutate(values))}
            noValidate
            className="grid gap-4"
            aria-label="Store settings"
          >
            <TextField
              label="Low-stock threshold (units)"
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              max={MAX_LOW_STOCK_THRESHOLD}
              hint="0 turns the low-stock list off."
              error={errors.lowStockThreshold?.message}
              {...form.register('lowStockThreshold')}
            />
            <div>
              <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
                Save Settings
              </Button>
            </div>
          </form>
        )}
      </Card>
      <ReturnWindowsCard />
      <PriceClaimsCard />
    </div>
  );
}
