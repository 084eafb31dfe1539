// The cart feature's public entry: what other features and the app may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export { AddToCartButton } from './add-to-cart-button';
export { cartMessages } from './cart.messages';
export { type ShippingSettings, shippingSettingsQueryOptions, taxRatesQueryOptions } from './api';
export {
  addItem,
  backupCart,
  CART_BACKUP_KEY,
  type CartItem,
  cartItemFromProduct,
  checkProductPageStock,
  clearCartForOrder,
  getCart,
  LAST_CLEARED_ORDER_KEY,
  PENDING_ORDER_KEY,
  type QuoteChange,
  removeItem,
  resetCartStoreForTests,
  restoreCartFromBackup,
  useCart,
  useCartCount,
  useCartQuantity,
} from './cart-store';
export { giftCardLineMessages } from './gift-card-lines.messages';
export {
  addGiftCardLine,
  type GiftCardLine,
  useGiftCardCount,
  useGiftCardLines,
} from './gift-card-lines';
export { type AppliedCode, OrderSummary, useOrderSummary } from './order-summary';
export { cartRoutes } from './routes';
export { OUTSIDE_CANADA, readEstimateProvince } from './tax-estimate';
export { QuoteNotice, quoteRequest, useCartQuote } from './use-cart-quote';
