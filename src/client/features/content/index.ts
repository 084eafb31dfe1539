// The content feature's public entry: what other features and the app may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
import { lazy } from 'react';

export { contentRoutes } from './routes';

/** The admin Content Pages tab (pages and FAQ with the rich-text editor): a chunk only staff download. */
export const ContentAdminTab = lazy(() => import('./admin/content-tab'));
