// The home page's public entry (docs/decisions/0175-enforced-boundaries.md).
export { homeRoute } from './routes';
