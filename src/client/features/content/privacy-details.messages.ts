import { defineMessages } from '~/shared/i18n/catalogues';

/** What the privacy page adds under the store's own text: the officer, tracking, and a guest's request. */
export const privacyDetailsMessages = defineMessages(
  'privacy-details',
  {
    officerHeading: 'Person in charge of personal information',
    officerIntro:
      'For any question about your personal information, or to ask for a copy, a correction or its deletion, write to:',
    officerNotNamed: 'Write to our privacy contact:',
    phone: 'Phone: {{phone}}',
    answerWithin: 'We answer access requests within 30 days.',
    trackingHeading: 'No tracking',
    tracking:
      'This store loads no analytics, advertising or other third-party scripts, and sets no tracking cookies. Its only cookie keeps you signed in and your cart.',
    requestHeading: 'Your data without an account',
    requestIntro:
      'Ordered as a guest, or wrote to us? Enter your e-mail: we send a link to it that gives you a copy of your data, or deletes it.',
    email: 'Email address',
    kind: 'What do you want?',
    kindExport: 'A copy of my data',
    kindDelete: 'Delete my data',
    send: 'Send me the link',
    sentTitle: 'Check your e-mail',
    failedTitle: 'Request failed',
    failedText: 'Please try again later.',
    accountHint: 'With an account? Download or delete your data from your account’s settings.',
  },
  {
    officerHeading: 'Responsable de la protection des renseignements personnels',
    officerIntro:
      'Pour toute question sur vos renseignements personnels, ou pour en demander une copie, une correction ou la suppression, écrivez à :',
    officerNotNamed: 'Écrivez à notre contact pour la confidentialité :',
    phone: 'Téléphone : {{phone}}',
    answerWithin: 'Nous répondons aux demandes d’accès dans un délai de 30 jours.',
    trackingHeading: 'Aucun pistage',
    tracking:
      'Ce magasin ne charge aucun script d’analyse, de publicité ou d’un tiers, et ne dépose aucun témoin de pistage. Son seul témoin garde votre session et votre panier.',
    requestHeading: 'Vos données sans compte',
    requestIntro:
      'Vous avez commandé sans compte ou nous avez écrit? Entrez votre courriel : nous y envoyons un lien qui vous donne une copie de vos données, ou les supprime.',
    email: 'Adresse courriel',
    kind: 'Que voulez-vous?',
    kindExport: 'Une copie de mes données',
    kindDelete: 'Supprimer mes données',
    send: 'M’envoyer le lien',
    sentTitle: 'Vérifiez vos courriels',
    failedTitle: 'Échec de la demande',
    failedText: 'Veuillez réessayer plus tard.',
    accountHint:
      'Vous avez un compte? Téléchargez ou supprimez vos données dans les paramètres de votre compte.',
  },
);
