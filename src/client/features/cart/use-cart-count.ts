// The header's cart badge reads the cart store (kept as its own module so the header's import stays put).
export { useCartCount } from './cart-store';
