// The e-mail that delivers a gift card's code to its recipient, in the language asked for
// (docs/decisions/0533-gift-cards.md).
import { defineMessages } from '~/shared/i18n/catalogues';

export const GIFT_CARD_EMAIL = defineMessages(
  'giftCardEmail',
  {
    subject: 'Your {{store}} gift card of {{amount}}',
    preview: 'A gift card of {{amount}}, to spend at {{store}}.',
    heading: 'You received a gift card',
    intro: 'Here is a {{store}} gift card of {{amount}}.',
    message: 'Their message:',
    code: 'Gift card code',
    howTo:
      'Enter this code at checkout: the card pays first and your card pays the rest, if anything is left. It can be spent over several orders, never expires and carries no fees.',
    balance: 'Check its balance',
  },
  {
    subject: 'Votre carte-cadeau {{store}} de {{amount}}',
    preview: 'Une carte-cadeau de {{amount}} à dépenser chez {{store}}.',
    heading: 'Vous avez reçu une carte-cadeau',
    intro: 'Voici une carte-cadeau {{store}} de {{amount}}.',
    message: 'Son message\u00a0:',
    code: 'Code de la carte-cadeau',
    howTo:
      'Entrez ce code à la caisse\u00a0: la carte paie en premier et votre carte paie le reste, s’il en reste. Elle peut servir sur plusieurs commandes, n’expire jamais et est sans frais.',
    balance: 'Vérifier son solde',
  },
);
