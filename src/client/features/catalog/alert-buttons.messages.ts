// The 'Alert me' button of the listings and the 'Watch price' button of the product page
// (docs/decisions/0581-alert-buttons-and-account-lists.md), English and Canadian French.
import { defineMessages } from '~/shared/i18n/catalogues';

export const alertButtonMessages = defineMessages(
  'catalog-alerts',
  {
    alertMe: 'Alert me',
    alertOn: 'Alert saved',
    alertSavedTitle: 'Alert saved',
    alertSavedText: 'We will e-mail you once a day when new lots match this search.',
    watchPrice: 'Watch price',
    watching: 'Watching price',
    watchSavedTitle: 'Watching this lot',
    watchSavedText: 'We will e-mail you once if its price drops, or if it sells first.',
    failedTitle: 'Not saved',
    failedText: 'Something went wrong. Please try again.',
    signInFirst: 'Sign in to get an e-mail when new lots match.',
    signInToWatch: 'Sign in to get an e-mail when this price drops.',
    signIn: 'Sign in',
    manage: 'Manage alerts',
    byEmail: 'Or get this alert by e-mail',
    sendLink: 'Send link',
    guestWording:
      'E-mail me, at most once a day, the new lots that match this search. I can unsubscribe at any time. We first send a link to confirm your address.',
  },
  {
    alertMe: 'M’alerter',
    alertOn: 'Alerte enregistrée',
    alertSavedTitle: 'Alerte enregistrée',
    alertSavedText:
      'Nous vous écrirons une fois par jour quand de nouveaux lots correspondront à cette recherche.',
    watchPrice: 'Surveiller le prix',
    watching: 'Prix surveillé',
    watchSavedTitle: 'Lot surveillé',
    watchSavedText: 'Nous vous écrirons une fois si son prix baisse, ou s’il est vendu avant.',
    failedTitle: 'Non enregistré',
    failedText: `Un problème est survenu. Veuillez réessayer.`,
    signInFirst: 'Connectez-vous pour recevoir un courriel quand de nouveaux lots correspondent.',
    signInToWatch: 'Connectez-vous pour recevoir un courriel quand ce prix baisse.',
    signIn: 'Se connecter',
    manage: `Gérer les alertes`,
    byEmail: 'Ou recevez cette alerte par courriel',
    sendLink: 'Envoyer le lien',
    guestWording:
      'Envoyez-moi, au plus une fois par jour, les nouveaux lots qui correspondent à cette recherche. Je peux me désabonner en tout temps. Nous envoyons d’abord un lien pour confirmer votre adresse.',
  },
);
