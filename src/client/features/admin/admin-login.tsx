// 'Admin Access Required': sign in, then ask the server who we are; an account that is neither staff nor
// an administrator is signed straight out again.
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { worksInAdmin } from '~/shared/roles';
import { type Login, LoginSchema } from '~/shared/schemas/auth';
import { Button } from '~/client/components/ui/button';
import { ApiError, apiRequest } from '~/client/lib/api';
import { type CurrentUser, logout, meQueryOptions, signedOut } from '~/client/features/auth';
import { TextField } from '~/client/components/ui/form-fields';

export const ACCESS_DENIED = 'Access denied. Administrator privileges required.';
export const VERIFY_FAILED = 'Failed to verify admin status. Please try again.';
export const INVALID_CREDENTIALS = 'Invalid credentials. Please try again.';

export function AdminLogin({ signedInCustomer }: { signedInCustomer: CurrentUser | null }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const form = useForm<Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function signOutQuietly() {
    try {
      await logout(queryClient);
    } catch {
      // The session may already be gone; the screen still shows nobody signed in.
      signedOut(queryClient);
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      // Straight to the API rather than auth's login(): the signed-in user is only put in the cache by
      // the check below, so an administrator's screen never shows before that check has passed.
      await apiRequest('POST', '/api/auth/login', values);
      queryClient.removeQueries({ queryKey: ['/api/orders/my-orders'] });
    } catch (e) {
      // Too many attempts is the one failure worth telling apart: it says when to try again.
      setError(
        e instanceof ApiError && e.status === 429
          ? (e.serverMessage ?? INVALID_CREDENTIALS)
          : INVALID_CREDENTIALS,
      );
      return;
    }
    let me: CurrentUser | null = null;
    try {
      me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    } catch {
      me = null;
    }
    if (!me) {
      setError(VERIFY_FAILED);
      await signOutQuietly();
      return;
    }
    if (!worksInAdmin(me.role)) {
      setError(ACCESS_DENIED);
      await signOutQuietly();
      return;
    }
    form.reset();
  });

  async function onSignOut() {
    setSigningOut(true);
    await signOutQuietly();
    setSigningOut(false);
  }

  const shownError = error ?? (signedInCustomer ? ACCESS_DENIED : null);

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-20">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 text-center">
          <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <rect x="5" y="11" width="14" height="10" rx="2" />
              <path d="M8 11V7a4 4 0 0 1 8 0v4" />
            </svg>
          </div>
          <h1 className="text-2xl font-bold">Admin Access Required</h1>
          <p className="mt-2 text-sm text-slate-600">
            Sign in with an administrator or staff account to manage the store.
          </p>
        </div>
        {shownError && (
          <div
            role="alert"
            className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {shownError}
          </div>
        )}
        {signedInCustomer && !error && (
          <div className="mb-4 flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2 text-sm">
            <span>
              Signed in as <strong>{signedInCustomer.username}</strong>
            </span>
            <Button variant="outline" size="sm" onClick={onSignOut} disabled={signingOut}>
              Sign out
            </Button>
          </div>
        )}
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Admin login">
          <TextField
            label="Username"
            autoComplete="username"
            error={errors.username?.message}
            {...form.register('username')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" pending={isSubmitting} pendingLabel="Authenticating..." className="w-full">
            Login as Administrator
          </Button>
        </form>
        <p className="mt-4 text-center text-sm">
          <Link
            to="/auth/forgot?from=admin"
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Forgot password?
          </Link>
        </p>
        <p className="mt-6 text-center text-xs text-slate-500">Only administrators can access this area</p>
      </div>
    </div>
  );
}
