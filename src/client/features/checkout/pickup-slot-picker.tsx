// The pickup time a pickup order books (docs/decisions/0620-pickup-slots.md): the slots the store opened
// for the next two weeks with their places left, as radio buttons, in the store's time zone. When the
// store offers no slots at all (`offered` false) nothing is shown and pickup works as before;
// the server is the judge of that (409 pickup_slot_required).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { PickupSlot } from '~/shared/schemas/pickup';
import { apiRequest } from '~/client/lib/api';
import { useLocale, useT } from '~/client/lib/i18n';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { pickupSlotMessages } from './pickup-slots.messages';
import { slotLabel } from './pickup-slot-label';

const PICKUP_SLOTS_PATH = '/api/pickup-slots?days=14';
export const pickupSlotsQuery = () =>
  queryOptions({
    queryKey: [PICKUP_SLOTS_PATH],
    queryFn: ({ client }) =>
      apiRequest<{ slots: PickupSlot[]; offered: boolean }>('GET', PICKUP_SLOTS_PATH, undefined, { client }),
  });

export function PickupSlotPicker({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (slotId: number | null) => void;
}) {
  const t = useT(pickupSlotMessages);
  const locale = useLocale();
  const id = useId();
  const timeZone = useQuery(siteConfigQueryOptions()).data?.timeZone ?? 'America/Toronto';
  const slots = useQuery(pickupSlotsQuery());
  if (slots.isPending) return <p className="text-sm text-slate-600">{t('loadingSlots')}</p>;
  if (!slots.data?.offered) return null;
  const list = slots.data.slots;
  if (list.length === 0) return <p className="text-sm text-slate-600">{t('noSlots')}</p>;
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint`}>
      <legend className="font-medium">{t('pickupTime')}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t('pickupTimeHint')}
      </p>
      {list.map((slot) => (
        <label
          key={slot.id}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3"
        >
          <input
            type="radio"
            name={`${id}-slot`}
            value={slot.id}
            checked={value === slot.id}
            onChange={() => onChange(slot.id)}
          />
          <span className="flex-1">{slotLabel(slot, locale, timeZone)}</span>
          <span className="text-sm text-slate-600">{t('slotPlaces', { count: slot.remaining })}</span>
        </label>
      ))}
    </fieldset>
  );
}
