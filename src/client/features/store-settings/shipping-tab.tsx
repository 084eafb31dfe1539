// Shipping Settings: standard and express prices with their delivery times in business days
// (docs/decisions/0132-delivery-estimates-are-settings.md) and whether pickup is offered, validated
// with the shared schema's messages; and where and when pickup orders are collected.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ShippingSettingsUpdateSchema } from '~/shared/schemas/store-settings-admin';
import type { ShippingSettings } from '~/shared/schemas/store-settings';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { shippingQueryOptions } from './api';
import { Card } from '~/client/components/ui/card';
import { TextAreaField, TextField } from '~/client/components/ui/form-fields';
import { DEFAULT_PICKUP_SETTINGS, PICKUP_TEXT_MAX } from '~/shared/pickup';
import { LoadError } from '~/client/components/ui/load-error';
import { PickupSlotsCard } from './pickup-slots-card';

type FormValues = {
  standardPrice: string;
  expressPrice: string;
  pickupAvailable: boolean;
  standardMinDays: string | number;
  standardMaxDays: string | number;
  expressMinDays: string | number;
  expressMaxDays: string | number;
  pickupAddress: string;
  pickupHours: string;
  pickupHoursFr: string;
  pickupInstructions: string;
  pickupInstructionsFr: string;
};

/** Where and when pickup orders are collected, in English and French (decision 0491). */
const PICKUP_FIELDS = [
  ['pickupAddress', 'Pickup address (one line per line of the address)'],
  ['pickupHours', 'Pickup hours (English, one line each)'],
  ['pickupHoursFr', 'Pickup hours (French, one line each; blank shows the English)'],
  ['pickupInstructions', 'Pickup instructions (English)'],
  ['pickupInstructionsFr', 'Pickup instructions (French; blank shows the English)'],
] as const;
type Output = z.output<typeof ShippingSettingsUpdateSchema>;

export default function ShippingTab() {
  const queryClient = useQueryClient();
  const query = useQuery(shippingQueryOptions());
  const form = useForm<FormValues, unknown, Output>({
    resolver: zodResolver(ShippingSettingsUpdateSchema) as unknown as Resolver<FormValues, unknown, Output>,
    defaultValues: {
      standardPrice: '',
      expressPrice: '',
      pickupAvailable: true,
      standardMinDays: '',
      standardMaxDays: '',
      expressMinDays: '',
      expressMaxDays: '',
      pickupAddress: '',
      pickupHours: '',
      pickupHoursFr: '',
      pickupInstructions: '',
      pickupInstructionsFr: '',
    },
  });
  const { errors } = form.formState;

  useEffect(() => {
    // The store's pickup defaults for a server that sent none (an older one).
    if (query.data) form.reset({ ...DEFAULT_PICKUP_SETTINGS, ...query.data });
  }, [query.data, form]);

  const save = useMutation({
    mutationFn: (values: Output) => apiRequest<ShippingSettings>('PUT', '/api/shipping', values),
    onSuccess: (saved) => {
      queryClient.setQueryData(shippingQueryOptions().queryKey, saved);
      toast({ title: 'Success', description: 'Shipping settings updated.' });
    },
    onError: (error) =>
      toast({
        title: 'Error updating shipping settings',
        description: (error instanceof ApiError && error.serverMessage) || 'Please try again.',
        variant: 'destructive',
      }),
  });

  return (
    <div className="grid max-w-2xl gap-4">
      <h2 className="text-xl font-semibold">Shipping Settings</h2>
      <Card title="Shipping Prices" description="What shoppers pay for each shipping method at checkout.">
        {query.isError ? (
          <LoadError
            title="Failed to fetch shipping settings"
            message="The shipping settings could not be loaded."
            onRetry={() => query.refetch()}
          />
        ) : query.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <form
            onSubmit={form.handleSubmit((values) => save.mutate(values))}
            noValidate
            className="grid gap-4"
            aria-label="Shipping settings"
          >
            <TextField
              label="Standard Shipping Price ($)"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="5.99"
              error={errors.standardPrice?.message}
              {...form.register('standardPrice')}
            />
            <div className="grid grid-cols-2 gap-4">
              <TextField
                label="Standard delivery from (business days)"
                type="number"
                inputMode="numeric"
                step="1"
                min="1"
                error={errors.standardMinDays?.message}
                {...form.register('standardMinDays')}
              />
              <TextField
                label="Standard delivery to (business days)"
                type="number"
                inputMode="numeric"
                step="1"
                min="1"
                error={errors.standardMaxDays?.message}
                {...form.register('standardMaxDays')}
              />
            </div>
            <TextField
              label="Express Shipping Price ($)"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="14.99"
              error={errors.expressPrice?.message}
              {...form.register('expressPrice')}
            />
            <div className="grid grid-cols-2 gap-4">
              <TextField
                label="Express delivery from (business days)"
                type="number"
                inputMode="numeric"
                step="1"
                min="1"
                error={errors.expressMinDays?.message}
                {...form.register('expressMinDays')}
              />
              <TextField
                label="Express delivery to (business days)"
                type="number"
                inputMode="numeric"
                step="1"
                min="1"
                error={errors.expressMaxDays?.message}
                {...form.register('expressMaxDays')}
              />
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4" {...form.register('pickupAvailable')} />
              Pickup available (free, at the store)
            </label>
            <fieldset className="grid gap-4">
              <legend className="mb-2 text-sm font-semibold">Pickup place</legend>
              {PICKUP_FIELDS.map(([name, label]) => (
                <TextAreaField
                  key={name}
                  label={label}
                  rows={3}
                  maxLength={PICKUP_TEXT_MAX}
                  error={errors[name]?.message}
                  {...form.register(name)}
                />
              ))}
            </fieldset>
            <div>
              <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
                Save Shipping Settings
              </Button>
            </div>
          </form>
        )}
      </Card>
      <PickupSlotsCard />
    </div>
  );
}
