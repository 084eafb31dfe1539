// The returns feature's public entry (docs/decisions/0175-enforced-boundaries.md).
export { adminReturnRoutes } from './admin-routes';
export { returnRoutes } from './routes';
