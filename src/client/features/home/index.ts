// The home page's public entry (docs/decisions/0175-enforced-boundaries.md).
export { HomePage, homeQueries } from './home-page';
