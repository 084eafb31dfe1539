// The confirmation page's texts: the result of a payment and its toasts. English word for word as the
// specification has it; the French is Canadian (docs/decisions/0340-french-store-and-i18next.md).
import { defineMessages } from '~/shared/i18n/catalogues';
import { PAYMENT_FAILURE_MESSAGES } from '~/shared/payment-failures';

/** Shown when a payment failed for a reason the store has no words of its own for. */
export const DEFAULT_FAILURE = "We couldn't process your payment. Please try again.";

export const confirmationMessages = defineMessages(
  'confirmation',
  {
    title: 'Order Confirmation',
    seoDescription: 'The result of your payment.',
    processingOrder: 'Processing your order...',
    unavailableTitle: "We couldn't load your order",
    unavailableText:
      "Your payment was processed, but we couldn't retrieve your order details. Please contact customer support.",
    backHome: 'Back to Home',
    viewMyOrders: 'View My Orders',
    confirmedTitle: 'Order Confirmed!',
    thanks: 'Thank you for your purchase, {{name}}.',
    whatsNext: "What's Next?",
    emailSentPickup:
      "We've sent a confirmation email to {{email}} with your order details. We'll let you know when your order is ready for pickup.",
    emailSentShips:
      "We've sent a confirmation email to {{email}} with your order details. We'll let you know when your order ships.",
    failedTitle: 'Payment Unsuccessful',
    cartStillSaved: "Don't worry, the items in your cart are still saved.",
    tryAgain: 'Try Again',
    defaultFailure: DEFAULT_FAILURE,
    failureDeclined: PAYMENT_FAILURE_MESSAGES.declined,
    failureRefunded: PAYMENT_FAILURE_MESSAGES.refunded,
    failureReplaced: PAYMENT_FAILURE_MESSAGES.replaced,
    missingOrderTitle: 'Missing order information',
    missingOrderText: 'Could not find order details. Please contact customer support.',
    paymentFailedTitle: 'Payment Failed',
    retrieveErrorTitle: 'Error retrieving order details',
    notCompletedTitle: 'Payment Not Completed',
    notCompletedText:
      'There was an issue processing your payment. Please try again or contact customer support.',
    completedTitle: 'Order Completed',
    completedText: 'Your order has been placed successfully.',
    thanksNoName: 'Thank you for your purchase.',
    summaryText:
      'Order {{reference}} is paid: {{total}}. To protect your details, this link shows only its status and total. Open it with the email address you ordered with to see the rest.',
  },
  {
    title: 'Confirmation de commande',
    seoDescription: 'Le résultat de votre paiement.',
    processingOrder: 'Traitement de votre commande…',
    unavailableTitle: 'Nous n’avons pas pu afficher votre commande',
    unavailableText:
      'Votre paiement a été traité, mais nous n’avons pas pu récupérer les détails de votre commande. Veuillez communiquer avec le service à la clientèle.',
    backHome: 'Retour à l’accueil',
    viewMyOrders: 'Voir mes commandes',
    confirmedTitle: 'Commande confirmée!',
    thanks: 'Merci de votre achat, {{name}}.',
    whatsNext: 'Et maintenant?',
    emailSentPickup:
      'Nous avons envoyé un courriel de confirmation à {{email}} avec les détails de votre commande. Nous vous aviserons lorsque votre commande sera prête pour la cueillette.',
    emailSentShips:
      'Nous avons envoyé un courriel de confirmation à {{email}} avec les détails de votre commande. Nous vous aviserons lorsque votre commande sera expédiée.',
    failedTitle: 'Le paiement n’a pas abouti',
    cartStillSaved: 'Ne vous inquiétez pas : les articles de votre panier sont toujours enregistrés.',
    tryAgain: 'Réessayer',
    defaultFailure: 'Nous n’avons pas pu traiter votre paiement. Veuillez réessayer.',
    failureDeclined: 'Votre paiement a été refusé. Aucun montant n’a été prélevé.',
    failureRefunded:
      'Cette commande était fermée avant l’arrivée de votre paiement; celui-ci vous est donc remboursé. Veuillez passer à la caisse de nouveau.',
    failureReplaced:
      'Cette commande a été remplacée par celle que vous avez commencée ensuite, dans un autre onglet ou une autre fenêtre, et n’accepte plus de paiement. Aucun montant n’a été prélevé. Payez dans cet onglet ou passez de nouveau à la caisse.',
    missingOrderTitle: 'Renseignements de commande manquants',
    missingOrderText:
      'Les détails de la commande sont introuvables. Veuillez communiquer avec le service à la clientèle.',
    paymentFailedTitle: 'Échec du paiement',
    retrieveErrorTitle: 'Erreur lors de la récupération des détails de la commande',
    notCompletedTitle: 'Paiement non effectué',
    notCompletedText:
      'Un problème est survenu lors du traitement de votre paiement. Veuillez réessayer ou communiquer avec le service à la clientèle.',
    completedTitle: 'Commande terminée',
    completedText: 'Votre commande a bien été passée.',
    thanksNoName: 'Merci de votre achat.',
    summaryText:
      'La commande {{reference}} est payée : {{total}}. Pour protéger vos renseignements, ce lien n’en montre que l’état et le total. Ouvrez-la avec l’adresse courriel utilisée pour la commande pour voir le reste.',
  },
);
