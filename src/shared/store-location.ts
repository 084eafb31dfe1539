// Where the store is: shown on the contact page and in every e-mail's footer, and where pickup orders
// are collected. Change it here when the store moves.
export const STORE_LOCATION = {
  name: 'Warehouse Store & Pickup',
  street: '1250 Clearance Road, Unit 4',
  city: 'Mississauga, ON L5T 2N7',
  country: 'Canada',
  hours: ['Monday to Friday: 9 a.m. to 6 p.m.', 'Saturday: 10 a.m. to 4 p.m.', 'Sunday: closed'],
} as const;
