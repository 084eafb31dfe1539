import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminFaqItem, ContentPageSummary } from '~/shared/schemas/content';
import { resetToasts, useToasts } from '~/client/components/ui/toast-store';
import { createQueryClient } from '~/client/lib/query-client';
import ContentTab from './content-tab';
import { reorderTarget } from './faq-panel';

vi.mock('./rich-text-editor', () => ({
  RichTextEditor: ({
    value,
    onChange,
    label,
  }: {
    value: string;
    onChange: (v: string) => void;
    label: string;
  }) => <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let toasts: { title: string; description?: string; variant?: string }[] = [];
function ToastSpy() {
  toasts = useToasts();
  return null;
}
const lastToast = () => toasts[0] && { title: toasts[0].title, description: toasts[0].description };

type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; body?: unknown };
function fakeApi(answer: (call: Call) => Answer | Promise<Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const { status = 200, body } = await answer(call);
      return new Response(status === 204 ? null : JSON.stringify(body ?? null), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderTab() {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ContentTab />
      <ToastSpy />
    </QueryClientProvider>,
  );
}

const faq = (id: number, question: string, sortOrder: number, active = true): AdminFaqItem => ({
  id,
  question,
  questionFr: '',
  answer: `<p>${question} answer</p>`,
  answerFr: '',
  sortOrder,
  active,
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const PAGES: ContentPageSummary[] = [
  {
    id: 1,
    title: 'Returns & Refunds',
    slug: 'returns',
    isStructured: false,
    published: true,
    updatedAt: '2025-02-03T15:04:00.000Z',
    languages: { title: 'en' },
  },
  {
    id: 2,
    title: 'Legacy',
    slug: 'legacy',
    isStructured: false,
    published: true,
    updatedAt: null,
    languages: { title: 'en' },
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe('Content tab', () => {
  it('shows the intro, the two sub-tabs and the page list with local dates or N/A', async () => {
    fakeApi(() => ({ body: PAGES }));
    renderTab();
    expect(screen.getByText('All changes will be immediately visible on your live site.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Content Pages' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'FAQ Items' })).toBeTruthy();
    const rows = await screen.findAllByTestId('content-page-row');
    expect(within(rows[0]!).getByText('/pages/returns')).toBeTruthy();
    expect(within(rows[0]!).getByText(new Date('2025-02-03T15:04:00.000Z').toLocaleString())).toBeTruthy();
    expect(within(rows[1]!).getByText('N/A')).toBeTruthy();
    for (const name of ['Title', 'Slug', 'Last Updated', 'Actions'])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
  });

  it('offers to create the first page when there is none', async () => {
    fakeApi(() => ({ body: [] }));
    renderTab();
    expect(await screen.findByText('No content pages found')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create your first page' }));
    expect(screen.getByRole('dialog', { name: 'Create New Page' })).toBeTruthy();
  });

  it('creates a page and says so', async () => {
    const calls = fakeApi((c) => (c.method === 'POST' ? { status: 201, body: { id: 3 } } : { body: [] }));
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New Page' }));
    await user.type(screen.getByLabelText('Page Title'), 'Store Hours');
    await user.type(screen.getByLabelText('Page Title (French)'), 'Heures d’ouverture');
    await user.type(screen.getByLabelText('Page Content'), '<p>9 to 5</p>');
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Page created',
        description: 'The content page has been created successfully.',
      }),
    );
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/content-pages',
      body: {
        title: 'Store Hours',
        titleFr: 'Heures d’ouverture',
        slug: 'store-hours',
        content: '<p>9 to 5</p>',
        contentFr: '',
        isStructured: false,
        published: true,
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's message when a save fails", async () => {
    fakeApi((c) =>
      c.method === 'POST'
        ? { status: 409, body: { message: 'A page with this slug already exists.' } }
        : { body: [] },
    );
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New Page' }));
    await user.type(screen.getByLabelText('Page Title'), 'Returns');
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Failed to create page',
        description: 'A page with this slug already exists.',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Create New Page' })).toBeTruthy();
  });

  it("edits a page in 'Edit Page: {title}' and Cancel saves nothing", async () => {
    const calls = fakeApi((c) =>
      c.method === 'GET' && c.path === '/api/content-pages/1'
        ? {
            body: {
              ...PAGES[0],
              titleFr: 'Retours',
              content: '<p>Old policy</p>',
              contentFr: '<p>Ancienne politique</p>',
            },
          }
        : c.method === 'PUT'
          ? { body: {} }
          : { body: PAGES },
    );
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Returns & Refunds' }));
    expect(screen.getByRole('dialog', { name: 'Edit Page: Returns & Refunds' })).toBeTruthy();
    expect(((await screen.findByLabelText('Page Content')) as HTMLTextAreaElement).value).toBe(
      '<p>Old policy</p>',
    );
    // The French beside the English, from the page as stored (GET /api/content-pages/{id}).
    expect((screen.getByLabelText('Page Title (French)') as HTMLInputElement).value).toBe('Retours');
    expect((screen.getByLabelText('Page Content (French)') as HTMLTextAreaElement).value).toBe(
      '<p>Ancienne politique</p>',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit Returns & Refunds' }));
    const content = (await screen.findByLabelText('Page Content')) as HTMLTextAreaElement;
    await user.clear(content);
    await user.type(content, '<p>New policy</p>');
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Page updated'));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/content-pages/1',
      body: {
        slug: 'returns',
        content: '<p>New policy</p>',
        titleFr: 'Retours',
        contentFr: '<p>Ancienne politique</p>',
      },
    });
  });

  it('asks before deleting a page, with the exact question', async () => {
    const calls = fakeApi((c) => (c.method === 'DELETE' ? { status: 204 } : { body: PAGES }));
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Returns & Refunds' }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete "Returns & Refunds"? This action cannot be undone.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Page deleted',
        description: 'The content page has been deleted successfully.',
      }),
    );
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/content-pages/1');
  });

  it("warns in the edit dialog, not the create dialog, that a new title moves the page's address", async () => {
    fakeApi((c) =>
      c.method === 'GET' && c.path === '/api/content-pages/1'
        ? {
            body: {
              ...PAGES[0],
              titleFr: 'Retours',
              content: '<p>Old policy</p>',
              contentFr: '<p>Ancienne politique</p>',
            },
          }
        : { body: PAGES },
    );
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Returns & Refunds' }));
    await screen.findByLabelText('Page Content');
    await user.type(screen.getByLabelText('Page Title'), ' Policy');
    expect(
      screen.getByText(
        "The page's address will change from /returns to /returns-refunds-policy. Links to /returns will stop working.",
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // The title was changed: Cancel asks first.
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await user.click(screen.getByRole('button', { name: 'New Page' }));
    await user.type(screen.getByLabelText('Page Title'), 'Returns Policy');
    expect(screen.queryByText(/address will change/)).toBeNull();
  });

  it("shows 'Failed to update page' with the server's message and keeps the dialog open", async () => {
    fakeApi((c) =>
      c.method === 'GET' && c.path === '/api/content-pages/1'
        ? {
            body: {
              ...PAGES[0],
              titleFr: 'Retours',
              content: '<p>Old policy</p>',
              contentFr: '<p>Ancienne politique</p>',
            },
          }
        : c.method === 'PUT'
          ? { status: 409, body: { message: 'A page with this slug already exists.' } }
          : { body: PAGES },
    );
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Returns & Refunds' }));
    const content = (await screen.findByLabelText('Page Content')) as HTMLTextAreaElement;
    await user.type(content, '<p>More</p>');
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Failed to update page',
        description: 'A page with this slug already exists.',
      }),
    );
    expect(toasts[0]?.variant).toBe('destructive');
    expect(screen.getByRole('dialog', { name: 'Edit Page: Returns & Refunds' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Page' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows 'Failed to delete page' with the server's message and keeps the page", async () => {
    fakeApi((c) =>
      c.method === 'DELETE' ? { status: 500, body: { message: 'Database unavailable' } } : { body: PAGES },
    );
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Returns & Refunds' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({ title: 'Failed to delete page', description: 'Database unavailable' }),
    );
    expect(toasts[0]?.variant).toBe('destructive');
    expect(screen.getAllByTestId('content-page-row')).toHaveLength(2);
  });
});

describe('FAQ Items', () => {
  const ITEMS = [faq(1, 'First?', 1), faq(2, 'Second?', 2, false), faq(3, 'Third?', 3)];

  it('computes the reorder sortOrder from the neighbour (section 4)', () => {
    expect(reorderTarget(ITEMS, 1, 'up')).toBe(0);
    expect(reorderTarget(ITEMS, 1, 'down')).toBe(4);
    expect(reorderTarget(ITEMS, 0, 'up')).toBeNull();
    expect(reorderTarget(ITEMS, 2, 'down')).toBeNull();
  });

  it('dims inactive items, and in reorder mode disables up on the first and down on the last', async () => {
    const calls = fakeApi((c) =>
      c.path === '/api/faq-items?all=true'
        ? { body: ITEMS }
        : c.method === 'PUT'
          ? { body: {} }
          : { body: [] },
    );
    renderTab();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'FAQ Items' }));
    const rows = await screen.findAllByTestId('faq-admin-item');
    expect(rows.map((r) => r.className.includes('opacity-50'))).toEqual([false, true, false]);
    await user.click(screen.getByRole('button', { name: 'Reorder Items' }));
    expect(screen.getByRole('button', { name: 'Done Reordering' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move up: First?' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Move down: Third?' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Edit: First?' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Move up: Third?' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/api/faq-items/3/order',
        body: { sortOrder: 1 },
      }),
    );
  });

  it("validates the item with 'Validation Error' toasts before saving", async () => {
    const calls = fakeApi((c) => (c.method === 'POST' ? { status: 201, body: {} } : { body: [] }));
    renderTab();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'FAQ Items' }));
    expect(await screen.findByText('No FAQ items found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add your first FAQ item' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(lastToast()).toEqual({ title: 'Validation Error', description: 'Question is required' });
    await user.type(screen.getByLabelText('Question'), 'Open on Sundays?');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(lastToast()).toEqual({ title: 'Validation Error', description: 'Answer is required' });
    await user.type(screen.getByLabelText('Answer'), '<p>No.</p>');
    await user.type(screen.getByLabelText('Question (French)'), 'Ouvert le dimanche?');
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastToast()?.title).toBe('FAQ item created'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      question: 'Open on Sundays?',
      questionFr: 'Ouvert le dimanche?',
      answer: '<p>No.</p>',
      answerFr: '',
      active: false,
    });
  });

  /** Opens the FAQ Items tab with ITEMS listed; `write` answers everything but GET. */
  async function openFaq(write: (call: Call) => Answer | Promise<Answer>) {
    const calls = fakeApi((c) =>
      c.method === 'GET' ? { body: c.path === '/api/faq-items?all=true' ? ITEMS : [] } : write(c),
    );
    renderTab();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'FAQ Items' }));
    await screen.findAllByTestId('faq-admin-item');
    return { calls, user };
  }

  it("edits an FAQ item with PUT and says 'FAQ item updated'", async () => {
    const { calls, user } = await openFaq(() => ({ body: {} }));
    await user.click(screen.getByRole('button', { name: 'Edit: Second?' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit FAQ Item' });
    const question = within(dialog).getByLabelText('Question') as HTMLInputElement;
    expect(question.value).toBe('Second?');
    expect((within(dialog).getByLabelText('Answer') as HTMLTextAreaElement).value).toBe(
      '<p>Second? answer</p>',
    );
    expect((within(dialog).getByRole('checkbox', { name: 'Active' }) as HTMLInputElement).checked).toBe(
      false,
    );
    await user.clear(question);
    await user.type(question, 'Second question?');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'FAQ item updated',
        description: 'The FAQ item has been updated successfully.',
      }),
    );
    // No sortOrder: the server keeps the item's place.
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      {
        method: 'PUT',
        path: '/api/faq-items/2',
        body: {
          question: 'Second question?',
          questionFr: '',
          answer: '<p>Second? answer</p>',
          answerFr: '',
          active: true,
        },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows 'Saving...' on the disabled button while the item saves", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { user } = await openFaq(async () => {
      await gate;
      return { status: 201, body: {} };
    });
    await user.click(screen.getByRole('button', { name: 'Add FAQ Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add FAQ Item' });
    await user.type(within(dialog).getByLabelText('Question'), 'Gift cards?');
    await user.type(within(dialog).getByLabelText('Answer'), '<p>Yes.</p>');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const saving = (await within(dialog).findByRole('button', { name: 'Saving...' })) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    release();
    await waitFor(() => expect(lastToast()?.title).toBe('FAQ item created'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows 'Failed to create FAQ item' with the server's message and keeps the dialog open", async () => {
    const { user } = await openFaq(() => ({ status: 400, body: { message: 'Question is too long.' } }));
    await user.click(screen.getByRole('button', { name: 'Add FAQ Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add FAQ Item' });
    await user.type(within(dialog).getByLabelText('Question'), 'Why?');
    await user.type(within(dialog).getByLabelText('Answer'), '<p>Because.</p>');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Failed to create FAQ item',
        description: 'Question is too long.',
      }),
    );
    expect(toasts[0]?.variant).toBe('destructive');
    expect(screen.getByRole('dialog', { name: 'Add FAQ Item' })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows 'Failed to update FAQ item' with the server's message", async () => {
    const { user } = await openFaq(() => ({ status: 404, body: { message: 'FAQ item not found.' } }));
    await user.click(screen.getByRole('button', { name: 'Edit: First?' }));
    await user.type(screen.getByLabelText('Question'), ' Really?');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({ title: 'Failed to update FAQ item', description: 'FAQ item not found.' }),
    );
    expect(toasts[0]?.variant).toBe('destructive');
    expect(screen.getByRole('dialog', { name: 'Edit FAQ Item' })).toBeTruthy();
  });

  it("deletes an FAQ item and says 'FAQ item deleted'", async () => {
    let deleted = false;
    const calls = fakeApi((c) => {
      if (c.method === 'DELETE') {
        deleted = true;
        return { status: 204 };
      }
      return c.path === '/api/faq-items?all=true' ? { body: deleted ? ITEMS.slice(1) : ITEMS } : { body: [] };
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'FAQ Items' }));
    await user.click(await screen.findByRole('button', { name: 'Delete: First?' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'FAQ item deleted',
        description: 'The FAQ item has been deleted successfully.',
      }),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/faq-items/1']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('faq-admin-item')).toHaveLength(2));
    expect(screen.queryByText('First?')).toBeNull();
  });

  it('asks before deleting an FAQ item', async () => {
    fakeApi((c) =>
      c.path === '/api/faq-items?all=true'
        ? { body: ITEMS }
        : { status: 500, body: { message: 'Database unavailable' } },
    );
    renderTab();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'FAQ Items' }));
    await user.click(await screen.findByRole('button', { name: 'Delete: First?' }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this FAQ item? This action cannot be undone.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Failed to delete FAQ item',
        description: 'Database unavailable',
      }),
    );
  });
});
