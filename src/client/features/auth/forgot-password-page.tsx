// /auth/forgot: 'Forgot password?' from the Login tab and the admin sign-in. The answer is the same
// whether or not an account uses the address (docs/decisions/0280-password-reset.md).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { type ForgotPassword, ForgotPasswordSchema } from '~/shared/schemas/auth';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { apiRequest } from '~/client/lib/api';
import { Seo } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { serverMessage } from './api';
import { authMessages } from './auth.messages';

export function ForgotPasswordPage() {
  const t = useT(authMessages);
  const [params] = useSearchParams();
  const back = params.get('from') === 'admin' ? '/admin' : '/auth';
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', values);
      setSent(answer.message);
    } catch (error) {
      setFailure(serverMessage(error) ?? t('tryAgainLater'));
    }
  });

  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <Seo
        title={t('forgotTitle')}
        description={t('forgotSeoDescription')}
        canonicalPath="/auth/forgot"
        noIndex
      />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{t('forgotHeading')}</h1>
        {sent ? (
          <div role="status" className="mt-4 rounded-md bg-emerald-50 p-4 text-sm text-emerald-900">
            <p>{sent}</p>
            <p className="mt-2">{t('checkInbox')}</p>
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600">{t('forgotIntro')}</p>
            {failure && (
              <p
                role="alert"
                className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
              >
                {failure}
              </p>
            )}
            <form
              onSubmit={onSubmit}
              noValidate
              className="mt-4 grid gap-4"
              aria-label={t('forgotFormLabel')}
            >
              <TextField
                label={t('email')}
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <Button type="submit" pending={isSubmitting} pendingLabel={t('sending')} className="w-full">
                {t('sendResetLink')}
              </Button>
            </form>
          </>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to={back} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {t('backToSignIn')}
          </Link>
        </p>
      </div>
    </div>
  );
}
