// Where the store is. Shown on the contact page; change it here when the store moves.
export const STORE_LOCATION = {
  name: 'Warehouse Store & Pickup',
  street: '1250 Clearance Road, Unit 4',
  city: 'Mississauga, ON L5T 2N7',
  country: 'Canada',
  hours: ['Monday to Friday: 9 a.m. to 6 p.m.', 'Saturday: 10 a.m. to 4 p.m.', 'Sunday: closed'],
} as const;

export const STORE_MAP_QUERY = `${STORE_LOCATION.street}, ${STORE_LOCATION.city}, ${STORE_LOCATION.country}`;

/** Placeholders until the store's own profiles are set up (like the footer's). */
export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'X', href: 'https://x.com/' },
] as const;
