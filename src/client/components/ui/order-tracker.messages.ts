// The order tracker's steps (the confirmation page, the guest order look-up and the account's orders).
import { defineMessages } from '~/shared/i18n/catalogues';

export const orderTrackerMessages = defineMessages(
  'order-tracker',
  {
    progress: 'Order progress',
    stepProcessing: 'Processing',
    stepShipped: 'Shipped',
    stepDelivered: 'Delivered',
    done: '(done)',
    notYet: '(not yet)',
  },
  {
    progress: 'Progression de la commande',
    stepProcessing: 'En traitement',
    stepShipped: 'Expédiée',
    stepDelivered: 'Livrée',
    done: '(terminée)',
    notYet: '(à venir)',
  },
);
