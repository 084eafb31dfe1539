// Booked pickup's public entry (docs/decisions/0620-pickup-slots.md).
export { bookSlot, newPickupCode } from './slots';
export { cancelPickupNoShows, sendPickupReminders } from './jobs';
