import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { fakeApi, makeSiteConfig, makeUser, renderRoutes } from '~/client/test/test-utils';
import { authRoutes } from './routes';

// The page is a lazy route (docs/decisions/0145-lazy-routes-and-script-budget.md): load its module once up
// front, so the first test does not spend its time budget compiling it.
beforeAll(async () => {
  await import('./auth-page');
});

const USER = makeUser();

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const signedOut = {
  '/api/auth/me': { status: 401, body: { message: 'Not signed in.' } },
  '/api/discounts/today': { body: 20 },
  '/api/site-config': { body: makeSiteConfig() },
};

function requestBodies(mock: ReturnType<typeof fakeApi>, path: string) {
  // fetch is called with (path, init); the fake's type only names the first.
  return (mock.mock.calls as unknown as [string, RequestInit][])
    .filter(([input]) => String(input) === path)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}

describe('/auth', () => {
  it('shows a spinner while the session loads, then the page with the benefits and the deal', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (input === '/api/auth/me') {
          await gate;
          return new Response('{"message":"no"}', { status: 401 });
        }
        if (input === '/api/site-config') return new Response(JSON.stringify(makeSiteConfig()));
        return new Response('20', { status: 200 });
      }),
    );
    renderRoutes(authRoutes, '/auth');
    expect((await screen.findByRole('status')).textContent).toBe('Checking your session...');
    release();
    expect(await screen.findByRole('heading', { name: /Welcome to Test Store/ })).toBeTruthy();
    for (const text of [
      'Track your orders',
      'Save your shipping information',
      'Get exclusive deals',
      'Receive notifications',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    // The store's weekday from the site configuration (1 January 2026, a Thursday).
    expect(await screen.findByText('Thursday: 20% OFF')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
  });

  it('sends a signed-in visitor to /account', async () => {
    fakeApi({ ...signedOut, '/api/auth/me': { body: USER } });
    const { router } = renderRoutes(authRoutes, '/auth');
    await waitFor(() => expect(router.location().pathname).toBe('/account'));
  });

  describe('Login', () => {
    it("says 'Username is required' and 'Password is required' and sends nothing", async () => {
      const api = fakeApi(signedOut);
      renderRoutes(authRoutes, '/auth');
      await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
      expect(await screen.findByText('Username is required')).toBeTruthy();
      expect(screen.getByText('Password is required')).toBeTruthy();
      expect(requestBodies(api, '/api/auth/login')).toEqual([]);
    });

    it("signs in: 'Login Successful' / 'Welcome back, bob!' and goes to /account", async () => {
      const api = fakeApi({ ...signedOut, '/api/auth/login': { body: USER } });
      const { router, queryClient } = renderRoutes(authRoutes, '/auth');
      await userEvent.type(await screen.findByLabelText('Username'), 'bob');
      await userEvent.type(screen.getByLabelText('Password'), 'secret1');
      await userEvent.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(router.location().pathname).toBe('/account'));
      expect(await screen.findByText('Login Successful')).toBeTruthy();
      expect(screen.getByText('Welcome back, bob!')).toBeTruthy();
      expect(requestBodies(api, '/api/auth/login')).toEqual([{ username: 'bob', password: 'secret1' }]);
      expect(queryClient.getQueryData(['/api/auth/me'])).toMatchObject({ username: 'bob' });
    });

    it("shows 'Login Failed' with the server's message", async () => {
      fakeApi({
        ...signedOut,
        '/api/auth/login': { status: 401, body: { message: 'Invalid username or password.' } },
      });
      const { router } = renderRoutes(authRoutes, '/auth');
      await userEvent.type(await screen.findByLabelText('Username'), 'bob');
      await userEvent.type(screen.getByLabelText('Password'), 'nope');
      await userEvent.click(screen.getByRole('button', { name: 'Login' }));
      expect(await screen.findByText('Login Failed')).toBeTruthy();
      expect(screen.getByText('Invalid username or password.')).toBeTruthy();
      expect(router.location().pathname).toBe('/auth');
    });

    it("falls back to 'Invalid credentials' when the server says nothing readable", async () => {
      fakeApi({ ...signedOut, '/api/auth/login': { status: 502, body: 'Bad gateway' } });
      renderRoutes(authRoutes, '/auth');
      await userEvent.type(await screen.findByLabelText('Username'), 'bob');
      await userEvent.type(screen.getByLabelText('Password'), 'nope');
      await userEvent.click(screen.getByRole('button', { name: 'Login' }));
      expect(await screen.findByText('Login Failed')).toBeTruthy();
      expect(screen.getByText('Invalid credentials')).toBeTruthy();
    });
  });

  describe('Register', () => {
    async function openRegister() {
      await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
      return screen.findByRole('form', { name: 'Register' });
    }

    /** Opens the Register tab, fills it in and presses Register. */
    async function submitRegister(username: string, confirmPassword = 'secret1') {
      await openRegister();
      await userEvent.type(screen.getByLabelText('Username'), username);
      await userEvent.type(screen.getByLabelText('Email'), `${username}@example.com`);
      await userEvent.type(screen.getByLabelText('Password'), 'secret1');
      await userEvent.type(screen.getByLabelText('Confirm Password'), confirmPassword);
      await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    }

    it('shows every validation message and sends nothing', async () => {
      const api = fakeApi(signedOut);
      renderRoutes(authRoutes, '/auth');
      await openRegister();
      await userEvent.type(screen.getByLabelText('Username'), 'ab');
      await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
      await userEvent.type(screen.getByLabelText('Password'), '12345');
      await userEvent.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
      expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
      expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
      expect(screen.getByText('Please confirm your password')).toBeTruthy();
      expect(requestBodies(api, '/api/auth/register')).toEqual([]);
    });

    it('says "Passwords don\'t match" under the confirmation', async () => {
      fakeApi(signedOut);
      renderRoutes(authRoutes, '/auth');
      await submitRegister('newbie', 'secret2');
      const message = await screen.findByText("Passwords don't match");
      expect(screen.getByLabelText('Confirm Password').getAttribute('aria-describedby')).toBe(message.id);
    });

    it('sends only username, email and password, then says to check the e-mail (nobody is signed in yet)', async () => {
      const api = fakeApi({
        ...signedOut,
        '/api/auth/register': {
          status: 202,
          body: {
            message:
              'Almost done: we have sent an e-mail to that address. Open the link in it within 24 hours to finish creating your account.',
            pending: true,
          },
        },
      });
      const { router } = renderRoutes(authRoutes, '/auth');
      await submitRegister('newbie');
      expect(await screen.findByText('Check your e-mail')).toBeTruthy();
      expect(
        screen.getByText(
          'Almost done: we have sent an e-mail to newbie@example.com. Open the link in it within 24 hours to finish creating your account.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('form', { name: 'Register' })).toBeNull();
      expect(router.location().pathname).toBe('/auth');
      expect(requestBodies(api, '/api/auth/register')).toEqual([
        { username: 'newbie', email: 'newbie@example.com', password: 'secret1' },
      ]);
    });

    it("the e-mail's link finishes it: 'Registration Successful' / 'Welcome, newbie!' and /account", async () => {
      const api = fakeApi({
        ...signedOut,
        '/api/auth/confirm-registration': { status: 201, body: { ...USER, username: 'newbie' } },
      });
      window.history.replaceState(null, '', '/auth/confirm?token=abc123');
      const { router } = renderRoutes(authRoutes, '/auth/confirm?token=abc123');
      await waitFor(() => expect(router.location().pathname).toBe('/account'));
      expect(await screen.findByText('Registration Successful')).toBeTruthy();
      expect(screen.getByText('Welcome, newbie!')).toBeTruthy();
      expect(requestBodies(api, '/api/auth/confirm-registration')).toEqual([{ token: 'abc123' }]);
      // The token leaves the address at once.
      expect(window.location.search).toBe('');
      window.history.replaceState(null, '', '/');
    });

    it("a link that does not work says so, with 'Register again'", async () => {
      fakeApi({
        ...signedOut,
        '/api/auth/confirm-registration': {
          status: 400,
          body: {
            message:
              'This link to finish your registration is not valid or has expired. Please register again.',
          },
        },
      });
      window.history.replaceState(null, '', '/auth/confirm?token=old');
      renderRoutes(authRoutes, '/auth/confirm?token=old');
      expect(await screen.findByText('This link did not work')).toBeTruthy();
      expect(
        screen.getByText(
          'This link to finish your registration is not valid or has expired. Please register again.',
        ),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe('/auth');
      window.history.replaceState(null, '', '/');
    });

    it("shows 'Registration Failed' with the server message, and the message under the field", async () => {
      fakeApi({
        ...signedOut,
        '/api/auth/register': {
          status: 409,
          body: {
            message: 'That username is already taken.',
            errors: { username: 'That username is already taken.' },
          },
        },
      });
      renderRoutes(authRoutes, '/auth');
      await submitRegister('taken');
      expect(await screen.findByText('Registration Failed')).toBeTruthy();
      expect(screen.getAllByText('That username is already taken.')).toHaveLength(2);
    });

    it("says 'Registration failed' / 'Something went wrong' without a server message", async () => {
      fakeApi({ ...signedOut, '/api/auth/register': { status: 500, body: 'oops' } });
      renderRoutes(authRoutes, '/auth');
      await submitRegister('newbie');
      expect(await screen.findByText('Registration failed')).toBeTruthy();
      expect(screen.getByText('Something went wrong')).toBeTruthy();
    });

    it("says 'Invalid response from server' when a success is not the pending answer", async () => {
      fakeApi({ ...signedOut, '/api/auth/register': { status: 202, body: { ok: true } } });
      renderRoutes(authRoutes, '/auth');
      await submitRegister('newbie');
      expect(await screen.findByText('Invalid response from server')).toBeTruthy();
    });

    it("says 'Invalid response from server' when a success body is not JSON", async () => {
      const api = fakeApi(signedOut);
      const answer = api.getMockImplementation()!;
      api.mockImplementation(async (input) =>
        String(input) === '/api/auth/register'
          ? new Response('<html>Welcome!</html>', { status: 201, headers: { 'content-type': 'text/html' } })
          : answer(input),
      );
      const { router } = renderRoutes(authRoutes, '/auth');
      await submitRegister('newbie');
      expect(await screen.findByText('Registration Failed')).toBeTruthy();
      expect(screen.getByText('Invalid response from server')).toBeTruthy();
      expect(screen.queryByText('Something went wrong')).toBeNull();
      expect(router.location().pathname).toBe('/auth');
    });
  });
});
