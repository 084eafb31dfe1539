// Notifications: one at a time, the newest replaces the older one,
// 5000 ms on screen, F8 focuses the notification area, actions as links.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { resetToasts, TOAST_DURATION_MS, toast } from './toast-store';

function renderToaster() {
  return render(
    <MemoryRouter>
      <Toaster />
    </MemoryRouter>,
  );
}

beforeEach(() => resetToasts());
afterEach(() => {
  vi.useRealTimers();
  act(() => resetToasts());
});

describe('notifications', () => {
  it('shows one at a time: the newest replaces the older one', async () => {
    renderToaster();
    act(() => {
      toast({ title: 'Added to cart', description: 'Kettle has been added to your cart.' });
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Added to cart');
    act(() => {
      toast({ title: 'Item removed', variant: 'destructive' });
    });
    const shown = screen.getAllByTestId('toast');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.textContent).toContain('Item removed');
  });

  it('renders actions as links', async () => {
    renderToaster();
    act(() => {
      toast({
        title: 'Added to cart',
        actions: [
          { label: 'Continue Shopping', href: '/products' },
          { label: 'Go to Cart', href: '/cart' },
        ],
      });
    });
    expect((await screen.findByRole('link', { name: 'Go to Cart' })).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/products');
  });

  it('closes after 5000 ms', async () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => {
      toast({ title: 'Cart cleared' });
    });
    expect(screen.getByTestId('toast').getAttribute('data-state')).toBe('open');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByTestId('toast').getAttribute('data-state')).toBe('open');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId('toast')?.getAttribute('data-state') ?? 'closed').toBe('closed');
  });

  it('F8 moves the focus to the notification area', async () => {
    renderToaster();
    act(() => {
      toast({ title: 'Added to cart' });
    });
    await screen.findByTestId('toast');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = screen.getByRole('region', { name: /Notifications \(F8\)/ });
    expect(region.contains(document.activeElement)).toBe(true);
  });
});
