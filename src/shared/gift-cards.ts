// Gift cards sold in the storefront (docs/decisions/0534-gift-card-sales.md): the limits of a card's
// amount, read by the checkout schema (and, once built, the gift card page).

/** A custom amount: whole dollars from $10 to $500. */
export const GIFT_CARD_MIN_DOLLARS = 10;
export const GIFT_CARD_MAX_DOLLARS = 500;
/** Cards of one line, and lines of one order. */
export const GIFT_CARD_MAX_QUANTITY = 10;
export const GIFT_CARD_MAX_LINES = 5;
export const GIFT_CARD_MESSAGE_MAX = 500;
