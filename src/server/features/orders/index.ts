// The orders feature's public entry: what other features may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export {
  associateOrder,
  claimGuestOrders,
  ORDER_NOT_FOUND,
  setOrderStatus,
  updateOrderDetails,
} from './admin-changes';
export {
  closeCheckouts,
  completeOrderPayment,
  confirmProviderPayment,
  DRAFT_CLIENT_KEY_PREFIX,
  isDraftOrder,
  expireUnpaidOrders,
  failOrderPayment,
  failPendingOrder,
  HOLD_EXPIRED_NOTE,
  releaseExpiredHolds,
  retryOrderConfirmations,
  retryPaymentCompletions,
  retryStrayRefunds,
} from './completion';
export { PaymentReceivedError } from './payment-completions';
export { orderEmailPreviews } from './email-preview';
export { deliverOrderEmails, queueOrderEmail, retryOrderEmails } from './order-emails';
export { loadCreditNote, refundableLines } from './refund-lines';
export { providerCardOf } from './refund-tenders';
export {
  previewLineRefund,
  refundOrder,
  refundRestOfOrder,
  retryPendingRefunds,
} from './refunds';
export {
  findOrderByReference,
  listItemsOfOrders,
  listOrderItems,
  type OrderItemRow,
  type OrderRow,
  toOrderResponse,
  toPaymentOrder,
} from './repository';
export { buildOrderTimelines } from './timeline';
export {
  holdsExpiredSql,
  notUnpaidCheckoutSql,
  unpaidCheckoutSql,
} from './unpaid-checkouts';
