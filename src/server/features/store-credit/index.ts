// The store credit feature's public entry (docs/decisions/0530-store-credit-ledger.md).
export {
  giveBackOrderStoreCredit,
  moveStoreCredit,
  readStoreCredit,
  spendStoreCreditOnOrder,
} from './ledger';
