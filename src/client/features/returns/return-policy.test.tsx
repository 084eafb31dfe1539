// The returns page's windows (from the settings) and the legal warranty's wording, in both languages.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RETURN_WINDOW_DAYS } from '~/shared/contract';
import { LocaleProvider } from '~/client/lib/i18n';
import { createQueryClient } from '~/client/lib/query-client';
import { fakeApi } from '~/client/test/admin-test-utils';
import { ReturnPolicy } from './return-policy';

afterEach(() => vi.unstubAllGlobals());

const show = (locale: 'en' | 'fr') =>
  render(
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={createQueryClient()}>
        <ReturnPolicy />
      </QueryClientProvider>
    </LocaleProvider>,
  );

describe('the returns page', () => {
  it('lists the windows the store set and explains the legal warranty', async () => {
    fakeApi({
      'GET /api/returns/policy': { body: { windows: { ...DEFAULT_RETURN_WINDOW_DAYS, 'used-good': 1 } } },
    });
    show('en');
    await screen.findByText('New: 30 days');
    expect(screen.getByText('Used - good: 1 day')).toBeTruthy();
    expect(screen.getByText('For parts or repair: no return for a change of mind')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Defects and the legal warranty' })).toBeTruthy();
    expect(
      screen.getByText(/the legal warranty of the Consumer Protection Act \(Quebec\) applies/),
    ).toBeTruthy();
  });

  it('says it in French', async () => {
    fakeApi({ 'GET /api/returns/policy': { body: { windows: DEFAULT_RETURN_WINDOW_DAYS } } });
    show('fr');
    await screen.findByText((_, el) => el?.tagName === 'LI' && el.textContent === 'Neuf\u00a0: 30 jours');
    expect(screen.getByRole('heading', { name: 'Défauts et garantie légale' })).toBeTruthy();
    expect(screen.getByText(/la garantie légale de la Loi sur la protection du consommateur/)).toBeTruthy();
  });
});
