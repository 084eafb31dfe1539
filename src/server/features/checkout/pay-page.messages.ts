// The local provider's payment page (/pay/{reference}) in the order's language: a French order is paid
// on a French page and comes back to the French confirmation.
import { defineMessages } from '~/shared/i18n/catalogues';

export const payPageMessages = defineMessages(
  'pay-page',
  {
    title: 'Pay {{amount}}',
    securePayment: 'Secure payment for order {{reference}}',
    testNotice: 'Test payment page: no card is charged.',
    orderItems: 'Order items',
    shipping: 'Shipping',
    tax: 'Tax',
    storeCredit: 'Store credit',
    giftCards: 'Gift cards',
    amountToPay: 'Amount to pay',
    pay: 'Pay',
    decline: 'Decline',
    closedTitle: 'Payment closed',
    alreadyPaid: 'This order is already paid',
    closed: 'This payment is closed',
    replaced:
      'This checkout was replaced by the one you started later, in another tab or window, and takes no payment. No money was taken. Pay in that tab, or check out again.',
    viewOrder: 'View your order',
    returnToCheckout: 'Return to checkout',
    receivedTitle: 'Payment received',
    received:
      'We received your payment. Your order is being confirmed, and your confirmation e-mail is on its way.',
  },
  {
    title: 'Payer {{amount}}',
    securePayment: 'Paiement sécurisé de la commande {{reference}}',
    testNotice: 'Page de paiement d’essai : aucune carte n’est débitée.',
    orderItems: 'Articles de la commande',
    shipping: 'Livraison',
    tax: 'Taxes',
    storeCredit: 'Crédit en magasin',
    giftCards: 'Cartes-cadeaux',
    amountToPay: 'Montant à payer',
    pay: 'Payer',
    decline: 'Refuser',
    closedTitle: 'Paiement fermé',
    alreadyPaid: 'Cette commande est déjà payée',
    closed: 'Ce paiement est fermé',
    replaced:
      'Cette commande a été remplacée par celle que vous avez commencée ensuite, dans un autre onglet ou une autre fenêtre, et n’accepte plus de paiement. Aucun montant n’a été prélevé. Payez dans cet onglet ou passez de nouveau à la caisse.',
    viewOrder: 'Voir votre commande',
    returnToCheckout: 'Retourner à la caisse',
    receivedTitle: 'Paiement reçu',
    received:
      'Nous avons bien reçu votre paiement. Votre commande est en cours de confirmation et votre courriel de confirmation suivra.',
  },
);
