// The checkout feature's public entry: what other features may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export { hostedCheckout, newOrderReference, placeStaffOrder } from './service';
// The till prices its sales with the same module as the storefront (docs/decisions/0600-till.md).
export { loadPricingContext, priceCart } from './pricing';
