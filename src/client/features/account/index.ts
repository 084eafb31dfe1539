// The account feature's public entry (docs/decisions/0175-enforced-boundaries.md).
export { accountRoutes } from './routes';
export { StoreCreditLedger } from './store-credit-ledger';
