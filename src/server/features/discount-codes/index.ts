// The discount-codes feature's public entry: what other features may use
// (docs/decisions/0175-enforced-boundaries.md). The checkout will add redeemDiscountCode here when it
// takes codes; the orders feature releases an unpaid checkout's use.
export { releaseDiscountCodeUse } from './redeem';
