import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PageRoutes } from './lib/page-routes';
import { PageErrorBoundary } from './app/page-error-boundary';
import { Providers } from './app/providers';
import type { ClientState } from './entry-server';
import { resolveLazyRoutes } from './lib/lazy-route';
import { markHydrated } from './lib/use-hydrated';
import { createQueryClient } from './lib/query-client';
import { createRoutes } from './routes';
import { setApiLocale } from './lib/api';
import { basenameOf } from '~/shared/i18n/locales';

const state = JSON.parse(document.getElementById('__STATE__')?.textContent ?? '{}') as ClientState;
const queryClient = createQueryClient();
hydrate(queryClient, state.dehydrated);
// The page's language is the server's (from its address); the API answers in it (Accept-Language).
const locale = state.locale ?? 'en';
setApiLocale(locale);
const basename = basenameOf(locale);
const routes = createRoutes(queryClient);
// The first page's lazy chunks are modulepreloaded by the server's HTML: loaded before hydrating, the
// first render is the server's (no fallback, no mismatch).
await resolveLazyRoutes(routes, window.location, basename);

declare global {
  interface Window {
    /** Set by the inline capture script of src/server/render/tap-capture.ts. */
    __replayTaps?: () => void;
  }
}

/**
 * Its effect runs once the whole page has hydrated (effects run child first): the page is marked
 * (`data-hydrated`, a `hydrated` performance mark) and the taps held back before hydration are
 * carried out (docs/decisions/0146-no-tap-is-lost.md). Only then do the parts that wait for hydration
 * (`useHydrated`, `<AfterHydration>`) render, whichever renderer runs the page.
 */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    performance.mark('hydrated');
    markHydrated();
    window.__replayTaps?.();
  }, []);
  return children;
}

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <Hydrated>
      <Providers queryClient={queryClient} site={state.site} locale={locale}>
        {/* Around the whole layout: a header or layout part that fails (its code gone after a release)
            says so with a way to reload, rather than leaving an empty page. */}
        <PageErrorBoundary entry="layout">
          {/* Without transitions: the page on screen follows the address by itself (PageRoutes). */}
          <BrowserRouter basename={basename} useTransitions={false}>
            <PageRoutes routes={routes} firstPageLoaded />
          </BrowserRouter>
        </PageErrorBoundary>
      </Providers>
    </Hydrated>
  </StrictMode>,
);
