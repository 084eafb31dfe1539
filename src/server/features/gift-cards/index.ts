// The gift cards feature's public entry (docs/decisions/0533-gift-cards.md).
export { giveBackOrderGiftCards, spendGiftCardsOnOrder } from './ledger';
export { limitGiftCardLookups } from './routes';
