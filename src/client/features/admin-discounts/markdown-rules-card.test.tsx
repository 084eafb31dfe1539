import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { MarkdownRulesCard } from './markdown-rules-card';

// Radix's switch measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const saved = {
  enabled: true,
  steps: [{ days: 14, percent: 10 }],
  floor: { kind: 'original', percent: 50 },
};

describe('markdown rules', () => {
  it('shows the saved rules, refuses steps out of order with the shared message, and saves numbers', async () => {
    const api = fakeApi({
      'GET /api/markdown-rules': { body: saved },
      'PUT /api/markdown-rules': ({ init }) => ({ body: JSON.parse(String(init?.body)) }),
    });
    renderPage(<MarkdownRulesCard />, '/admin/discounts');
    const user = userEvent.setup();
    expect(((await screen.findByLabelText('Step 1: after days in stock')) as HTMLInputElement).value).toBe(
      '14',
    );
    await user.click(screen.getByRole('button', { name: 'Add Step' }));
    await user.type(screen.getByLabelText('Step 2: after days in stock'), '7');
    await user.type(screen.getByLabelText('Step 2: percent off'), '25');
    await user.click(screen.getByRole('button', { name: 'Save Markdown Rules' }));
    expect(
      await screen.findByText('Each step must come after more days in stock than the one before'),
    ).toBeTruthy();
    expect(callsTo(api, 'PUT', '/api/markdown-rules')).toHaveLength(0);

    const days = screen.getByLabelText('Step 2: after days in stock');
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Save Markdown Rules' }));
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/markdown-rules')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(api, 'PUT', '/api/markdown-rules')[0]![1]?.body))).toEqual({
      ...saved,
      steps: [
        { days: 14, percent: 10 },
        { days: 30, percent: 25 },
      ],
    });
  });
});
