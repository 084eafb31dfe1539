// Refusals a shopper reads under the 'Discount code' field (docs/decisions/0550-discount-codes.md).
// '\u00a0' is the no-break space French puts before ':' and '$'.
import { defineMessages } from './i18n/catalogues';

export const DISCOUNT_CODE_MESSAGES = defineMessages(
  'discountCodes',
  {
    unknown: 'This discount code does not exist.',
    notYetValid: 'This discount code is not valid yet.',
    expired: 'This discount code has expired.',
    usedUp: 'This discount code has been used up.',
    notEligible: 'This discount code does not apply to any item in your cart.',
    belowMinimum: 'This discount code needs a subtotal of at least {{minimum}}.',
    noExtraSaving:
      "This discount code does not combine with today's discounts, and they already save you more.",
  },
  {
    unknown: "Ce code de réduction n'existe pas.",
    notYetValid: "Ce code de réduction n'est pas encore valide.",
    expired: 'Ce code de réduction est expiré.',
    usedUp: 'Ce code de réduction a atteint sa limite d’utilisation.',
    notEligible: "Ce code de réduction ne s'applique à aucun article de votre panier.",
    belowMinimum: 'Ce code de réduction exige un sous-total d’au moins {{minimum}}.',
    noExtraSaving:
      'Ce code de réduction ne se cumule pas avec les rabais du jour, qui vous font déjà économiser davantage.',
  },
);
