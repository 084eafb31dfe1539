// Where the listing's 'Alert me' and the product page's 'Watch price' go. The buttons, their messages and
// their saving code are a chunk of their own, fetched once the page has hydrated: they are not on the
// browse pages' first download (docs/decisions/0581-alert-buttons-and-account-lists.md,
// 0145-lazy-routes-and-script-budget.md).
import { lazy, Suspense } from 'react';
import { useHydrated } from '~/client/lib/use-hydrated';
import type { ListingFilters } from './listing-params';

const AlertMe = lazy(() => import('./alert-buttons').then((m) => ({ default: m.AlertMeButton })));
const WatchPrice = lazy(() => import('./alert-buttons').then((m) => ({ default: m.WatchPriceButton })));

export function AlertMeSlot({ filters }: { filters: ListingFilters }) {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <AlertMe filters={filters} />
    </Suspense>
  ) : null;
}

export function WatchPriceSlot({ productId }: { productId: number }) {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <WatchPrice productId={productId} />
    </Suspense>
  ) : null;
}
