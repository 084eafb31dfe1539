// The gift card shop, /gift-cards (docs/decisions/0534-gift-card-sales.md).
import { defineMessages } from '~/shared/i18n/catalogues';

export const giftCardShopMessages = defineMessages(
  'gift-card-shop',
  {
    title: 'Gift cards',
    seo: 'Give a gift card by e-mail: any amount from $10 to $500, no expiry and no fees.',
    intro:
      'Choose an amount and who it is for: the card’s code is e-mailed to them as soon as your order is paid. Gift cards never expire and carry no fees, and they are not taxed when bought.',
    amount: 'Amount',
    otherAmount: 'Other amount',
    customAmount: 'Amount in dollars',
    customHint: 'Whole dollars, from {{min}} to {{max}}.',
    quantity: 'Number of cards',
    recipientName: 'Recipient’s name',
    recipientEmail: 'Recipient’s e-mail',
    message: 'Message',
    messageHint: 'Up to {{max}} characters, printed in the e-mail.',
    addToCart: 'Add to cart',
    added: 'Gift card added to your cart',
    addedText: '{{amount}} gift card for {{name}}.',
    tooManyLines: 'Your cart already holds {{max}} gift card lines, the most one order can have.',
    goToCart: 'Go to Cart',
    checkBalance: 'Check a gift card’s balance',
  },
  {
    title: 'Cartes-cadeaux',
    seo: 'Offrez une carte-cadeau par courriel\u00a0: de 10\u00a0$ à 500\u00a0$, sans date d’expiration ni frais.',
    intro:
      'Choisissez un montant et son destinataire\u00a0: le code de la carte lui est envoyé par courriel dès que votre commande est payée. Les cartes-cadeaux n’expirent jamais, sont sans frais et ne sont pas taxées à l’achat.',
    amount: 'Montant',
    otherAmount: 'Autre montant',
    customAmount: 'Montant en dollars',
    customHint: 'En dollars entiers, de {{min}} à {{max}}.',
    quantity: 'Nombre de cartes',
    recipientName: 'Nom du destinataire',
    recipientEmail: 'Courriel du destinataire',
    message: 'Message',
    messageHint: 'Jusqu’à {{max}} caractères, inscrits dans le courriel.',
    addToCart: 'Ajouter au panier',
    added: 'Carte-cadeau ajoutée à votre panier',
    addedText: 'Carte-cadeau de {{amount}} pour {{name}}.',
    tooManyLines:
      'Votre panier contient déjà {{max}} lignes de cartes-cadeaux, le maximum pour une commande.',
    goToCart: 'Voir le panier',
    checkBalance: 'Vérifier le solde d’une carte-cadeau',
  },
);
