// /auth/confirm?token=…: the page the registration e-mail's link opens
// (docs/decisions/0456-registration-does-not-tell-which-emails-have-accounts.md). It sends the token once,
// takes it out of the address at once (like the reset page), and on success signs in and goes to /account
// with the specification's 'Registration Successful' / 'Welcome, {username}!'.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '~/client/components/ui/toast-store';
import { Seo } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { serverMessage } from './api';
import { authMessages } from './auth.messages';
import { confirmRegistration } from './sign-in';

export function ConfirmRegistrationPage() {
  const t = useT(authMessages);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once: a second run (React's development double effects) would find the address already cleaned.
    if (sent.current) return;
    sent.current = true;
    const url = new URL(window.location.href);
    const token = url.searchParams.get('token');
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (!token) {
      setFailure(t('confirmInvalid'));
      return;
    }
    confirmRegistration(queryClient, token).then(
      async (user) => {
        toast({
          title: t('registrationSuccessful'),
          description: t('welcomeNew', { username: user.username }),
        });
        await navigate('/account');
      },
      (error: unknown) => setFailure(serverMessage(error) ?? t('tryAgainLater')),
    );
  }, [queryClient, navigate, t]);

  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <Seo title={t('confirmTitle')} description={t('confirmTitle')} canonicalPath="/auth/confirm" noIndex />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">
          {failure ? t('confirmFailed') : t('confirmHeading')}
        </h1>
        {failure && (
          <div className="mt-4 grid gap-3">
            <p role="alert" className="text-sm text-red-800">
              {failure}
            </p>
            <Link to="/auth" className="text-sm font-medium text-blue-700 underline">
              {t('registerAgain')}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
