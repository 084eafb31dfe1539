// The checkout page's store credit box (docs/decisions/0531-paying-with-credit-and-gift-cards.md).
import { defineMessages } from '~/shared/i18n/catalogues';

export const tendersMessages = defineMessages(
  'checkoutTenders',
  {
    useStoreCredit: 'Use my store credit ({{amount}} available)',
    storeCreditHint: 'Your credit pays first; your card pays the rest, if anything is left.',
  },
  {
    useStoreCredit: 'Utiliser mon crédit en magasin ({{amount}} disponible)',
    storeCreditHint: 'Votre crédit paie en premier; votre carte paie le reste, s’il en reste.',
  },
);
