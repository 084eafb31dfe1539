// An order's details as the confirmation page and the guest order look-up show them.
import { defineMessages } from '~/shared/i18n/catalogues';

export const orderViewMessages = defineMessages(
  'order-view',
  {
    orderNumber: 'Order Number',
    reference: 'Reference',
    customer: 'Customer',
    email: 'Email',
    date: 'Date',
    time: 'Time',
    status: 'Status',
    paymentStatus: 'Payment Status',
    shippingAddress: 'Shipping Address',
    shippingMethod: 'Shipping Method',
    pickup: 'Pickup',
    pickupPlace: 'Pickup location',
    estimatedDelivery: 'Estimated Delivery',
    orderSummary: 'Order Summary',
  },
  {
    orderNumber: 'Numéro de commande',
    reference: 'Référence',
    customer: 'Client',
    email: 'Courriel',
    date: 'Date',
    time: 'Heure',
    status: 'Statut',
    paymentStatus: 'Statut du paiement',
    shippingAddress: 'Adresse de livraison',
    shippingMethod: 'Mode de livraison',
    pickup: 'Cueillette',
    pickupPlace: 'Lieu de cueillette',
    estimatedDelivery: 'Livraison prévue',
    orderSummary: 'Récapitulatif de la commande',
  },
);
