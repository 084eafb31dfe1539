// The checkout feature's public entry (docs/decisions/0175-enforced-boundaries.md).
export { checkoutRoutes } from './routes';
