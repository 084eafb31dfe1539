// The popup is a chunk of its own, loaded after hydration (docs/decisions/0145-lazy-routes-and-script-budget.md);
// the split point lives here so other features load it through this feature's public entry.
import { lazy } from 'react';

export const LazyNewsletterPopup = lazy(async () => ({
  default: (await import('./newsletter-popup')).NewsletterPopup,
}));
