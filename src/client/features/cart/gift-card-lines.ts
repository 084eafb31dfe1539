// The gift cards in the cart (docs/decisions/0534-gift-card-sales.md). A card is not a product: the
// product cart's storage is keyed by productId, so the card lines have their own key, one JSON list of
// lines each with its own id. They are sent as `giftCards` at checkout, untaxed and unshipped, and
// cleared with the cart. Nothing here runs on the server: its snapshot is the empty list.
import { useSyncExternalStore } from 'react';
import { GIFT_CARD_MAX_LINES, GIFT_CARD_MAX_QUANTITY } from '~/shared/gift-cards';
import { toCents } from '~/shared/money';
import { GIFT_CARD_CART_KEY, subscribeCart } from './cart-store';

/** One line: `quantity` cards of `amount` ("50.00") for one recipient. */
export type GiftCardLine = {
  id: string;
  amount: string;
  quantity: number;
  recipientName: string;
  recipientEmail: string;
  message?: string;
};

const NONE: readonly GiftCardLine[] = Object.freeze([]);
/** The stored text last read, and its lines: read again only when the stored text changes. */
let seen: string | null = null;
let lines: readonly GiftCardLine[] = NONE;
const listeners = new Set<() => void>();

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Reads a stored list; lines that are not well formed are dropped (the server checks them again). */
export function parseGiftCardLines(stored: string | null): GiftCardLine[] {
  let raw: unknown;
  try {
    raw = JSON.parse(stored ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const out: GiftCardLine[] = [];
  for (const r of raw as Record<string, unknown>[]) {
    if (!r || typeof r !== 'object') continue;
    const quantity = r.quantity;
    if (!/^\d{1,8}\.\d{2}$/.test(text(r.amount)) || !text(r.id) || !text(r.recipientEmail)) continue;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity)) continue;
    if (quantity < 1 || quantity > GIFT_CARD_MAX_QUANTITY) continue;
    out.push({
      id: text(r.id),
      amount: text(r.amount),
      quantity,
      recipientName: text(r.recipientName),
      recipientEmail: text(r.recipientEmail),
      ...(text(r.message) ? { message: text(r.message) } : {}),
    });
  }
  return out.slice(0, GIFT_CARD_MAX_LINES);
}

function stored(): string | null {
  try {
    return window.localStorage.getItem(GIFT_CARD_CART_KEY);
  } catch {
    return seen; // Blocked storage: the lines kept in memory for this page.
  }
}

function read(): readonly GiftCardLine[] {
  if (typeof window === 'undefined') return NONE;
  const now = stored();
  if (now !== seen) {
    seen = now;
    lines = parseGiftCardLines(now);
  }
  return lines;
}

function save(next: readonly GiftCardLine[]) {
  const text = next.length === 0 ? null : JSON.stringify(next);
  try {
    if (text === null) window.localStorage.removeItem(GIFT_CARD_CART_KEY);
    else window.localStorage.setItem(GIFT_CARD_CART_KEY, text);
  } catch {
    // Blocked storage: the lines still work on this page.
  }
  seen = text;
  lines = next;
  for (const l of listeners) l();
}

/**
 * Hears this module's changes, the cart's (its clearing removes the lines' key: the Clear button, a
 * paid order, a forced empty) and other tabs' (the storage event).
 */
function subscribeGiftCardLines(listener: () => void): () => void {
  listeners.add(listener);
  const offCart = subscribeCart(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    offCart();
    window.removeEventListener('storage', listener);
  };
}

export const getGiftCardLines = (): readonly GiftCardLine[] => read();

/** The card lines in the cart (none on the server and during hydration). */
export function useGiftCardLines(): readonly GiftCardLine[] {
  return useSyncExternalStore(subscribeGiftCardLines, read, () => NONE);
}

/**
 * How many cards the cart holds (every line's quantity; 0 on the server and during hydration): the header's
 * badge counts them with the products, its "total item quantity" (shopper.md, 'Header').
 */
export function useGiftCardCount(): number {
  return useSyncExternalStore(
    subscribeGiftCardLines,
    () => read().reduce((sum, l) => sum + l.quantity, 0),
    () => 0,
  );
}

/** Adds a line; false when the cart already holds the most lines an order may have. */
export function addGiftCardLine(line: Omit<GiftCardLine, 'id'>): boolean {
  const now = read();
  if (now.length >= GIFT_CARD_MAX_LINES) return false;
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  save([...now, { ...line, id }]);
  return true;
}

export function removeGiftCardLine(id: string): void {
  save(read().filter((l) => l.id !== id));
}

/** What the card lines cost in all, in cents. */
export const giftCardLinesCents = (all: readonly GiftCardLine[]) =>
  all.reduce((sum, l) => sum + (toCents(l.amount) ?? 0) * l.quantity, 0);
