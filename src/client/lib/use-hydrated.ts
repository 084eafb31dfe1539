import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False on the server and during hydration, true afterwards. What depends on the browser (its clock
 * and time zone, a lazy chunk, the admin area) waits for it, so the server HTML and the first browser
 * render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
