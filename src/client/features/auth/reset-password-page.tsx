// /auth/reset?token=…: the page a reset link opens. The token is read once and taken out of the
// address at once, so it stays out of the history and of any Referer (the server also answers this page
// with Referrer-Policy: no-referrer; docs/decisions/0280-password-reset.md).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type ResetPasswordForm, ResetPasswordFormSchema } from '~/shared/schemas/auth';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { apiRequest } from '~/client/lib/api';
import { Seo } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { serverFieldErrors, serverMessage } from './api';
import { authMessages } from './auth.messages';

/** The token in the address, read in the browser (undefined until then, null when there is none). */
function useResetToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const read = useRef(false);
  useEffect(() => {
    // Once: a second run (React's development double effects) would find the address already cleaned.
    if (read.current) return;
    read.current = true;
    const url = new URL(window.location.href);
    const found = url.searchParams.get('token');
    setToken(found);
    if (found !== null) {
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  }, []);
  return token;
}

export function ResetPasswordPage() {
  const token = useResetToken();
  const t = useT(authMessages);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await apiRequest<{ message: string }>('POST', '/api/auth/reset-password', {
        token,
        password: values.password,
      });
      setDone(answer.message);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.password) form.setError('password', { message: fields.password });
      else setFailure(serverMessage(error) ?? t('tryAgainLater'));
    }
  });

  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <Seo
        title={t('resetTitle')}
        description={t('resetSeoDescription')}
        canonicalPath="/auth/reset"
        noIndex
      />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{t('resetHeading')}</h1>
        {done ? (
          <div role="status" className="mt-4 rounded-md bg-emerald-50 p-4 text-sm text-emerald-900">
            <p>{done}</p>
            <p className="mt-2">{t('signedOutEverywhere')}</p>
          </div>
        ) : token === null ? (
          <p role="alert" className="mt-4 text-sm text-red-800">
            {t('invalidLink')}
          </p>
        ) : (
          <>
            {failure && (
              <div
                role="alert"
                className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
              >
                <p>{failure}</p>
              </div>
            )}
            <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4" aria-label={t('resetHeading')}>
              <TextField
                label={t('newPassword')}
                type="password"
                autoComplete="new-password"
                error={errors.password?.message}
                {...form.register('password')}
              />
              <TextField
                label={t('confirmNewPassword')}
                type="password"
                autoComplete="new-password"
                error={errors.confirmPassword?.message}
                {...form.register('confirmPassword')}
              />
              <Button
                type="submit"
                pending={isSubmitting}
                pendingLabel={t('saving')}
                disabled={token === undefined}
                className="w-full"
              >
                {t('setNewPassword')}
              </Button>
            </form>
          </>
        )}
        <p className="mt-6 flex justify-center gap-4 text-sm">
          <Link to="/auth" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {t('signIn')}
          </Link>
          {!done && (
            <Link to="/auth/forgot" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {t('askNewLink')}
            </Link>
          )}
        </p>
      </div>
    </div>
  );
}
