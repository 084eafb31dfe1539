// The privacy feature's public entry: what other features may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export { eraseAccount } from './erase';
export { purgeByRetention } from './retention';
