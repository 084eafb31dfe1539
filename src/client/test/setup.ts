// Component tests fail on any unexpected console.error (React warnings, failed prop types...).
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { markHydrated } from '~/client/lib/use-hydrated';

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
