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
import { serverMessage } from './api';

export function ForgotPasswordPage() {
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
      setFailure(serverMessage(error) ?? 'Something went wrong. Please try again.');
    }
  });

  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <Seo
        title="Forgot Password"
        description="Get a link to choose a new password."
        canonicalPath="/auth/forgot"
        noIndex
      />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Forgot your password?</h1>
        {sent ? (
          <div role="status" className="mt-4 rounded-md bg-emerald-50 p-4 text-sm text-emerald-900">
            <p>{sent}</p>
            <p className="mt-2">Check your inbox, and your spam folder too.</p>
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600">
              Enter the email address of your account and we will send you a link to choose a new password.
            </p>
            {failure && (
              <p
                role="alert"
                className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
              >
                {failure}
              </p>
            )}
            <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4" aria-label="Forgot password">
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <Button type="submit" pending={isSubmitting} pendingLabel="Sending..." className="w-full">
                Send Reset Link
              </Button>
            </form>
          </>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to={back} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
