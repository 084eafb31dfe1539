// The checkout's pickup time picker (docs/decisions/0620-pickup-slots.md).
import { defineMessages } from '~/shared/i18n/catalogues';

export const pickupSlotMessages = defineMessages(
  'checkoutPickupSlots',
  {
    pickupTime: 'Pickup time',
    pickupTimeHint: 'Choose when you will come to collect your order.',
    slotPlaces_one: '{{count}} place left',
    slotPlaces_other: '{{count}} places left',
    noSlots: 'No pickup time is open at the moment. Please choose shipping, or try again later.',
    loadingSlots: 'Loading pickup times…',
  },
  {
    pickupTime: 'Heure de cueillette',
    pickupTimeHint: 'Choisissez quand vous viendrez chercher votre commande.',
    slotPlaces_one: '{{count}} place restante',
    slotPlaces_other: '{{count}} places restantes',
    noSlots:
      'Aucune heure de cueillette n’est ouverte pour le moment. Choisissez la livraison ou réessayez plus tard.',
    loadingSlots: 'Chargement des heures de cueillette…',
  },
);
