import type { RouteObject } from 'react-router';
import type { LazyRouteHandle } from '~/client/lib/lazy-route';

/** /gift-cards: a chunk of its own, so the browse pages' first download does not carry it. */
export function giftCardRoutes(): RouteObject[] {
  return [
    {
      path: 'gift-cards',
      lazy: async () => ({ Component: (await import('./gift-cards-page')).GiftCardsPage }),
      handle: { module: 'src/client/features/gift-cards/gift-cards-page.tsx' } satisfies LazyRouteHandle,
    },
  ];
}
