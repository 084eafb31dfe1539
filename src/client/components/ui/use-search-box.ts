import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How long typing must pause before a list searches. */
export const SEARCH_PAUSE_MS = 300;

/**
 * The text of a paged list's search box and when it becomes the list's search: after a pause in
 * typing, and only when the trimmed text differs from the current `search`. `commit` is where the
 * list goes back to page 1. Never on mount: a debounce that also fired when the table first appeared
 * used to reset the page 300 ms later and swallow a first 'Next' (docs/decisions/0221-admin-orders-list-query.md).
 * When `search` changes from elsewhere (Back, a link), the box follows it.
 */
export function useSearchBox(search: string, commit: (search: string) => void, pauseMs = SEARCH_PAUSE_MS) {
  const [text, setText] = useState(search);
  const commitRef = useRef(commit);
  useLayoutEffect(() => {
    commitRef.current = commit;
  });

  // The search changed without typing (history, a link): show it.
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    if (text.trim() !== search) setText(search);
  }

  useEffect(() => {
    const next = text.trim();
    if (next === search) return;
    const timer = setTimeout(() => commitRef.current(next), pauseMs);
    return () => clearTimeout(timer);
  }, [text, search, pauseMs]);

  return { text, setText };
}
