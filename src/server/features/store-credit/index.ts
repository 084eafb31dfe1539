// The store credit feature's public entry (docs/decisions/0530-store-credit-ledger.md).
export { moveStoreCredit, readStoreCredit } from './ledger';
