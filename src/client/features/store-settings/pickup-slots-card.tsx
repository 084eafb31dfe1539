// Settings > Shipping: the pickup slots the checkout offers (docs/decisions/0620-pickup-slots.md). Staff add
// a slot as a day, a start and an end in the store's time zone and a capacity (or a week of opening
// hours at once: pickup-week-form.tsx), and delete one nobody
// booked; the administrator sets the lead time and the no-show days. No slot at all: pickup asks for none.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { PickupRules, PickupSlot } from '~/shared/schemas/pickup';
import { instantToStoreLocal, storeLocalToInstant } from '~/shared/store-time';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { PickupWeekForm } from './pickup-week-form';

const PATH = '/api/admin/pickup-slots';
const KEY = [PATH];
type Answer = { slots: PickupSlot[]; rules: PickupRules };

const failed = (title: string) => (error: unknown) =>
  toast({
    title,
    description: (error instanceof ApiError && error.serverMessage) || 'Please try again.',
    variant: 'destructive',
  });

export function PickupSlotsCard() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => apiRequest<Answer>('GET', PATH) });
  const config = useQuery(siteConfigQueryOptions()).data;
  const timeZone = config?.timeZone ?? 'America/Toronto';
  const [day, setDay] = useState('');
  const [from, setFrom] = useState('10:00');
  const [to, setTo] = useState('11:00');
  const [capacity, setCapacity] = useState('4');
  const [lead, setLead] = useState('');
  const [noShow, setNoShow] = useState('');
  useEffect(() => {
    if (query.data) {
      setLead(String(query.data.rules.leadHours));
      setNoShow(String(query.data.rules.noShowDays));
    }
  }, [query.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  const add = useMutation({
    mutationFn: () => {
      const startsAt = storeLocalToInstant(`${day}T${from}`, timeZone);
      const endsAt = storeLocalToInstant(`${day}T${to}`, timeZone);
      if (!startsAt || !endsAt) throw new Error('Enter a day and two times.');
      return apiRequest<PickupSlot>('POST', PATH, {
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        capacity: Number(capacity),
      });
    },
    onSuccess: () => {
      toast({ title: 'Success', description: 'Pickup slot added.' });
      return refresh();
    },
    onError: failed('Failed to add the pickup slot'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<null>('DELETE', `${PATH}/${id}`),
    onSuccess: refresh,
    onError: failed('Failed to delete the pickup slot'),
  });
  const saveRules = useMutation({
    mutationFn: () =>
      apiRequest<PickupRules>('PUT', `${PATH}/rules`, {
        leadHours: Number(lead),
        noShowDays: Number(noShow),
      }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Pickup rules saved.' });
      return refresh();
    },
    onError: failed('Failed to save the pickup rules'),
  });
  const submit = (action: () => void) => (e: FormEvent) => {
    e.preventDefault();
    action();
  };
  const local = (iso: string) => instantToStoreLocal(new Date(iso), timeZone).replace('T', ' ');

  return (
    <Card
      headingLevel={3}
      title="Pickup slots"
      description="Times a pickup order can be booked for, with how many orders each takes. With no slot, pickup orders choose no time."
    >
      <ul className="mb-4 grid gap-2" aria-label="Pickup slots">
        {query.data?.slots.length === 0 && (
          <li className="text-sm text-slate-600">No slots: pickup asks for no time.</li>
        )}
        {query.data?.slots.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center gap-3 rounded border border-slate-200 p-2 text-sm"
          >
            <span className="flex-1">
              {local(s.startsAt)} – {local(s.endsAt).slice(11)}
            </span>
            <span>
              {s.booked} of {s.capacity} booked
            </span>
            <Button
              type="button"
              variant="outline"
              disabled={s.booked > 0}
              onClick={() => remove.mutate(s.id)}
              aria-label={`Delete the slot of ${local(s.startsAt)}`}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={submit(() => add.mutate())}
        noValidate
        aria-label="Add a pickup slot"
        className="grid gap-3 sm:grid-cols-4"
      >
        <TextField label="Day" type="date" required value={day} onChange={(e) => setDay(e.target.value)} />
        <TextField label="From" type="time" required value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="time" required value={to} onChange={(e) => setTo(e.target.value)} />
        <TextField
          label="Orders per slot"
          type="number"
          min="1"
          max="1000"
          value={capacity}
          onChange={(e) => setCapacity(e.target.value)}
        />
        <div className="sm:col-span-4">
          <Button type="submit" pending={add.isPending} pendingLabel="Adding...">
            Add slot
          </Button>
        </div>
      </form>
      {config?.today && <PickupWeekForm today={config.today} onAdded={refresh} />}
      <form
        onSubmit={submit(() => saveRules.mutate())}
        noValidate
        aria-label="Pickup rules"
        className="mt-6 grid gap-3 sm:grid-cols-2"
      >
        <TextField
          label="Lead time (hours before a slot it closes)"
          type="number"
          min="0"
          max="168"
          value={lead}
          onChange={(e) => setLead(e.target.value)}
        />
        <TextField
          label="No-show: cancel and refund after (days ready)"
          type="number"
          min="1"
          max="90"
          value={noShow}
          onChange={(e) => setNoShow(e.target.value)}
        />
        <div className="sm:col-span-2">
          <Button type="submit" pending={saveRules.isPending} pendingLabel="Saving...">
            Save pickup rules
          </Button>
        </div>
      </form>
    </Card>
  );
}
