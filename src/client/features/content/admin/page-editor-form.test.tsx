import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, useToasts } from '~/client/components/ui/toast-store';
import type { PageDraft } from './api';
import { PageEditorForm } from './page-editor-form';

// Quill needs a real browser (the e2e journey covers it); here a textarea stands in for it.
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

// Radix Switch measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const EMPTY: PageDraft = {
  title: '',
  titleFr: '',
  slug: '',
  content: '',
  contentFr: '',
  isStructured: false,
  published: true,
};

let lastToasts: { title: string; description?: string }[] = [];
function ToastSpy() {
  lastToasts = useToasts();
  return null;
}

function setup(page: PageDraft = EMPTY, savedSlug?: string) {
  const onSave = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <>
      <PageEditorForm page={page} savedSlug={savedSlug} onSave={onSave} />
      <ToastSpy />
    </>,
  );
  const title = () => screen.getByLabelText('Page Title');
  const openSettings = () => user.click(screen.getByRole('tab', { name: 'Settings' }));
  const slug = () => screen.getByLabelText('Page Slug (URL)') as HTMLInputElement;
  const save = () => user.click(screen.getByRole('button', { name: 'Save Page' }));
  return { onSave, user, title, openSettings, slug, save, view };
}
const toast = () => lastToasts[0] && { title: lastToasts[0].title, description: lastToasts[0].description };

afterEach(() => {
  resetToasts();
  lastToasts = [];
});

describe('PageEditorForm', () => {
  it('shows the labels, placeholders and hints of the specification', async () => {
    const { openSettings } = setup();
    expect(screen.getByPlaceholderText('Enter page title')).toBeTruthy();
    expect(
      screen.getByText(
        'Use the toolbar above to format your content. You can add headings, lists, images, and more.',
      ),
    ).toBeTruthy();
    await openSettings();
    expect(screen.getByPlaceholderText('page-url-slug')).toBeTruthy();
    expect(screen.getByText('/')).toBeTruthy();
    expect(
      screen.getByText(
        'This determines the URL of your page. Use only lowercase letters, numbers, and hyphens.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Structured Content' })).toBeTruthy();
    expect(
      screen.getByText(
        'Enable if this page has a structured format (like FAQ items) rather than free-form content.',
      ),
    ).toBeTruthy();
  });

  it('generates the slug from the title until the slug is edited by hand', async () => {
    const { user, title, openSettings, slug } = setup();
    await user.type(title(), "Holiday Hours & What's Open");
    await openSettings();
    expect(slug().value).toBe('holiday-hours-whats-open');
    await user.clear(slug());
    await user.type(slug(), 'hours');
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    await user.type(title(), ' 2025');
    await openSettings();
    expect(slug().value).toBe('hours');
  });

  it("refuses an empty or blank title with 'Validation Error' / 'Title is required'", async () => {
    const { user, title, save, onSave } = setup();
    await user.type(title(), '   ');
    await save();
    expect(toast()).toEqual({ title: 'Validation Error', description: 'Title is required' });
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses an empty slug with 'Validation Error' / 'Slug is required'", async () => {
    const { user, title, openSettings, slug, save, onSave } = setup();
    await user.type(title(), 'About');
    await openSettings();
    await user.clear(slug());
    await save();
    expect(toast()).toEqual({ title: 'Validation Error', description: 'Slug is required' });
    expect(onSave).not.toHaveBeenCalled();
  });

  it("formats a slug, says 'Slug Formatted' without saving, and saves on the next press", async () => {
    const { user, title, openSettings, slug, save, onSave } = setup();
    await user.type(title(), 'About');
    await openSettings();
    await user.clear(slug());
    await user.type(slug(), '--About  Us!--');
    await save();
    expect(slug().value).toBe('about-us');
    expect(toast()).toEqual({
      title: 'Slug Formatted',
      description: 'The slug has been formatted for web compatibility.',
    });
    expect(onSave).not.toHaveBeenCalled();
    await save();
    expect(onSave).toHaveBeenCalledWith({
      title: 'About',
      titleFr: '',
      slug: 'about-us',
      content: '',
      contentFr: '',
      isStructured: false,
      published: true,
    });
  });

  it('hands the page with its content and the structured flag to the save action', async () => {
    const { user, title, openSettings, save, onSave } = setup();
    await user.type(title(), 'Size Guide');
    await user.type(screen.getByLabelText('Page Content'), '<p>Sizes</p>');
    await openSettings();
    await user.click(screen.getByRole('switch', { name: 'Structured Content' }));
    await save();
    expect(onSave).toHaveBeenCalledWith({
      title: 'Size Guide',
      titleFr: '',
      slug: 'size-guide',
      content: '<p>Sizes</p>',
      contentFr: '',
      isStructured: true,
      published: true,
    });
  });

  it('Cancel hands the original, unchanged page to the save action', async () => {
    const original = {
      title: 'Returns',
      titleFr: '',
      slug: 'returns',
      content: '<p>Old</p>',
      contentFr: '',
      isStructured: false,
      published: true,
    };
    const { user, title, onSave } = setup(original);
    await user.type(title(), ' changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSave).toHaveBeenCalledWith(original);
  });

  it('resets from a new page (and generates the slug again)', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <PageEditorForm page={{ ...EMPTY, slug: 'x', title: 'X' }} onSave={onSave} />,
    );
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await user.type(screen.getByLabelText('Page Slug (URL)'), 'yz');
    rerender(<PageEditorForm page={{ ...EMPTY }} onSave={onSave} />);
    expect((screen.getByLabelText('Page Slug (URL)') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    await user.type(screen.getByLabelText('Page Title'), 'Fresh Page');
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect((screen.getByLabelText('Page Slug (URL)') as HTMLInputElement).value).toBe('fresh-page');
  });

  describe('an existing page whose address would change (decision 0103)', () => {
    const RETURNS = {
      title: 'Returns',
      titleFr: '',
      slug: 'returns',
      content: '<p>Policy</p>',
      contentFr: '',
      isStructured: false,
      published: true,
    };
    const warning = (to: string) =>
      `The page's address will change from /returns to /${to}. Links to /returns will stop working.`;
    /** The open tab's panel (the hidden Content panel stays in the page for the editor's sake). */
    const panel = (name: 'Content' | 'Settings') => within(screen.getByRole('tabpanel', { name }));

    it('says so under the title and under the slug when a new title regenerates the slug', async () => {
      const { user, title, openSettings, slug, save, onSave } = setup(RETURNS, 'returns');
      expect(screen.queryByText(/address will change/)).toBeNull();
      await user.type(title(), ' and Refunds');
      const underTitle = panel('Content').getByText(warning('returns-and-refunds'));
      expect(title().getAttribute('aria-describedby')).toBe(underTitle.id);
      await openSettings();
      expect(slug().value).toBe('returns-and-refunds');
      const underSlug = panel('Settings').getByText(warning('returns-and-refunds'));
      expect(slug().getAttribute('aria-describedby')?.split(' ')).toContain(underSlug.id);
      // The specification's behaviour is kept: the page is saved under its new slug.
      await save();
      expect(onSave).toHaveBeenCalledWith({
        ...RETURNS,
        title: 'Returns and Refunds',
        slug: 'returns-and-refunds',
      });
    });

    it("'Keep /returns' puts the saved slug back and keeps it while the title changes", async () => {
      const { user, title, openSettings, slug, save, onSave } = setup(RETURNS, 'returns');
      await user.type(title(), ' & Refunds');
      expect(panel('Content').getByText(warning('returns-refunds'))).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Keep /returns' }));
      expect(screen.queryByText(/address will change/)).toBeNull();
      await user.type(title(), ' Policy');
      expect(screen.queryByText(/address will change/)).toBeNull();
      await openSettings();
      expect(slug().value).toBe('returns');
      await save();
      expect(onSave).toHaveBeenCalledWith({ ...RETURNS, title: 'Returns & Refunds Policy' });
    });

    it('says so when the slug is edited by hand, compared as it will be saved', async () => {
      const { user, openSettings, slug } = setup(RETURNS, 'returns');
      await openSettings();
      await user.clear(slug());
      await user.type(slug(), 'Returns');
      expect(screen.queryByText(/address will change/)).toBeNull();
      await user.clear(slug());
      expect(screen.queryByText(/address will change/)).toBeNull();
      await user.type(slug(), 'refunds');
      expect(panel('Settings').getByText(warning('refunds'))).toBeTruthy();
    });

    it('says nothing for a new page', async () => {
      const { user, title } = setup();
      await user.type(title(), 'Returns & Refunds');
      expect(screen.queryByText(/address will change/)).toBeNull();
    });
  });

  it("shows 'Saving...' and disables Save while saving", () => {
    render(<PageEditorForm page={EMPTY} onSave={vi.fn()} isSaving />);
    const button = screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
