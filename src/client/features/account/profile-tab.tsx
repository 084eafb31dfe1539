import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { type ProfileUpdate, type ProfileUpdateInput, ProfileUpdateSchema } from '~/shared/schemas/account';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { type CurrentUser, serverFieldErrors, serverMessage } from '~/client/features/auth';
import { TextAreaField, TextField } from '~/client/components/ui/form-fields';
import { useT } from '~/client/lib/i18n';
import { accountMessages } from './account.messages';
import { updateProfile } from './api';

const FIELDS = ['username', 'email', 'phone', 'address'] as const;

export function ProfileTab({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const t = useT(accountMessages);
  // Also given to the inputs as defaultValue, so the server HTML shows the values before hydration.
  const initial = {
    username: user.username,
    email: user.email,
    phone: user.phone ?? '',
    address: user.address ?? '',
  };
  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: zodResolver(ProfileUpdateSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await updateProfile(queryClient, values);
      form.reset({
        username: updated.username,
        email: updated.email,
        phone: updated.phone ?? '',
        address: updated.address ?? '',
      });
      toast({ title: t('profileUpdatedTitle'), description: t('profileUpdatedText') });
    } catch (error) {
      for (const [field, message] of Object.entries(serverFieldErrors(error))) {
        if ((FIELDS as readonly string[]).includes(field))
          form.setError(field as (typeof FIELDS)[number], { message });
      }
      toast({
        title: t('updateFailedTitle'),
        description: serverMessage(error) ?? t('profileFailedText'),
        variant: 'destructive',
      });
    }
  });

  return (
    <section aria-labelledby="profile-heading" className="grid gap-4">
      <div>
        <h2 id="profile-heading" className="text-2xl font-bold">
          {t('tabProfile')}
        </h2>
        <p className="text-sm text-slate-600">{t('profileIntro')}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-4" aria-label={t('tabProfile')}>
        <TextField
          label={t('username')}
          autoComplete="username"
          error={errors.username?.message}
          defaultValue={initial.username}
          {...form.register('username')}
        />
        <TextField
          label={t('email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          defaultValue={initial.email}
          {...form.register('email')}
        />
        <TextField
          label={t('phone')}
          type="tel"
          autoComplete="tel"
          optional
          error={errors.phone?.message}
          defaultValue={initial.phone}
          {...form.register('phone')}
        />
        <TextAreaField
          label={t('address')}
          autoComplete="street-address"
          optional
          error={errors.address?.message}
          defaultValue={initial.address}
          {...form.register('address')}
        />
        <div>
          <Button type="submit" pending={isSubmitting} pendingLabel={t('updating')}>
            {t('updateProfile')}
          </Button>
        </div>
      </form>
    </section>
  );
}
