import { defineMessages } from '~/shared/i18n/catalogues';

/** The footer's sign-up and the toasts both sign-ups share (subscribe.ts). */
export const newsletterMessages = defineMessages(
  'newsletter',
  {
    emailAddress: 'Email address',
    yourEmail: 'Your email',
    subscribe: 'Subscribe',
    website: 'Website',
    invalidEmailTitle: 'Invalid Email',
    invalidEmail: 'Please enter a valid email address.',
    subscribedTitle: 'Subscription Successful',
    subscribed: 'Thank you for subscribing to our newsletter!',
    failedTitle: 'Subscription Failed',
    failed: 'There was an error subscribing to the newsletter. Please try again.',
  },
  {
    emailAddress: 'Adresse courriel',
    yourEmail: 'Votre courriel',
    subscribe: 'S’abonner',
    website: 'Site Web',
    invalidEmailTitle: 'Courriel invalide',
    invalidEmail: 'Veuillez entrer une adresse courriel valide.',
    subscribedTitle: 'Abonnement réussi',
    subscribed: 'Merci de vous être abonné à notre infolettre!',
    failedTitle: 'Échec de l’abonnement',
    failed: 'Une erreur s’est produite lors de l’abonnement à l’infolettre. Veuillez réessayer.',
  },
);
