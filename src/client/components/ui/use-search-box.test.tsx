// The search box of every paged admin table (docs/decisions/0221-admin-orders-list-query.md): a search
// is committed after a pause only when it changed, never when the table appears, so a first 'Next'
// is not undone; the box follows a search changed from elsewhere.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSearchBox } from './use-search-box';

function List() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { text, setText } = useSearchBox(search, (next) => {
    setSearch(next);
    setPage(1);
  });
  return (
    <>
      <input aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" onClick={() => setPage((p) => p + 1)}>
        Next
      </button>
      <button type="button" onClick={() => setSearch('from a link')}>
        Elsewhere
      </button>
      <p>{`page ${page}, search "${search}"`}</p>
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('useSearchBox', () => {
  it('does not reset the page after the table appears', async () => {
    vi.useFakeTimers();
    render(<List />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('page 2, search ""')).toBeTruthy();
  });

  it('commits after a pause in typing, once, and goes back to page 1; spaces alone change nothing', async () => {
    vi.useFakeTimers();
    render(<List />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' lamp' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(screen.getByText('page 2, search ""')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('page 1, search "lamp"')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'lamp  ' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('page 2, search "lamp"')).toBeTruthy();
  });

  it('shows a search changed from elsewhere', async () => {
    render(<List />);
    fireEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('from a link');
  });
});
