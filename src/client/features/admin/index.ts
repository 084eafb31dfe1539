// The admin feature's public entry (docs/decisions/0175-enforced-boundaries.md). Only the routes: the
// admin area itself is a chunk that shoppers never download.
export { adminRoutes } from './routes';
