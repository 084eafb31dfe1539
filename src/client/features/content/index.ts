// The content feature's public entry: what other features and the app may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export { allFaqItemsQueryOptions, contentPagePath, contentPagesQueryOptions } from './api';
export { contentRoutes } from './routes';
