import { defineMessages } from '~/shared/i18n/catalogues';

export const faqMessages = defineMessages(
  'faq',
  {
    title: 'Frequently Asked Questions',
    description: 'Answers about liquidation merchandise, daily discounts, shipping, returns and ordering.',
    searchLabel: 'Search FAQ',
    searchPlaceholder: 'Search FAQ...',
    clearSearchLabel: 'Clear search',
    loadFailed: 'The questions could not be loaded. Please try again later.',
    noMatch: 'No FAQs found matching your search.',
    clearSearch: 'Clear Search',
  },
  {
    title: 'Foire aux questions',
    description:
      'Réponses sur les marchandises de liquidation, les rabais quotidiens, la livraison, les retours et les commandes.',
    searchLabel: 'Rechercher dans la FAQ',
    searchPlaceholder: 'Rechercher dans la FAQ…',
    clearSearchLabel: 'Effacer la recherche',
    loadFailed: 'Les questions n’ont pas pu être chargées. Veuillez réessayer plus tard.',
    noMatch: 'Aucune question ne correspond à votre recherche.',
    clearSearch: 'Effacer la recherche',
  },
);
