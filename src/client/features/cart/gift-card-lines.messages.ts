// The gift card lines of the cart, the Order Summary and the checkout (docs/decisions/0534-gift-card-sales.md).
import { defineMessages } from '~/shared/i18n/catalogues';

export const giftCardLineMessages = defineMessages(
  'gift-card-lines',
  {
    giftCard: '{{amount}} gift card',
    forRecipient: 'For {{name}} ({{email}})',
    byEmail: 'Sent by e-mail once your order is paid. No tax, no shipping.',
    removeCard: 'Remove the {{amount}} gift card for {{name}}',
    summaryRow: 'Gift cards (no tax)',
    cardsOnly: 'Gift cards are sent by e-mail: no shipping address is needed.',
  },
  {
    giftCard: 'Carte-cadeau de {{amount}}',
    forRecipient: 'Pour {{name}} ({{email}})',
    byEmail: 'Envoyée par courriel une fois votre commande payée. Sans taxes ni livraison.',
    removeCard: 'Retirer la carte-cadeau de {{amount}} pour {{name}}',
    summaryRow: 'Cartes-cadeaux (sans taxes)',
    cardsOnly:
      'Les cartes-cadeaux sont envoyées par courriel\u00a0: aucune adresse de livraison n’est requise.',
  },
);
