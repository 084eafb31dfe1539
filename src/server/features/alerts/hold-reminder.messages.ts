// The hold-expiry reminder's words, English and Canadian French (docs/decisions/0582-hold-expiry-reminder.md).
import { defineMessages } from '~/shared/i18n/catalogues';

const NBSP = '\u00a0';

export const HOLD_REMINDER_EMAILS = defineMessages(
  'hold-reminder-emails',
  {
    subject: 'Your items are held until {{time}}',
    body: 'You reached the payment page at {{store}} but did not pay. Your items are held until {{time}}; after that they go back on sale, and most are the only one.',
    finish: 'Finish your order',
    why: 'You get this reminder because you agreed to receive e-mails from {{store}}. This is the only reminder for this order.',
    unsubscribe: 'Unsubscribe in one click: {{url}}',
    unsubscribeLink: 'Unsubscribe in one click',
  },
  {
    subject: `Vos articles sont réservés jusqu’à {{time}}`,
    body: `Vous avez atteint la page de paiement de {{store}} sans payer. Vos articles sont réservés jusqu’à {{time}}${NBSP}; ensuite, ils seront remis en vente, et la plupart sont uniques.`,
    finish: 'Terminer votre commande',
    why: 'Vous recevez ce rappel parce que vous avez accepté de recevoir des courriels de {{store}}. C’est le seul rappel pour cette commande.',
    unsubscribe: `Se désabonner en un clic${NBSP}: {{url}}`,
    unsubscribeLink: 'Se désabonner en un clic',
  },
);
