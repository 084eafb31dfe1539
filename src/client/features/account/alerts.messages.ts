// The account's Alerts tab: saved searches and price watches, each with Delete
// (docs/decisions/0581-alert-buttons-and-account-lists.md). English and Canadian French.
import { defineMessages } from '~/shared/i18n/catalogues';

const NBSP = '\u00a0';

export const accountAlertMessages = defineMessages(
  'account-alerts',
  {
    heading: 'Alerts',
    intro:
      'We e-mail you at most once a day with new lots that match your saved searches, and once when a watched price drops.',
    searchesHeading: 'Saved searches',
    noSearches: "No saved searches yet. Use 'Alert me' on any listing or search results.",
    watchesHeading: 'Price watches',
    noWatches: "No price watches yet. Use 'Watch price' on a product page.",
    watchedAt: 'Watched at {{price}}',
    notified: 'Alert sent',
    deleteSearch: 'Delete saved search {{name}}',
    deleteWatch: 'Delete the watch on {{name}}',
    delete: 'Delete',
    deletedTitle: 'Deleted',
    deleteFailedTitle: 'Not deleted',
    deleteFailedText: 'Something went wrong. Please try again.',
    loadFailed: "We couldn't load your alerts.",
  },
  {
    heading: 'Alertes',
    intro: `Nous vous écrivons au plus une fois par jour avec les nouveaux lots qui correspondent à vos recherches enregistrées, et une fois quand un prix surveillé baisse.`,
    searchesHeading: 'Recherches enregistrées',
    noSearches: `Aucune recherche enregistrée. Utilisez «${NBSP}M’alerter${NBSP}» sur une liste de produits ou des résultats de recherche.`,
    watchesHeading: 'Prix surveillés',
    noWatches: `Aucun prix surveillé. Utilisez «${NBSP}Surveiller le prix${NBSP}» sur la page d’un produit.`,
    watchedAt: 'Surveillé à {{price}}',
    notified: 'Alerte envoyée',
    deleteSearch: 'Supprimer la recherche enregistrée {{name}}',
    deleteWatch: 'Supprimer la surveillance de {{name}}',
    delete: 'Supprimer',
    deletedTitle: 'Supprimé',
    deleteFailedTitle: 'Non supprimé',
    deleteFailedText: 'Un problème est survenu. Veuillez réessayer.',
    loadFailed: 'Nous n’avons pas pu charger vos alertes.',
  },
);
