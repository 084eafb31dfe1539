// Where and when pickup orders are collected: store settings (shipping_settings), shown on the
// checkout's pickup option, the confirmation, the order page and the order e-mails
// (docs/decisions/0491-pickup-says-where-and-when.md). The address reads the same in both languages;
// hours and instructions have a French text, the English one serving while it is blank.
import type { Locale } from './i18n/locales';
import { STORE_LOCATION, STORE_LOCATION_FR } from './store-location';

/** The longest address, hours or instructions text the settings keep. */
export const PICKUP_TEXT_MAX = 1000;

/** What a store that never saved its pickup settings shows: the store's own location. */
export const PICKUP_DEFAULTS = {
  address: [STORE_LOCATION.street, STORE_LOCATION.city, STORE_LOCATION.country].join('\n'),
  hours: STORE_LOCATION.hours.join('\n'),
  hoursFr: STORE_LOCATION_FR.hours.join('\n'),
  instructions: 'Bring your order number and a photo ID.',
  instructionsFr: 'Apportez votre numéro de commande et une pièce d’identité avec photo.',
} as const;

export type PickupSettings = {
  pickupAddress: string;
  pickupHours: string;
  pickupHoursFr: string;
  pickupInstructions: string;
  pickupInstructionsFr: string;
};

export const DEFAULT_PICKUP_SETTINGS: PickupSettings = {
  pickupAddress: PICKUP_DEFAULTS.address,
  pickupHours: PICKUP_DEFAULTS.hours,
  pickupHoursFr: PICKUP_DEFAULTS.hoursFr,
  pickupInstructions: PICKUP_DEFAULTS.instructions,
  pickupInstructionsFr: PICKUP_DEFAULTS.instructionsFr,
};

export type PickupPlace = { address: string[]; hours: string[]; instructions: string | null };

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The pickup place in one language: address lines, hours lines, instructions (null when none). */
export function pickupPlace(
  settings: Partial<PickupSettings> | null | undefined,
  locale: Locale,
): PickupPlace {
  const s = { ...DEFAULT_PICKUP_SETTINGS, ...settings };
  const french = locale === 'fr';
  const hours = (french && s.pickupHoursFr.trim()) || s.pickupHours;
  const instructions = ((french && s.pickupInstructionsFr.trim()) || s.pickupInstructions).trim();
  return { address: lines(s.pickupAddress), hours: lines(hours), instructions: instructions || null };
}
