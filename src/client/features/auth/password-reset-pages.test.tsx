// The forgot and reset password pages (docs/decisions/0280-password-reset.md).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '~/shared/schemas/auth';
import { fakeApi, renderRoutes } from '~/client/test/test-utils';
import { authRoutes } from './routes';

beforeAll(async () => {
  await Promise.all([import('./forgot-password-page'), import('./reset-password-page')]);
});

const LONG = { timeout: 10_000 };

describe('forgot password page', { timeout: 30_000 }, () => {
  it('checks the address, sends it and shows the one answer', async () => {
    const api = fakeApi({ '/api/auth/forgot-password': { body: { message: FORGOT_PASSWORD_ANSWER } } });
    const user = userEvent.setup();
    renderRoutes(authRoutes, '/auth/forgot');
    const email = await screen.findByLabelText('Email', undefined, LONG);
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
    await user.clear(email);
    await user.type(email, 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_ANSWER)).toBeTruthy();
    const [, init] = callsOf(api)[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'pat@example.com' });
  });

  it('shows a limit message from the server', async () => {
    fakeApi({
      '/api/auth/forgot-password': {
        status: 429,
        body: {
          message: 'Too many password reset requests from this address. Please try again in 5 minutes.',
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes(authRoutes, '/auth/forgot');
    await user.type(await screen.findByLabelText('Email', undefined, LONG), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many password reset requests from this address. Please try again in 5 minutes.',
    );
  });
});

describe('reset password page', { timeout: 30_000 }, () => {
  it('takes the token out of the address, checks the two passwords and sends the token with the new one', async () => {
    window.history.replaceState(null, '', '/auth/reset?token=abc123');
    const api = fakeApi({
      '/api/auth/reset-password': {
        body: { message: 'Your password has been changed. Please sign in with your new password.' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(authRoutes, '/auth/reset?token=abc123');
    const password = await screen.findByLabelText('New Password', undefined, LONG);
    await waitFor(() => expect(window.location.search).toBe(''));
    await user.type(password, 'new-lantern-fig-72');
    await user.type(screen.getByLabelText('Confirm New Password'), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-lantern-fig-72');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(
      await screen.findByText('Your password has been changed. Please sign in with your new password.'),
    ).toBeTruthy();
    const [, init] = callsOf(api)[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({
      token: 'abc123',
      password: 'new-lantern-fig-72',
    });
  });

  it("shows the server's refusal of a used link", async () => {
    window.history.replaceState(null, '', '/auth/reset?token=used-one');
    fakeApi({
      '/api/auth/reset-password': {
        status: 400,
        body: { message: 'This password reset link has already been used. Please ask for a new one.' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(authRoutes, '/auth/reset?token=used-one');
    await user.type(await screen.findByLabelText('New Password', undefined, LONG), 'new-lantern-fig-72');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-lantern-fig-72');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password reset link has already been used. Please ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/auth/forgot',
    );
  });
});

/** fetch's calls with their init (the mock is typed with the URL alone). */
function callsOf(mock: { mock: { calls: unknown[][] } }): [string, RequestInit | undefined][] {
  return mock.mock.calls as unknown as [string, RequestInit | undefined][];
}
