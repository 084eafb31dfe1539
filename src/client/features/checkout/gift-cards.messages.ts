// The gift card balance page and the checkout page's gift card field (docs/decisions/0533-gift-cards.md).
import { defineMessages } from '~/shared/i18n/catalogues';

export const giftCardMessages = defineMessages(
  'giftCards',
  {
    balanceTitle: 'Gift card balance',
    balanceSeo: 'Check the balance of a gift card.',
    balanceIntro:
      'Enter the code printed in your gift card e-mail. Gift cards never expire and carry no fees.',
    code: 'Gift card code',
    check: 'Check balance',
    balanceIs: 'The card ending in {{last4}} holds {{amount}}.',
    notFound: 'This gift card code is not valid. Please check it and try again.',
    tooMany: 'Too many look-ups from your connection. Please try again in a few minutes.',
    failed: 'We could not check this card. Please try again.',
    checkoutCodes: 'Gift card codes',
    checkoutCodesHint: 'One code per line. Gift cards pay after any store credit; your card pays the rest.',
    buyCard: 'Buy a gift card',
  },
  {
    balanceTitle: 'Solde de carte-cadeau',
    balanceSeo: 'Vérifiez le solde d’une carte-cadeau.',
    balanceIntro:
      'Entrez le code inscrit dans le courriel de votre carte-cadeau. Les cartes-cadeaux n’expirent jamais et sont sans frais.',
    code: 'Code de la carte-cadeau',
    check: 'Vérifier le solde',
    balanceIs: 'La carte se terminant par {{last4}} contient {{amount}}.',
    notFound: 'Ce code de carte-cadeau n’est pas valide. Veuillez le vérifier et réessayer.',
    tooMany: 'Trop de vérifications depuis votre connexion. Veuillez réessayer dans quelques minutes.',
    failed: 'Nous n’avons pas pu vérifier cette carte. Veuillez réessayer.',
    checkoutCodes: 'Codes de cartes-cadeaux',
    checkoutCodesHint:
      'Un code par ligne. Les cartes-cadeaux paient après le crédit en magasin; votre carte paie le reste.',
    buyCard: 'Acheter une carte-cadeau',
  },
);
