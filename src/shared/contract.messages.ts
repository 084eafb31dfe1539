// The distance contract's wording (Quebec's Consumer Protection Act, ss. 54.4 and 54.8, and the other
// provinces' distance-contract rules): the checkout's contract block and the confirmation e-mail, which is
// the contract's copy (docs/decisions/0566-checkout-is-a-distance-contract.md). A change of the wording
// is a new CONTRACT_VERSION (src/shared/contract.ts). '\u00a0' is the no-break space French puts before ':'.
import { defineMessages } from './i18n/catalogues';

export const CONTRACT_MESSAGES = defineMessages(
  'contract',
  {
    heading: 'Your contract',
    intro: 'Please read this summary of your purchase before paying.',
    seller: 'Seller',
    items: 'What you buy',
    total: 'Total, taxes and fees included',
    delivery: 'Delivery',
    returns: 'Return policy',
    linePolicy: 'Return policy: {{policy}}',
    emailLine: '{{name}} ({{condition}}): {{policy}}',
    returnWithin: 'Returns accepted within {{days}} days of delivery or pickup.',
    noReturn: 'No return for a change of mind in this condition.',
    finalSale: 'Final sale: no return or exchange for a change of mind.',
    legalWarranty:
      'The legal warranty applies to every item whatever the return policy or a "final sale" mention: an item that is defective, damaged, not as described or not fit for its normal use can be returned, repaired or refunded.',
    accept:
      'I have read this summary and I accept the contract: the seller, the items, the total, the delivery and the return policy above.',
    acceptRequired: 'Please tick that you accept the contract before paying.',
    acceptedOn: 'You accepted this contract on {{date}} (terms of {{version}}).',
    emailHeading: 'Your contract (keep this e-mail)',
  },
  {
    heading: 'Votre contrat',
    intro: 'Veuillez lire ce résumé de votre achat avant de payer.',
    seller: 'Commerçant',
    items: 'Ce que vous achetez',
    total: 'Total, taxes et frais compris',
    delivery: 'Livraison',
    returns: 'Politique de retour',
    linePolicy: 'Politique de retour\u00a0: {{policy}}',
    emailLine: '{{name}} ({{condition}})\u00a0: {{policy}}',
    returnWithin: 'Retour accepté dans les {{days}} jours suivant la livraison ou le ramassage.',
    noReturn: 'Aucun retour pour un changement d’idée dans cet état.',
    finalSale: 'Vente finale\u00a0: ni retour ni échange pour un changement d’idée.',
    legalWarranty:
      'La garantie légale s’applique à chaque article, quels que soient la politique de retour ou une mention «\u00a0vente finale\u00a0»\u00a0: un article défectueux, endommagé, non conforme à sa description ou impropre à l’usage auquel il est destiné peut être retourné, réparé ou remboursé.',
    accept:
      'J’ai lu ce résumé et j’accepte le contrat\u00a0: le commerçant, les articles, le total, la livraison et la politique de retour ci-dessus.',
    acceptRequired: 'Veuillez cocher que vous acceptez le contrat avant de payer.',
    acceptedOn: 'Vous avez accepté ce contrat le {{date}} (conditions du {{version}}).',
    emailHeading: 'Votre contrat (conservez ce courriel)',
  },
);
