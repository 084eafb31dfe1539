// The gift card shop's public entry (docs/decisions/0175-enforced-boundaries.md).
export { giftCardRoutes } from './routes';
