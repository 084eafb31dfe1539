// A booked pickup slot as words, for the picker and the order page (docs/decisions/0620-pickup-slots.md):
// its own module so the confirmation's first download does not carry the picker.
import type { PickupSlot } from '~/shared/schemas/pickup';

/** "Tue., Dec. 1, 6:30 p.m. – 7:30 p.m." in the store's zone and the page's language. */
export function slotLabel(
  slot: Pick<PickupSlot, 'startsAt' | 'endsAt'>,
  locale: string,
  timeZone: string,
): string {
  const tag = locale === 'fr' ? 'fr-CA' : 'en-CA';
  const day = new Intl.DateTimeFormat(tag, { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
  const time = new Intl.DateTimeFormat(tag, { timeZone, timeStyle: 'short' });
  return `${day.format(new Date(slot.startsAt))}, ${time.format(new Date(slot.startsAt))} – ${time.format(new Date(slot.endsAt))}`;
}
