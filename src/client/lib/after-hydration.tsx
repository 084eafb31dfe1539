// Parts a page does not need to paint or hydrate (the toaster, the newsletter popup, the 'Item Added to
// Cart' dialog) are React.lazy chunks rendered inside <AfterHydration>: the browser fetches them right
// after hydrating, so their code and Radix stay out of the first download
// (docs/decisions/0145-lazy-routes-and-script-budget.md). Nothing renders on the server or in the first
// browser render, so the HTML and the hydration agree.
import { type ReactNode, Suspense } from 'react';
import { useHydrated } from './use-hydrated';

export function AfterHydration({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={null}>{children}</Suspense> : null;
}
