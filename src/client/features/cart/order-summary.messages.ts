// The Order Summary of the cart and checkout pages, and the notice of what today's quote changed.
import { defineMessages } from '~/shared/i18n/catalogues';

export const orderSummaryMessages = defineMessages(
  'order-summary',
  {
    orderSummary: 'Order Summary',
    subtotal_one: 'Subtotal ({{count}} item)',
    subtotal_other: 'Subtotal ({{count}} items)',
    shippingWith: 'Shipping ({{method}})',
    selectShipping: 'Select a shipping method',
    estimatedTotal: 'Estimated total',
    taxEstimateDefault:
      'Tax is estimated for {{place}} until you choose your province. Checkout charges the tax of your shipping address.',
    taxEstimateChosen: 'Tax estimated for {{place}}. Checkout charges the tax of your shipping address.',
    estimateFor: 'Estimate tax for',
    outsideCanada: 'United States (no Canadian tax)',
    shippingFailed: 'Failed to fetch shipping settings',
    taxesFailed: 'Failed to fetch tax rates',
    quoteUpdated: "Your cart has been updated with today's prices and stock.",
    priceChanged: 'The price of "{{name}}" is now {{to}} (it was {{from}}).',
    unavailable: '"{{name}}" is no longer available and has been removed from your cart.',
    soldOut: '"{{name}}" has sold out and has been removed from your cart.',
    short_one: 'Only {{count}} of "{{name}}" is available, so your cart now has {{count}}.',
    short_other: 'Only {{count}} of "{{name}}" are available, so your cart now has {{count}}.',
  },
  {
    orderSummary: 'Récapitulatif de la commande',
    subtotal_one: 'Sous-total ({{count}} article)',
    subtotal_other: 'Sous-total ({{count}} articles)',
    shippingWith: 'Livraison ({{method}})',
    selectShipping: 'Choisissez un mode de livraison',
    estimatedTotal: 'Total estimé',
    taxEstimateDefault:
      'Taxes estimées pour {{place}} tant que vous n’avez pas choisi votre province. Au paiement, les taxes sont celles de votre adresse de livraison.',
    taxEstimateChosen:
      'Taxes estimées pour {{place}}. Au paiement, les taxes sont celles de votre adresse de livraison.',
    estimateFor: 'Estimer les taxes pour',
    outsideCanada: 'États-Unis (sans taxes canadiennes)',
    shippingFailed: 'Impossible de charger les frais de livraison',
    taxesFailed: 'Impossible de charger les taux de taxes',
    quoteUpdated: 'Votre panier a été mis à jour selon les prix et les stocks du jour.',
    priceChanged: 'Le prix de « {{name}} » est maintenant de {{to}} (il était de {{from}}).',
    unavailable: 'L’article « {{name}} » n’est plus offert et a été retiré de votre panier.',
    soldOut: 'L’article « {{name}} » est épuisé et a été retiré de votre panier.',
    short_one:
      'Il ne reste que {{count}} exemplaire de « {{name}} »; votre panier en contient maintenant {{count}}.',
    short_other:
      'Il ne reste que {{count}} exemplaires de « {{name}} »; votre panier en contient maintenant {{count}}.',
  },
);
