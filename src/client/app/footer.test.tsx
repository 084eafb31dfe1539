import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeSiteConfig, renderRoutes } from '~/client/test/test-utils';
import { Footer } from './footer';

function renderFooter() {
  fakeApi({ '/api/site-config': { body: makeSiteConfig({ today: '2026-01-01' }) } });
  return renderRoutes([{ index: true, element: <Footer /> }], '/');
}
const links = (name: string) =>
  within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((l) => [l.textContent, l.getAttribute('href')]);

afterEach(() => {
  vi.useRealTimers();
});

describe('footer', () => {
  it("shows the copyright with the store's current year, not the visitor's", async () => {
    // Eight in the evening of New Year's Eve in Toronto: the visitor's clock is still in 2025, while the
    // store's date from the server is 1 January 2026.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-31T20:00:00-05:00'));
    renderFooter();
    expect(await screen.findByText('© 2026 Test Store. All rights reserved.')).toBeTruthy();
  });

  it('links to the privacy policy, the terms and the sitemap', async () => {
    renderFooter();
    await screen.findByText(/© 2026/);
    for (const [name, href] of [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Sitemap', '/sitemap'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('has the quick links and the customer service links', async () => {
    renderFooter();
    await screen.findByText(/© 2026/);
    expect(links('Quick Links')).toEqual([
      ['Home', '/'],
      ['Categories', '/categories'],
      ['Daily Deals', '/products?daily=true'],
      ['New Arrivals', '/products?new=true'],
      ['Gift Cards', '/gift-cards'],
      ['My Account', '/account'],
    ]);
    expect(links('Customer Service')).toEqual([
      ['Contact Us', '/contact'],
      ['FAQ', '/faq'],
      ['Shipping Information', '/shipping'],
      ['Returns & Refunds', '/returns'],
    ]);
  });

  it('tells about the store, and has the newsletter form and the social placeholders', async () => {
    renderFooter();
    await screen.findByText(/© 2026/);
    expect(screen.getByRole('heading', { name: 'About Test Store' })).toBeTruthy();
    expect(screen.getByLabelText('Email address')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Social media' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Facebook', 'Instagram', 'X']);
  });
});
