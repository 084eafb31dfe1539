import { lazy } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AfterHydration } from '~/client/lib/after-hydration';
import { useT } from '~/client/lib/i18n';
import { ScrollRestoration } from '~/client/lib/scroll-restoration';
import { Footer } from './footer';
import { Header } from './header';
import { NavigationProgress } from './navigation-progress';
import { PageErrorBoundary } from './page-error-boundary';
import { shellMessages } from './shell.messages';
import { TestStoreBanner } from './test-store-banner';

// Both shown only after hydration, so their code (and the suggestion's texts in both languages) are
// fetched then, not in the first download.
const LanguageSuggestion = lazy(async () => ({
  default: (await import('./language-suggestion')).LanguageSuggestion,
}));
const Toaster = lazy(async () => ({ default: (await import('~/client/components/ui/toaster')).Toaster }));

export function RootLayout() {
  const t = useT(shellMessages);
  const location = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <NavigationProgress />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t('skipToContent')}
      </a>
      <AfterHydration>
        <LanguageSuggestion />
      </AfterHydration>
      <TestStoreBanner />
      <Header />
      <main id="main" className="flex-1">
        <PageErrorBoundary entry={location.key}>
          <Outlet />
        </PageErrorBoundary>
      </main>
      <Footer />
      <AfterHydration>
        <Toaster />
      </AfterHydration>
      <ScrollRestoration />
    </div>
  );
}
