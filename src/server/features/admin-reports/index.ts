// The reports' public entry (docs/decisions/0175-enforced-boundaries.md): how a sale and its refunds are
// read, for the load figures (docs/decisions/0310-loads-and-manifest-intake.md), so refunds are taken off
// by one rule everywhere.
export { lineRefund, lineRefundedUnits, paidOrdersWithRefunds, rowsOf } from './service';
