import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FaqItem } from '~/shared/schemas/content';
import { LocaleProvider } from '~/client/lib/i18n';
import { createQueryClient } from '~/client/lib/query-client';
import { FaqPage, filterFaqItems } from './faq-page';

const item = (id: number, question: string, answer: string, sortOrder: number, active = true): FaqItem => ({
  id,
  question,
  answer,
  sortOrder,
  active,
  updatedAt: '2025-01-01T00:00:00.000Z',
  languages: { question: 'en', answer: 'en' },
});
const ITEMS = [
  item(1, 'Do you ship to the United States?', '<p>Yes, to all <strong>50 states</strong>.</p>', 2),
  item(2, 'What is liquidation merchandise?', '<p>Overstock &amp; shelf pulls.</p>', 1),
  item(3, 'Can I return an item?', '<p>Within <em>14 days</em>.</p>', 3),
  item(4, 'Secret draft?', '<p>Hidden.</p>', 0, false),
];

function renderFaq(items: FaqItem[] | undefined, locale: 'en' | 'fr' = 'en') {
  const queryClient = createQueryClient();
  if (items) queryClient.setQueryData(['/api/faq-items'], items);
  else queryClient.setQueryDefaults(['/api/faq-items'], { queryFn: () => new Promise(() => {}) });
  render(
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <FaqPage />
        </MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}
const questions = () =>
  screen.queryAllByTestId('faq-item').map((el) => within(el).getByRole('button').textContent);

describe('filterFaqItems', () => {
  it('keeps active items by sortOrder and matches question or answer text case-insensitively', () => {
    expect(filterFaqItems(ITEMS, '').map((i) => i.id)).toEqual([2, 1, 3]);
    expect(filterFaqItems(ITEMS, 'SHIP').map((i) => i.id)).toEqual([1]);
    expect(filterFaqItems(ITEMS, '50 states').map((i) => i.id)).toEqual([1]);
    expect(filterFaqItems(ITEMS, 'overstock & shelf').map((i) => i.id)).toEqual([2]);
    // Markup is not text: searching for a tag name finds nothing.
    expect(filterFaqItems(ITEMS, 'strong')).toEqual([]);
    // Accents and case do not matter, either way round.
    const french = [
      item(5, 'Livrez-vous aux États-Unis?', '<p>Oui, dans les 50 États.</p>', 1),
      item(6, 'Puis-je retourner un article?', '<p>Dans les 14 jours.</p>', 2),
    ];
    expect(filterFaqItems(french, 'etats-unis').map((i) => i.id)).toEqual([5]);
    expect(filterFaqItems(french, 'ÉTATS').map((i) => i.id)).toEqual([5]);
    expect(filterFaqItems(ITEMS, 'shíp').map((i) => i.id)).toEqual([1]);
    expect(filterFaqItems(ITEMS, 'hidden')).toEqual([]);
  });
});

describe('FaqPage', () => {
  it('shows 5 placeholders while loading', () => {
    renderFaq(undefined);
    expect(screen.getByTestId('faq-loading').children).toHaveLength(5);
  });

  it('lists active questions by sortOrder; one answer open at a time, and it can be closed again', async () => {
    renderFaq(ITEMS);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeTruthy();
    expect(questions()).toEqual([
      'What is liquidation merchandise?',
      'Do you ship to the United States?',
      'Can I return an item?',
    ]);
    const first = screen.getByRole('button', { name: 'What is liquidation merchandise?' });
    const second = screen.getByRole('button', { name: 'Do you ship to the United States?' });
    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Overstock & shelf pulls.')).toBeTruthy();
    await user.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('50 states').tagName).toBe('STRONG');
    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');
  });

  it('searches, clears with the clear button, and offers Clear Search when nothing matches', async () => {
    renderFaq(ITEMS);
    const user = userEvent.setup();
    const box = screen.getByPlaceholderText('Search FAQ...');
    await user.type(box, 'RETURN');
    expect(questions()).toEqual(['Can I return an item?']);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(questions()).toHaveLength(3);
    await user.type(box, 'warranty');
    expect(screen.getByText('No FAQs found matching your search.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(questions()).toHaveLength(3);
  });
});

describe('FaqPage in French', () => {
  it('titles the page, searches and says nothing matched in French', async () => {
    renderFaq([item(1, 'Livrez-vous aux États-Unis?', '<p>Oui.</p>', 1)], 'fr');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Foire aux questions' })).toBeTruthy();
    const search = screen.getByLabelText('Rechercher dans la FAQ');
    expect(search.getAttribute('placeholder')).toBe('Rechercher dans la FAQ…');
    await user.type(search, 'remboursement');
    expect(screen.getByText('Aucune question ne correspond à votre recherche.')).toBeTruthy();
    // The ✕ in the box and the button under the message.
    expect(screen.getAllByRole('button', { name: 'Effacer la recherche' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Effacer la recherche' })[1]!);
    expect(questions()).toEqual(['Livrez-vous aux États-Unis?']);
  });
});
