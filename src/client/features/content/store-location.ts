// The store's location lives in src/shared/store-location.ts: the e-mails print it too.
import { STORE_LOCATION, STORE_LOCATION_FR } from '~/shared/store-location';

export { STORE_LOCATION, STORE_LOCATION_FR };

export const STORE_MAP_QUERY = `${STORE_LOCATION.street}, ${STORE_LOCATION.city}, ${STORE_LOCATION.country}`;

/** Placeholders until the store's own profiles are set up (like the footer's). */
export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'X', href: 'https://x.com/' },
] as const;
