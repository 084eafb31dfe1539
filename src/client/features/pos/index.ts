// The till's public entry (docs/decisions/0175-enforced-boundaries.md): only the route; the till itself
// is a chunk of its own.
export { posRoutes } from './routes';
