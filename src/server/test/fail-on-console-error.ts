// Setup file of the shared and API projects: a test fails on any unexpected console.error (the client
// project has its own, src/client/test/setup.ts). The server logs through pino, never the console, so an
// error printed there is a bug or an unhandled failure somewhere.
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

let errors: unknown[][] = [];
let spy: MockInstance<typeof console.error> | undefined;
beforeEach(() => {
  errors = [];
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  spy?.mockRestore();
  if (errors.length)
    throw new Error(`console.error was called:\n${errors.map((e) => e.map(String).join(' ')).join('\n')}`);
});
