import { useSyncExternalStore } from 'react';

// Set once, by the effect that marks the whole page hydrated (src/client/entry-client.tsx), which runs
// after every other effect of the hydration: what waits for hydration starts at one known moment, the one
// the page is marked hydrated (`data-hydrated`), which the browser journeys wait for.
let hydrated = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called once the first render in the browser has hydrated the server's HTML and run its effects. */
export function markHydrated() {
  if (hydrated) return;
  hydrated = true;
  for (const listener of listeners) listener();
}

/**
 * False on the server and during hydration, true afterwards. What depends on the browser (its clock
 * and time zone, a lazy chunk, the admin area) waits for it, so the server HTML and the first browser
 * render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
}
