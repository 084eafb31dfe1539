// A guest's request for their data: the e-mail with the link, and the pages the link opens.
import { defineMessages } from '~/shared/i18n/catalogues';

export const guestRequestMessages = defineMessages(
  'privacy-request',
  {
    exportSubject: 'Your data at {{store}}',
    deleteSubject: 'Deleting your data at {{store}}',
    preview: 'The link works for 24 hours.',
    exportHeading: 'A copy of your data',
    deleteHeading: 'Delete your data',
    exportExplain:
      'Someone (we hope you) asked for a copy of the orders and messages {{store}} keeps under this address.',
    deleteExplain:
      'Someone (we hope you) asked {{store}} to delete the personal data of the orders and messages kept under this address.',
    exportButton: 'Get my data',
    deleteButton: 'Review the deletion',
    ignore: 'If you did not ask, ignore this e-mail: nothing happens.',
    pageExportTitle: 'Your data',
    pageExportText: 'Download the orders, messages and consents kept under {{email}}.',
    downloadJson: 'Download (JSON)',
    downloadCsv: 'Download (CSV)',
    pageDeleteTitle: 'Delete your data',
    pageDeleteText:
      'This removes your name, e-mail, phone and address from the orders placed as a guest with {{email}}, and deletes your messages and marketing consents. The orders themselves stay in our tax records, with no one named on them. This cannot be undone.',
    confirmDelete: 'Delete my data',
    deletedTitle: 'Your data is deleted',
    deletedText: 'Nothing that names you is left on the orders or messages kept under {{email}}.',
    invalidTitle: 'This link does not work',
    invalidText: 'This link is not valid, has expired or was already used. Ask again from the privacy page.',
  },
  {
    exportSubject: 'Vos données chez {{store}}',
    deleteSubject: 'Suppression de vos données chez {{store}}',
    preview: 'Le lien fonctionne pendant 24 heures.',
    exportHeading: 'Une copie de vos données',
    deleteHeading: 'Supprimer vos données',
    exportExplain:
      'Quelqu’un (vous, espérons-le) a demandé une copie des commandes et messages que {{store}} conserve sous cette adresse.',
    deleteExplain:
      'Quelqu’un (vous, espérons-le) a demandé à {{store}} de supprimer les renseignements personnels des commandes et messages conservés sous cette adresse.',
    exportButton: 'Obtenir mes données',
    deleteButton: 'Vérifier la suppression',
    ignore: 'Si vous n’avez rien demandé, ignorez ce courriel : rien ne se passera.',
    pageExportTitle: 'Vos données',
    pageExportText: 'Téléchargez les commandes, messages et consentements conservés sous {{email}}.',
    downloadJson: 'Télécharger (JSON)',
    downloadCsv: 'Télécharger (CSV)',
    pageDeleteTitle: 'Supprimer vos données',
    pageDeleteText:
      'Cette action retire votre nom, courriel, téléphone et adresse des commandes passées sans compte avec {{email}}, et supprime vos messages et consentements promotionnels. Les commandes restent dans nos registres fiscaux, sans personne nommée. Cette action est irréversible.',
    confirmDelete: 'Supprimer mes données',
    deletedTitle: 'Vos données sont supprimées',
    deletedText: 'Plus rien ne vous nomme dans les commandes ou messages conservés sous {{email}}.',
    invalidTitle: 'Ce lien ne fonctionne pas',
    invalidText:
      'Ce lien n’est pas valide, a expiré ou a déjà servi. Refaites la demande depuis la page de confidentialité.',
  },
);
