// The privacy officer published on the privacy page (both languages) and the postal address every
// marketing e-mail names (blank: the pickup address). Saved with the store's own settings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { StoreSettings } from '~/shared/schemas/store-settings-admin';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';

const FIELDS = [
  ['privacyOfficerName', 'Name'],
  ['privacyOfficerTitle', 'Title (English)'],
  ['privacyOfficerTitleFr', 'Title (French)'],
  ['privacyOfficerEmail', 'E-mail (blank: the store’s address)'],
  ['privacyOfficerPhone', 'Phone'],
  ['mailingAddress', 'Postal address in marketing e-mails and contracts (blank: the pickup address)'],
  ['legalName', 'Legal name on contracts (blank: the store name)'],
] as const;
type Key = (typeof FIELDS)[number][0];

export function PrivacySettings() {
  const queryClient = useQueryClient();
  const settings = useQuery<StoreSettings>({ queryKey: ['/api/admin/settings'] }).data;
  const [values, setValues] = useState<Record<Key, string> | null>(null);
  useEffect(() => {
    if (settings) setValues(Object.fromEntries(FIELDS.map(([k]) => [k, settings[k]])) as Record<Key, string>);
  }, [settings]);
  const save = useMutation({
    mutationFn: (body: Record<Key, string>) =>
      apiRequest<StoreSettings>('PATCH', '/api/admin/settings', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(['/api/admin/settings'], saved);
      void queryClient.invalidateQueries({ queryKey: ['/api/privacy-contact'] });
      toast({ title: 'Success', description: 'Privacy settings saved.' });
    },
    onError: (error) =>
      toast({
        title: 'Failed to save settings',
        description: (error instanceof ApiError && error.serverMessage) || 'Please try again.',
        variant: 'destructive',
      }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (values) save.mutate(values);
  };
  return (
    <Card
      headingLevel={3}
      title="Privacy officer"
      description="The person in charge of personal information, shown on the privacy page in English and French."
    >
      {values && (
        <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2" aria-label="Privacy officer">
          {FIELDS.map(([key, label]) => (
            <TextField
              key={key}
              label={label}
              value={values[key]}
              onChange={(e) => setValues({ ...values, [key]: e.target.value })}
            />
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
              Save Privacy Settings
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
