// The discount-codes feature's public entry: what other features may use
// (docs/decisions/0175-enforced-boundaries.md). The checkout takes a code's use when it places an
// order; the orders feature releases an unpaid checkout's use.
export { redeemDiscountCode, releaseDiscountCodeUse } from './redeem';
