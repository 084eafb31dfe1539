import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type Login, LoginSchema } from '~/shared/schemas/auth';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { serverMessage } from './api';
import { login } from './sign-in';
import { TextField } from '~/client/components/ui/form-fields';
import { useT } from '~/client/lib/i18n';
import { authMessages } from './auth.messages';

export function LoginForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useT(authMessages);
  const form = useForm<Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await login(queryClient, values);
      toast({ title: t('loginSuccessful'), description: t('welcomeBack', { username: user.username }) });
      await navigate('/account');
    } catch (error) {
      toast({
        title: t('loginFailed'),
        description: serverMessage(error) ?? t('invalidCredentials'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('loginFormLabel')}>
      <TextField
        label={t('username')}
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        label={t('password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" pending={isSubmitting} pendingLabel={t('loggingIn')} className="w-full">
        {t('loginButton')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth/forgot" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {t('forgotPasswordLink')}
        </Link>
      </p>
    </form>
  );
}
