// A page that fails while rendering shows 'This page could not be shown' in its place, with the header's
// links still there, and the next page shows normally.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '~/client/test/test-utils';
import { PageErrorBoundary } from './page-error-boundary';

function Broken(): never {
  throw new Error('A page that cannot render');
}

function Layout() {
  const location = useLocation();
  return (
    <>
      <Link to="/shop/fine">Fine page</Link>
      <PageErrorBoundary entry={location.key}>
        <Outlet />
      </PageErrorBoundary>
    </>
  );
}

describe('a page that fails to render', () => {
  it('says so in its place, offers a reload, and the next page shows', async () => {
    fakeApi({});
    // React reports the error it caught on the console; that is expected here.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(
      [
        {
          path: 'shop',
          element: <Layout />,
          children: [
            { path: 'broken', element: <Broken /> },
            { path: 'fine', element: <h1>A fine page</h1> },
          ],
        },
      ],
      '/shop/broken',
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side. Reload the page to try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(reported).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Fine page' }));
    expect(await screen.findByRole('heading', { name: 'A fine page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This page could not be shown' })).toBeNull();
  });
});
