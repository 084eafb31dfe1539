import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useState } from 'react';
import { type RegisterForm as RegisterValues, RegisterFormSchema } from '~/shared/schemas/auth';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { serverFieldErrors, serverMessage } from './api';
import { InvalidResponseError, register } from './sign-in';
import { TextField } from '~/client/components/ui/form-fields';
import { useT } from '~/client/lib/i18n';
import { authMessages } from './auth.messages';

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;

export function RegisterForm() {
  const queryClient = useQueryClient();
  const t = useT(authMessages);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  // The address the e-mail went to, once the server took the registration: the form gives way to a notice.
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await register(queryClient, values);
      setSentTo(values.email);
    } catch (error) {
      // The server's field messages (a taken username or email) show under their fields too.
      for (const [field, message] of Object.entries(serverFieldErrors(error))) {
        if ((FIELDS as readonly string[]).includes(field))
          form.setError(field as (typeof FIELDS)[number], { message });
      }
      const message = error instanceof InvalidResponseError ? t('invalidResponse') : serverMessage(error);
      toast(
        message
          ? { title: t('registrationFailed'), description: message, variant: 'destructive' }
          : { title: t('registrationFailedOther'), description: t('somethingWrong'), variant: 'destructive' },
      );
    }
  });

  if (sentTo !== null) {
    return (
      <div role="status" className="grid gap-2 rounded-md bg-emerald-50 p-4 text-sm text-emerald-900">
        <p className="font-semibold">{t('checkEmailHeading')}</p>
        <p>{t('checkEmailText', { email: sentTo })}</p>
        <p>{t('checkEmailSpam')}</p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('registerFormLabel')}>
      <TextField
        label={t('username')}
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label={t('password')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label={t('confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" pending={isSubmitting} pendingLabel={t('creatingAccount')} className="w-full">
        {t('registerButton')}
      </Button>
    </form>
  );
}
