// The gift cards feature's public entry (docs/decisions/0533-gift-cards.md, 0534-gift-card-sales.md).
export {
  customerGiftCards,
  giveBackOrderGiftCards,
  refundToOrderGiftCards,
  spendGiftCardsOnOrder,
} from './ledger';
export { limitGiftCardLookups } from './routes';
export { addOrderGiftCardLines, giftCardSaleCents, issueSoldGiftCards, giftCardLinesOfOrders } from './sales';
