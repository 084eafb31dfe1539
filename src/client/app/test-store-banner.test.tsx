import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeSiteConfig, renderRoutes } from '~/client/test/test-utils';
import { RootLayout } from './root-layout';

function renderLayout(testPayments: boolean) {
  fakeApi({
    '/api/site-config': { body: makeSiteConfig({ testPayments }) },
    '/api/auth/me': { body: null },
    '/api/categories': { body: [] },
  });
  renderRoutes(
    [{ path: '/', element: <RootLayout />, children: [{ index: true, element: <p>Page</p> }] }],
    '/',
  );
}

describe('the test store banner', () => {
  it('tells every page that no payment is taken while the test payment page runs', async () => {
    renderLayout(true);
    await screen.findByText(/© 2026 Test Store/);
    const banner = await screen.findByRole('complementary', { name: 'Test store' });
    expect(banner.textContent).toBe('Test store: no payment is taken.');
    // Above the header, the first thing read after the skip link.
    expect(
      banner.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('is absent with a real payment provider', async () => {
    renderLayout(false);
    // The footer's year comes from the same site configuration: once it shows, the banner would have too.
    await screen.findByText(/© 2026 Test Store/);
    expect(screen.queryByText(/Test store/)).toBeNull();
  });
});
