// The notice offering a French-preferring visitor the French page. It is written in the language it
// offers (a visitor who prefers French reads it in French on an English page).
import { defineMessages } from '~/shared/i18n/catalogues';

export const languageSuggestionMessages = defineMessages(
  'language-suggestion',
  {
    region: 'Language',
    text: 'This page is also available in English.',
    view: 'View this page in English',
    dismiss: 'No thanks',
  },
  {
    region: 'Langue',
    text: 'Cette page est aussi offerte en français.',
    view: 'Voir cette page en français',
    dismiss: 'Non merci',
  },
);
