import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False on the server and during hydration, true afterwards. Text that depends on the browser's clock
 * or time zone (local dates, days remaining) waits for it, so the server HTML and the first browser
 * render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
