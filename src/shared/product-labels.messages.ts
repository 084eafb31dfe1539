// What a lot says about itself wherever it is shown (cards, product page, cart, checkout, e-mails): its
// condition, final sale, stock level and markdown badge. The English is the one definition of these
// words: src/shared/condition.ts and src/shared/stock.ts read it for the server and the admin area.
import { defineMessages } from './i18n/catalogues';

export const PRODUCT_LABELS_EN = {
  conditionNew: 'New',
  conditionNewOpenBox: 'New - open box',
  conditionUsedLikeNew: 'Used - like new',
  conditionUsedGood: 'Used - good',
  conditionUsedAcceptable: 'Used - acceptable',
  conditionForParts: 'For parts or repair',
  finalSale: 'Final sale',
  finalSaleNote: 'Final sale: this item cannot be returned or exchanged.',
  outOfStock: 'Out of Stock',
  lowStock: 'Low Stock',
  inStock: 'In Stock',
  // The badge of a lot marked down by age whose previous price is struck through
  // (docs/decisions/0320-markdowns-lower-the-selling-price.md); not in markdowns.ts, whose zod schema
  // the browse pages must not download.
  priceDropped: 'Price dropped',
  // A struck price that is an estimate of retail value, not a price the shop charged
  // (docs/decisions/0567-price-claims-with-evidence.md): cards, product page and cart say so.
  estimatedRetail: 'Est. retail',
} as const;

export const productLabelMessages = defineMessages('product-labels', PRODUCT_LABELS_EN, {
  conditionNew: 'Neuf',
  conditionNewOpenBox: 'Neuf - boîte ouverte',
  conditionUsedLikeNew: 'Usagé - comme neuf',
  conditionUsedGood: 'Usagé - bon état',
  conditionUsedAcceptable: 'Usagé - état acceptable',
  conditionForParts: 'Pour pièces ou réparation',
  finalSale: 'Vente finale',
  finalSaleNote: 'Vente finale : cet article ne peut être ni retourné ni échangé.',
  outOfStock: 'Rupture de stock',
  lowStock: 'Stock limité',
  inStock: 'En stock',
  priceDropped: 'Prix réduit',
  estimatedRetail: 'Prix de détail estimé',
});
