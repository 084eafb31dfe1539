// Component tests fail on any unexpected console.error (React warnings, failed prop types...).
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { markHydrated } from '~/client/lib/use-hydrated';

// findBy… and waitFor wait up to 10 s: on a loaded 2-core machine (CI runs the browser journeys beside
// these tests) a screen that appears after a few rendered updates can take longer than the 1 s default.
// A limit to wait, not a speed requirement: a passing wait ends as soon as the element is there.
configure({ asyncUtilTimeout: 10_000 });

// Components render here as on a page that has hydrated (src/client/entry-client.tsx marks it).
markHydrated();

let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (errors.length)
    throw new Error(`console.error was called:\n${errors.map((e) => e.map(String).join(' ')).join('\n')}`);
});
