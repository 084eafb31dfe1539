// The footer every marketing e-mail carries (CASL s. 6(2)): who sends it, the postal address and the
// unsubscribe link; and the page that link opens. Transactional e-mails (orders, passwords) carry none.
import { defineMessages } from '~/shared/i18n/catalogues';

export const marketingMailMessages = defineMessages(
  'marketing-mail',
  {
    sentBy: 'This message is sent by {{store}}, {{address}}. Contact: {{email}}.',
    why: 'You receive it because you agreed to receive our deals and news, or bought from us recently.',
    unsubscribe: 'Unsubscribe',
    unsubscribeText: 'Unsubscribe (one click, no sign-in): {{url}}',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribed:
      '{{email}} will receive no more marketing e-mail from {{store}}. Order and account e-mails still arrive.',
    changedMind: 'Changed your mind? You can subscribe again from the store’s footer at any time.',
    backToStore: 'Back to the store',
    invalidTitle: 'This link does not work',
    invalid:
      'This unsubscribe link is not valid. Copy the whole link from the e-mail, or write to {{email}}.',
  },
  {
    sentBy: 'Ce message vous est envoyé par {{store}}, {{address}}. Contact : {{email}}.',
    why: 'Vous le recevez parce que vous avez accepté de recevoir nos aubaines et nouvelles, ou avez acheté chez nous récemment.',
    unsubscribe: 'Se désabonner',
    unsubscribeText: 'Se désabonner (un clic, sans connexion) : {{url}}',
    unsubscribedTitle: 'Vous êtes désabonné',
    unsubscribed:
      '{{email}} ne recevra plus de courriels promotionnels de {{store}}. Les courriels de commande et de compte continuent d’arriver.',
    changedMind:
      'Vous avez changé d’idée? Vous pouvez vous réabonner au bas de n’importe quelle page du magasin.',
    backToStore: 'Retour au magasin',
    invalidTitle: 'Ce lien ne fonctionne pas',
    invalid:
      'Ce lien de désabonnement n’est pas valide. Copiez le lien complet du courriel, ou écrivez à {{email}}.',
  },
);
