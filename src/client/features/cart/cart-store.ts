// The shopping cart, kept in the browser (docs/decisions/0020-cart-storage-keys-and-format.md,
// 0021-cart-messages-and-stock-limits.md).
//
// - Stored in localStorage under CART_STORAGE_KEY with a mirror copy under CART_BACKUP_KEY. Every write
//   updates both, so the backup only matters when the cart key is lost or emptied behind our back.
// - On load invalid items are dropped (missing productId or name, non-positive or non-numeric
//   quantity); a missing or empty cart is restored from a non-empty backup; CART_FORCE_EMPTY_KEY empties
//   both and is then removed.
// - One in-memory copy per page (every hook and component sees the same cart at once) kept in step with
//   other tabs through the `storage` event.
// - Nothing here runs on the server: the server snapshot is the empty cart and `ready` is false, so the
//   server HTML and the first browser render agree (no hydration mismatch).
import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { translator } from '~/shared/i18n/catalogues';
import { type Locale, localeOfPath } from '~/shared/i18n/locales';
import { PRODUCT_CONDITIONS, type ProductCondition } from '~/shared/constants';
import { centsToString, toCents } from '~/shared/money';
import type { CartQuote } from '~/shared/schemas/cart-quote';
import type { Product } from '~/shared/schemas/catalog';
import { toast, toastsSuppressed } from '~/client/components/ui/toast-store';
import { cartMessages } from './cart.messages';

export const CART_STORAGE_KEY = 'cart';
export const CART_BACKUP_KEY = 'cart-backup';
export const CART_FORCE_EMPTY_KEY = 'cart-force-empty';
/** The order id whose confirmation already cleared the cart (clear once per order). */
export const LAST_CLEARED_ORDER_KEY = 'cart-last-cleared-order';
/** The order a hosted checkout was created for, while the shopper is away paying. */
export const PENDING_ORDER_KEY = 'pending-order-id';
/** The gift card lines (gift-card-lines.ts): their own key, as a card has no productId. */
export const GIFT_CARD_CART_KEY = 'cart-gift-cards';

export type CartItem = {
  productId: number;
  name: string;
  /** Unit price after today's discount, two decimals ("12.34"). */
  price: string;
  quantity: number;
  imageUrl: string | null;
  /** The original (struck-through) unit price, or null. */
  compareAtPrice: string | null;
  /** True when a daily discount is already in `price`. */
  discountApplied: boolean;
  /**
   * The selling price before today's discount and today's percent, for the summary's discount line
   * (docs/decisions/0130-daily-discount-lowers-the-selling-price.md); absent on items stored by older
   * versions until the server's quote fills them in.
   */
  regularPrice?: string;
  discountPercent?: number;
  /** For links and the product page; absent on items stored by older versions. */
  slug?: string;
  /** The stock known when the item was added: the limit for quantities, null when unknown. */
  stock?: number | null;
  /** Sold as final sale (no return): the checkout asks the shopper to confirm it. Kept current by the quote. */
  finalSale?: boolean;
  /** The lot's graded condition, shown on the checkout's lines; absent on items stored by older versions. */
  condition?: ProductCondition;
};

export type CartState = { items: CartItem[]; specialInstructions: string };

/** What is needed to put a product in the cart. */
export type CartProductInput = Omit<CartItem, 'quantity'>;

const EMPTY: CartState = Object.freeze({ items: [], specialInstructions: '' }) as CartState;

const isBrowser = typeof window !== 'undefined';

let state: CartState | null = null;
const listeners = new Set<() => void>();
let storageListening = false;

function storage(): Storage {
  return window.localStorage;
}

// ---------------------------------------------------------------------------------------------------
// Parsing and loading

function normaliseItem(raw: unknown): CartItem | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const productId =
    typeof r.productId === 'string' && r.productId.trim() !== '' ? Number(r.productId) : r.productId;
  if (typeof productId !== 'number' || !Number.isInteger(productId) || productId <= 0) return null;
  if (typeof r.name !== 'string' || r.name.trim() === '') return null;
  const quantity =
    typeof r.quantity === 'string' && r.quantity.trim() !== '' ? Number(r.quantity) : r.quantity;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0) return null;
  const money = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? toCents(v) : null);
  const priceCents = money(r.price);
  const compareCents = money(r.compareAtPrice);
  const stock = typeof r.stock === 'number' && Number.isFinite(r.stock) ? Math.floor(r.stock) : null;
  const regularCents = money(r.regularPrice);
  const percent =
    typeof r.discountPercent === 'number' && Number.isInteger(r.discountPercent) ? r.discountPercent : null;
  return {
    productId,
    name: r.name,
    price: centsToString(priceCents ?? 0),
    quantity: Math.max(1, Math.floor(quantity)),
    imageUrl: typeof r.imageUrl === 'string' && r.imageUrl !== '' ? r.imageUrl : null,
    compareAtPrice: compareCents !== null && compareCents > 0 ? centsToString(compareCents) : null,
    discountApplied: r.discountApplied === true,
    ...(regularCents !== null && regularCents > 0 ? { regularPrice: centsToString(regularCents) } : {}),
    ...(percent !== null && percent >= 0 && percent <= 100 ? { discountPercent: percent } : {}),
    ...(typeof r.slug === 'string' && r.slug !== '' ? { slug: r.slug } : {}),
    ...(r.finalSale === true ? { finalSale: true } : {}),
    ...((PRODUCT_CONDITIONS as readonly unknown[]).includes(r.condition)
      ? { condition: r.condition as ProductCondition }
      : {}),
    stock,
  };
}

/** Parses a stored cart; invalid items are dropped, repeated products merged. Null when unreadable. */
export function parseCart(text: string | null): CartState | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  // Older carts were a bare array of items.
  const raw = Array.isArray(parsed) ? { items: parsed } : parsed;
  if (!raw || typeof raw !== 'object') return null;
  const obj = raw as { items?: unknown; specialInstructions?: unknown };
  const items: CartItem[] = [];
  for (const candidate of Array.isArray(obj.items) ? obj.items : []) {
    const item = normaliseItem(candidate);
    if (!item) continue;
    const same = items.find((i) => i.productId === item.productId);
    if (same) same.quantity += item.quantity;
    else items.push(item);
  }
  return {
    items,
    specialInstructions: typeof obj.specialInstructions === 'string' ? obj.specialInstructions : '',
  };
}

const serialise = (cart: CartState) => JSON.stringify(cart);

function write(cart: CartState) {
  // Backup first: a tab that hears about the cart key reads a backup that is already up to date.
  storage().setItem(CART_BACKUP_KEY, serialise(cart));
  storage().setItem(CART_STORAGE_KEY, serialise(cart));
}

/** The load procedure of section 4. Writes the cleaned cart back so both copies agree. */
function loadFromStorage(): CartState {
  try {
    const s = storage();
    if (s.getItem(CART_FORCE_EMPTY_KEY) !== null) {
      s.removeItem(CART_FORCE_EMPTY_KEY);
      write(EMPTY);
      return EMPTY;
    }
    let cart = parseCart(s.getItem(CART_STORAGE_KEY));
    if (!cart || cart.items.length === 0) {
      const backup = parseCart(s.getItem(CART_BACKUP_KEY));
      if (backup && backup.items.length > 0) cart = backup;
    }
    const result = cart ?? EMPTY;
    write(result);
    return result;
  } catch {
    // Storage blocked (private mode, disabled cookies): an in-memory cart still works for this page.
    return EMPTY;
  }
}

function current(): CartState {
  if (!isBrowser) return EMPTY;
  if (state === null) {
    state = loadFromStorage();
    listenToOtherTabs();
  }
  return state;
}

function emit() {
  for (const l of listeners) l();
}

function listenToOtherTabs() {
  if (storageListening || !isBrowser) return;
  storageListening = true;
  window.addEventListener('storage', onStorage);
}

function onStorage(event: StorageEvent) {
  if (event.storageArea !== null && event.storageArea !== window.localStorage) return;
  if (event.key === null) {
    // Another tab cleared all of local storage.
    state = EMPTY;
    emit();
    return;
  }
  if (event.key === CART_FORCE_EMPTY_KEY && event.newValue !== null) {
    state = loadFromStorage();
    emit();
    return;
  }
  if (event.key !== CART_STORAGE_KEY) return;
  // The other tab's new value as it is: reading through the load procedure here could resurrect
  // the backup when that tab has just emptied its cart.
  state = parseCart(event.newValue) ?? EMPTY;
  emit();
}

/** Saves a new cart; throws when storage refuses (the caller shows the 'Error' toast). */
function commit(next: CartState) {
  try {
    write(next);
  } catch (error) {
    // Quota or blocked storage: a private-mode browser still gets a working cart for this page, but
    // a failing write of a non-empty cart is reported.
    if (storageWorks()) throw error;
  }
  state = next;
  emit();
}

function storageWorks(): boolean {
  try {
    const probe = '__cart_probe__';
    storage().setItem(probe, '1');
    storage().removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// Reading

/** The cart as it is now (the empty cart on the server). */
export function getCart(): CartState {
  return current();
}

export function subscribeCart(listener: () => void): () => void {
  current();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noopSubscribe = () => () => {};

/** False on the server and during hydration, true once the browser's cart is in use. */
export function useCartReady(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

export type CartView = CartState & {
  /** Total quantity of all items. */
  count: number;
  /** False until the stored cart has been read (always false in the server render). */
  ready: boolean;
};

function countOf(cart: CartState): number {
  return cart.items.reduce((sum, i) => sum + i.quantity, 0);
}

/** The cart for components: items, special instructions, total quantity and whether it is loaded. */
export function useCart(): CartView {
  const cart = useSyncExternalStore(subscribeCart, current, () => EMPTY);
  const ready = useCartReady();
  return { ...cart, count: countOf(cart), ready };
}

/** Total quantity in the cart, for the header badge; 0 on the server so hydration matches. */
export function useCartCount(): number {
  return useSyncExternalStore(
    subscribeCart,
    () => countOf(current()),
    () => 0,
  );
}

/** How many of one product are in the cart (0 on the server). */
export function useCartQuantity(productId: number): number {
  return useSyncExternalStore(
    subscribeCart,
    () => current().items.find((i) => i.productId === productId)?.quantity ?? 0,
    () => 0,
  );
}

// ---------------------------------------------------------------------------------------------------
// Stock rules (section 5)

export type StockCheck = { ok: true } | { ok: false; title: string; description: string };

/**
 * The language of the page the cart is used on. Components pass theirs (`useLocale()`); anything else
 * (the checkout's hand-off, a reorder) speaks the language of the address, French under /fr.
 */
function pageLocale(): Locale {
  return typeof window === 'undefined' ? 'en' : localeOfPath(window.location.pathname);
}

const cartT = (locale: Locale | undefined): TFunction => translator(locale ?? pageLocale(), cartMessages);

/**
 * Whether `adding` more units fit a known stock limit, with the cart's messages when not. An unknown
 * limit (null or undefined) is not enforced here; the server checks again at checkout.
 */
export function checkCartStock(
  stock: number | null | undefined,
  inCart: number,
  adding: number,
  locale?: Locale,
): StockCheck {
  if (stock === null || stock === undefined) return { ok: true };
  const t = cartT(locale);
  if (!(stock > 0)) return { ok: false, title: t('cannotAdd'), description: t('productOutOfStock') };
  if (inCart + adding <= stock) return { ok: true };
  const more = stock - inCart;
  if (more <= 0) {
    return { ok: false, title: t('maximumReached'), description: t('alreadyMaximum', { inCart }) };
  }
  return { ok: false, title: t('limitedStock'), description: t('canAddMore', { more, inCart, stock }) };
}

/** The product page's own wording for the same limit. */
export function checkProductPageStock(
  stock: number | null | undefined,
  inCart: number,
  adding: number,
  locale?: Locale,
): StockCheck {
  const t = cartT(locale);
  if (!(typeof stock === 'number' && stock > 0)) {
    return { ok: false, title: t('cannotAdd'), description: t('productOutOfStock') };
  }
  if (inCart + adding <= stock) return { ok: true };
  return {
    ok: false,
    title: t('maximumReached'),
    description:
      inCart > 0 ? t('alreadyInCart', { inCart, more: Math.max(0, stock - inCart) }) : t('upTo', { stock }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Actions. Each returns whether the cart changed and reports the outcome with the section 8 toasts.

export type ActionOptions = {
  /** false: no success toast (the caller shows its own, like the product page's dialog). */
  notify?: boolean;
  /** The language of the toasts: the page's (`useLocale()`); the address's when not given. */
  locale?: Locale;
};

/** A cart line from a catalogue product: today's price, the struck-through original, the stock limit. */
export function cartItemFromProduct(product: Product): CartProductInput {
  return {
    productId: product.id,
    name: product.name,
    price: product.discountedPrice,
    imageUrl: product.imageUrl,
    compareAtPrice: product.originalPrice,
    discountApplied: product.discountPercentage > 0,
    regularPrice: product.price,
    discountPercent: product.discountPercentage,
    slug: product.slug,
    stock: product.stock,
    condition: product.condition,
    ...(product.finalSale ? { finalSale: true } : {}),
  };
}

function fail(t: TFunction, description: string) {
  toast({ title: t('error'), description, variant: 'destructive' });
}

/**
 * Adds `quantity` units (default 1). An existing line grows; a known stock limit is enforced with the
 * 'Cannot add to cart', 'Maximum Stock Reached' and 'Limited Stock Available' messages. Success shows
 * 'Added to cart' with Continue Shopping and Go to Cart.
 */
export function addItem(product: CartProductInput, quantity = 1, options: ActionOptions = {}): boolean {
  const t = cartT(options.locale);
  try {
    const productId = Number(product?.productId);
    if (!product || !Number.isInteger(productId) || productId <= 0 || !product.name) {
      fail(t, t('addFailed'));
      return false;
    }
    const adding = Math.floor(quantity);
    if (!(adding > 0)) return false;
    const cart = current();
    const existing = cart.items.find((i) => i.productId === productId);
    const check = checkCartStock(product.stock, existing?.quantity ?? 0, adding, options.locale);
    if (!check.ok) {
      toast({ title: check.title, description: check.description, variant: 'destructive' });
      return false;
    }
    const fresh = normaliseItem({ ...product, productId, quantity: adding });
    if (!fresh) {
      fail(t, t('addFailed'));
      return false;
    }
    const items = existing
      ? cart.items.map((i) => (i.productId === productId ? { ...fresh, quantity: i.quantity + adding } : i))
      : [...cart.items, fresh];
    commit({ ...cart, items });
    if (options.notify !== false) {
      toast({
        title: t('added'),
        description: t('addedDescription', { name: fresh.name }),
        // The toaster's links are the router's: under /fr they stay French.
        actions: [
          { label: t('continueShopping'), href: '/products' },
          { label: t('goToCart'), href: '/cart' },
        ],
      });
    }
    return true;
  } catch {
    fail(t, t('addFailed'));
    return false;
  }
}

/** Removes a product's line ('Item removed'). */
export function removeItem(productId: number, options: ActionOptions = {}): boolean {
  const t = cartT(options.locale);
  try {
    const cart = current();
    const item = cart.items.find((i) => i.productId === productId);
    if (!item) return false;
    commit({ ...cart, items: cart.items.filter((i) => i.productId !== productId) });
    if (options.notify !== false) {
      toast({ title: t('removed'), description: t('removedDescription', { name: item.name }) });
    }
    return true;
  } catch {
    fail(t, t('removeFailed'));
    return false;
  }
}

/**
 * Sets a line's quantity. 0 or less removes the item; more than the known stock is refused with the
 * stock messages. 'Cart updated' / 'Updated quantity to {n}' is shown only when the change is more
 * than 1 (single steps of the plus and minus buttons stay quiet).
 */
export function updateQuantity(productId: number, quantity: number, options: ActionOptions = {}): boolean {
  const t = cartT(options.locale);
  const cart = current();
  const item = cart.items.find((i) => i.productId === productId);
  if (!item) return false;
  if (!Number.isFinite(quantity)) {
    fail(t, t('updateFailed'));
    return false;
  }
  const next = Math.floor(quantity);
  if (next <= 0) return removeItem(productId, options);
  if (next === item.quantity) return false;
  if (next > item.quantity) {
    const check = checkCartStock(item.stock, item.quantity, next - item.quantity, options.locale);
    if (!check.ok) {
      toast({ title: check.title, description: check.description, variant: 'destructive' });
      return false;
    }
  }
  try {
    commit({
      ...cart,
      items: cart.items.map((i) => (i.productId === productId ? { ...i, quantity: next } : i)),
    });
  } catch {
    fail(t, t('updateFailed'));
    return false;
  }
  if (options.notify !== false && Math.abs(next - item.quantity) > 1) {
    toast({ title: t('updated'), description: t('updatedDescription', { quantity: next }) });
  }
  return true;
}

/** Empties the items, the gift cards and the special instructions. 'Cart cleared' unless toasts are suppressed. */
export function clearCart(options: ActionOptions = {}): boolean {
  const t = cartT(options.locale);
  try {
    // The gift card lines go too (gift-card-lines.ts reads their key again after every change here).
    storage().removeItem(GIFT_CARD_CART_KEY);
    commit(EMPTY);
    if (options.notify !== false && !toastsSuppressed()) {
      toast({ title: t('cleared'), description: t('clearedDescription') });
    }
    return true;
  } catch {
    fail(t, t('clearFailed'));
    return false;
  }
}

export function setSpecialInstructions(text: string, locale?: Locale): boolean {
  try {
    const cart = current();
    if (cart.specialInstructions === text) return true;
    commit({ ...cart, specialInstructions: text });
    return true;
  } catch {
    const t = cartT(locale);
    fail(t, t('instructionsFailed'));
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// Today's figures from the server (docs/decisions/0131-cart-quote.md)

export type QuoteChange =
  | { kind: 'price'; name: string; from: string; to: string }
  | { kind: 'unavailable'; name: string }
  | { kind: 'sold-out'; name: string }
  | { kind: 'short'; name: string; available: number };

/**
 * Brings the cart up to date with a quote: today's prices, struck prices and stock limits; quantities
 * lowered to what is available; items no longer for sale or sold out removed. Only lines whose
 * quantity is the one quoted are touched (a newer quote follows for the others). Returns what
 * changed, for the notice; nothing is written when nothing changed.
 */
export function applyQuote(quote: Pick<CartQuote, 'items' | 'unavailable'>): QuoteChange[] {
  const cart = current();
  const changes: QuoteChange[] = [];
  const items: CartItem[] = [];
  let dirty = false;
  for (const item of cart.items) {
    if (quote.unavailable.includes(item.productId)) {
      changes.push({ kind: 'unavailable', name: item.name });
      dirty = true;
      continue;
    }
    const q = quote.items.find((x) => x.productId === item.productId);
    if (!q || q.quantity !== item.quantity) {
      items.push(item);
      continue;
    }
    if (q.available <= 0) {
      changes.push({ kind: 'sold-out', name: item.name });
      dirty = true;
      continue;
    }
    if (q.price !== item.price) changes.push({ kind: 'price', name: q.name, from: item.price, to: q.price });
    if (q.available < item.quantity) changes.push({ kind: 'short', name: q.name, available: q.available });
    const next: CartItem = {
      ...item,
      name: q.name,
      price: q.price,
      regularPrice: q.regularPrice,
      compareAtPrice: q.compareAtPrice,
      discountApplied: q.discountApplied,
      discountPercent: q.discountPercentage,
      quantity: Math.min(item.quantity, q.available),
      stock: q.available,
    };
    if (q.finalSale) next.finalSale = true;
    else delete next.finalSale;
    if ((Object.keys(next) as (keyof CartItem)[]).some((k) => next[k] !== item[k])) dirty = true;
    items.push(next);
  }
  if (dirty) {
    try {
      commit({ ...cart, items });
    } catch {
      // Storage refused: the page keeps showing the server's notice; the next quote tries again.
    }
  }
  return changes;
}

// ---------------------------------------------------------------------------------------------------
// Checkout hand-off (section 4 "Checkout flow" and "Confirmation")

/**
 * Before redirecting to payment: stores a backup copy of the cart and, when given, the pending order
 * id. The cart itself stays as it is (a failed payment keeps it).
 */
export function backupCart(pendingOrderId?: number | string): void {
  try {
    storage().setItem(CART_BACKUP_KEY, serialise(current()));
    if (pendingOrderId !== undefined) storage().setItem(PENDING_ORDER_KEY, String(pendingOrderId));
  } catch {
    // Nothing to report: the cart in memory and under the cart key is unchanged.
  }
}

export function getPendingOrderId(): string | null {
  try {
    return isBrowser ? storage().getItem(PENDING_ORDER_KEY) : null;
  } catch {
    return null;
  }
}

/** Brings back the backup copy when the cart is empty and the backup is not. True when restored. */
export function restoreCartFromBackup(): boolean {
  try {
    const cart = current();
    if (cart.items.length > 0) return false;
    const backup = parseCart(storage().getItem(CART_BACKUP_KEY));
    if (!backup || backup.items.length === 0) return false;
    commit(backup);
    return true;
  } catch {
    return false;
  }
}

/**
 * After a confirmed payment: removes the pending order id and the cart backup and clears the cart,
 * once per order (LAST_CLEARED_ORDER_KEY remembers the last order that did it). True when it cleared.
 * 'Cart cleared' honours toastsSuppressed(), so call suppressToasts() first to keep it quiet.
 */
export function clearCartForOrder(orderId: number | string): boolean {
  try {
    const s = storage();
    if (s.getItem(LAST_CLEARED_ORDER_KEY) === String(orderId)) return false;
    s.setItem(LAST_CLEARED_ORDER_KEY, String(orderId));
    s.removeItem(PENDING_ORDER_KEY);
  } catch {
    return false;
  }
  return clearCart();
}

/**
 * Sets the 'force empty' flag and applies it: both copies are emptied here and in every other tab, and
 * a page that loads before this one finishes still starts empty.
 */
export function forceEmptyCart(): void {
  try {
    storage().setItem(CART_FORCE_EMPTY_KEY, '1');
    storage().removeItem(GIFT_CARD_CART_KEY);
  } catch {
    // fall through: the in-memory cart is still emptied
  }
  state = loadFromStorage();
  emit();
}

/** For tests: forget the in-memory cart so the next read loads from storage like a fresh page. */
export function resetCartStoreForTests(): void {
  state = null;
  if (storageListening) window.removeEventListener('storage', onStorage);
  storageListening = false;
  listeners.clear();
}
