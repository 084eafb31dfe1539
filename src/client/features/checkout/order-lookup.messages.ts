// The guest order look-up page (/orders/lookup).
import { defineMessages } from '~/shared/i18n/catalogues';

export const orderLookupMessages = defineMessages(
  'order-lookup',
  {
    title: 'Find Your Order',
    seoDescription: 'Open an order with its reference and your email address.',
    orderHeading: 'Order {{reference}}',
    findAnother: 'Find Another Order',
    intro:
      'Enter the order reference from your confirmation email and the email address you used at checkout.',
    formLabel: 'Find your order',
    orderReference: 'Order Reference',
    email: 'Email',
    lookingUp: 'Looking up...',
    findMyOrder: 'Find My Order',
    failed: 'Something went wrong. Please try again.',
  },
  {
    title: 'Retrouver votre commande',
    seoDescription: 'Consultez une commande avec sa référence et votre adresse courriel.',
    orderHeading: 'Commande {{reference}}',
    findAnother: 'Retrouver une autre commande',
    intro:
      'Entrez la référence de commande inscrite dans votre courriel de confirmation et l’adresse courriel utilisée lors du paiement.',
    formLabel: 'Retrouver votre commande',
    orderReference: 'Référence de commande',
    email: 'Adresse courriel',
    lookingUp: 'Recherche…',
    findMyOrder: 'Retrouver ma commande',
    failed: 'Une erreur s’est produite. Veuillez réessayer.',
  },
);
