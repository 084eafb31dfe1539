// Every storefront and account page at desktop size with axe-core (no serious or critical violation)
// and heading order (docs/decisions/0152-accessibility-checks.md). The phone sweep, with the menu, 320 px
// and thumb targets, is tests/e2e/phone-and-a11y.test.ts; the sweep itself is tests/e2e/storefront-sweep.ts.
import { describe, it } from 'vitest';
import { DESKTOP, SWEEP_TIMEOUT, sweep, startSweepStore } from './storefront-sweep';

startSweepStore();

describe('desktop accessibility', () => {
  it(
    'every storefront and account page on a desktop: axe and headings',
    async () => {
      await sweep(DESKTOP, false);
    },
    SWEEP_TIMEOUT,
  );
});
