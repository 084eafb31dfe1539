import { defineMessages } from '~/shared/i18n/catalogues';

export const notFoundMessages = defineMessages(
  'not-found',
  {
    title: '404 Page Not Found',
    explanation: 'Did you forget to add the page to the router? Nothing is served at',
    backHome: 'Back to Home',
  },
  {
    title: '404 Page introuvable',
    explanation: 'Avez-vous oublié d’ajouter la page au routeur? Rien ne se trouve à l’adresse',
    backHome: 'Retour à l’accueil',
  },
);
