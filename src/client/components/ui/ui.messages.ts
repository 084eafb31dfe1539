// The shared controls' own words (pager, dialogs, toasts, loading and retry); the words a caller passes
// in (a dialog's title, a pager's noun) are the caller's to translate.
import { defineMessages } from '~/shared/i18n/catalogues';

export const uiMessages = defineMessages(
  'ui',
  {
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {{page}} of {{pages}}',
    showing: 'Showing {{from}}–{{to}} of {{total}} {{noun}}',
    rowsPerPage: 'Rows per page',
    close: 'Close',
    cancel: 'Cancel',
    delete: 'Delete',
    discardTitle: 'Discard changes?',
    discardMessage: 'Your changes have not been saved. If you close this now, they will be lost.',
    keepEditing: 'Keep editing',
    discard: 'Discard',
    retry: 'Retry',
    loading: 'Loading...',
    optional: '(optional)',
    // Radix fills in {hotkey} (F8) itself.
    notifications: 'Notifications ({hotkey})',
  },
  {
    previous: 'Précédent',
    next: 'Suivant',
    pageOf: 'Page {{page}} de {{pages}}',
    showing: '{{from}} à {{to}} sur {{total}} {{noun}}',
    rowsPerPage: 'Lignes par page',
    close: 'Fermer',
    cancel: 'Annuler',
    delete: 'Supprimer',
    discardTitle: 'Abandonner les modifications?',
    discardMessage:
      'Vos modifications n’ont pas été enregistrées. Si vous fermez maintenant, elles seront perdues.',
    keepEditing: 'Continuer la modification',
    discard: 'Abandonner',
    retry: 'Réessayer',
    loading: 'Chargement…',
    optional: '(facultatif)',
    notifications: 'Notifications ({hotkey})',
  },
);
