// Store credit's texts, in the account and the admin's customer record (docs/decisions/0530-store-credit-ledger.md).
import { defineMessages } from '~/shared/i18n/catalogues';

export const storeCreditMessages = defineMessages(
  'store-credit',
  {
    storeCredit: 'Store credit',
    balance: 'Balance:',
    noMovements: 'No store credit yet.',
    movements: 'Store credit movements',
    date: 'Date',
    what: 'What',
    amount: 'Amount',
    balanceAfter: 'Balance after',
    kind_refund: 'Refund',
    kind_staff: 'Adjustment by the store',
    kind_spent: 'Spent on an order',
    kind_reversal: 'Returned from an order',
    loadFailed: 'Your store credit could not be loaded. Please try again.',
  },
  {
    storeCredit: 'Crédit en magasin',
    balance: 'Solde\u00a0:',
    noMovements: 'Aucun crédit en magasin pour l’instant.',
    movements: 'Mouvements du crédit en magasin',
    date: 'Date',
    what: 'Objet',
    amount: 'Montant',
    balanceAfter: 'Solde après',
    kind_refund: 'Remboursement',
    kind_staff: 'Ajustement par le magasin',
    kind_spent: 'Utilisé pour une commande',
    kind_reversal: 'Rendu d’une commande',
    loadFailed: 'Votre crédit en magasin n’a pas pu être chargé. Veuillez réessayer.',
  },
);
