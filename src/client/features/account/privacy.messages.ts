import { defineMessages } from '~/shared/i18n/catalogues';

/** The account's marketing consent switch and the download of one's data. */
export const accountPrivacyMessages = defineMessages(
  'account-privacy',
  {
    marketingTitle: 'Deals and news by e-mail',
    marketingDescription:
      'Marketing e-mail is separate from order e-mails. Every message has an unsubscribe link.',
    impliedPurchase:
      'Because you bought from us, we may e-mail you deals until {{date}} unless you unsubscribe.',
    impliedInquiry: 'Because you wrote to us, we may e-mail you deals until {{date}} unless you unsubscribe.',
    consentSavedOn: 'You agreed on {{date}}.',
    subscribedText: 'You will receive our deals and news.',
    unsubscribedText: 'You will receive no more marketing e-mail.',
    unsubscribeAll: 'Stop all marketing e-mail',
    savedTitle: 'Preferences Saved',
    saveFailedTitle: 'Update Failed',
    saveFailedText: 'Your choice could not be saved. Please try again.',
    dataTitle: 'Your data',
    dataDescription:
      'Download everything we keep about you: profile, addresses, every order with its items, consents and messages.',
    downloadJson: 'Download my data (JSON)',
    downloadCsv: 'Download my data (CSV)',
  },
  {
    marketingTitle: 'Aubaines et nouvelles par courriel',
    marketingDescription:
      'Les courriels promotionnels sont distincts des courriels de commande. Chaque message contient un lien de désabonnement.',
    impliedPurchase:
      'Comme vous avez acheté chez nous, nous pouvons vous envoyer des aubaines jusqu’au {{date}}, sauf si vous vous désabonnez.',
    impliedInquiry:
      'Comme vous nous avez écrit, nous pouvons vous envoyer des aubaines jusqu’au {{date}}, sauf si vous vous désabonnez.',
    consentSavedOn: 'Vous avez accepté le {{date}}.',
    subscribedText: 'Vous recevrez nos aubaines et nouvelles.',
    unsubscribedText: 'Vous ne recevrez plus de courriels promotionnels.',
    unsubscribeAll: 'Arrêter tous les courriels promotionnels',
    savedTitle: 'Préférences enregistrées',
    saveFailedTitle: 'Échec de la mise à jour',
    saveFailedText: 'Votre choix n’a pas pu être enregistré. Veuillez réessayer.',
    dataTitle: 'Vos données',
    dataDescription:
      'Téléchargez tout ce que nous conservons à votre sujet : profil, adresses, chaque commande avec ses articles, consentements et messages.',
    downloadJson: 'Télécharger mes données (JSON)',
    downloadCsv: 'Télécharger mes données (CSV)',
  },
);
