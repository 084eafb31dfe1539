// Where the store is: shown on the contact page and in every e-mail's footer, and where pickup orders
// are collected. Change it here when the store moves.
export const STORE_LOCATION = {
  name: 'Warehouse Store & Pickup',
  street: '1250 Clearance Road, Unit 4',
  city: 'Mississauga, ON L5T 2N7',
  country: 'Canada',
  hours: ['Monday to Friday: 9 a.m. to 6 p.m.', 'Saturday: 10 a.m. to 4 p.m.', 'Sunday: closed'],
} as const;

/** What changes in French (the contact page of the French store, its e-mails); the address stays as written. */
export const STORE_LOCATION_FR = {
  name: 'Entrepôt et point de ramassage',
  hours: ['Du lundi au vendredi : de 9 h à 18 h', 'Samedi : de 10 h à 16 h', 'Dimanche : fermé'],
} as const satisfies Partial<Record<keyof typeof STORE_LOCATION, unknown>>;
