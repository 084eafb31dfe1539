// Settings > Shipping > Pickup slots: a week of opening hours made into slots at once
// (docs/decisions/0620-pickup-slots.md). Staff choose the weekdays, the hours, the slot length, the
// orders per slot, the first day and how many weeks; the server makes the slots in the store's time zone
// and leaves out any that overlap the store's slots. Checked by the API's own schema first.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PickupWeekSchema } from '~/shared/schemas/pickup';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';

const WEEKDAYS: [number, string][] = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [7, 'Sunday'],
];

export function PickupWeekForm({ today, onAdded }: { today: string; onAdded: () => Promise<unknown> }) {
  const [days, setDays] = useState<number[]>([2, 3, 4, 5, 6]);
  const [opens, setOpens] = useState('10:00');
  const [closes, setCloses] = useState('17:00');
  const [slotMinutes, setSlotMinutes] = useState('60');
  const [capacity, setCapacity] = useState('4');
  const [from, setFrom] = useState(today);
  const [weeks, setWeeks] = useState('1');
  const [error, setError] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: (body: unknown) =>
      apiRequest<{ created: number; skipped: number }>('POST', '/api/admin/pickup-slots/week', body),
    onSuccess: async ({ created, skipped }) => {
      toast({
        title: 'Success',
        description: `${created} pickup ${created === 1 ? 'slot' : 'slots'} added${skipped > 0 ? `; ${skipped} left out (past, or overlapping a slot already there)` : ''}.`,
      });
      await onAdded();
    },
    onError: (e) => setError((e instanceof ApiError && e.serverMessage) || 'Please try again.'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      from,
      weeks: Number(weeks),
      days: [...days].sort((a, b) => a - b),
      opens,
      closes,
      slotMinutes: Number(slotMinutes),
      capacity: Number(capacity),
    };
    const checked = PickupWeekSchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Check the schedule.');
      return;
    }
    setError(null);
    add.mutate(body);
  };
  const toggle = (day: number, on: boolean) =>
    setDays((all) => (on ? [...all.filter((d) => d !== day), day] : all.filter((d) => d !== day)));

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a week of pickup slots"
      className="mt-6 grid gap-3 sm:grid-cols-4"
    >
      <fieldset className="sm:col-span-4">
        <legend className="text-sm font-medium text-slate-900">Days open for pickup</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {WEEKDAYS.map(([day, name]) => (
            <label key={day} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={days.includes(day)}
                onChange={(e) => toggle(day, e.target.checked)}
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField label="Opens" type="time" value={opens} onChange={(e) => setOpens(e.target.value)} />
      <TextField label="Closes" type="time" value={closes} onChange={(e) => setCloses(e.target.value)} />
      <TextField
        label="Minutes a slot"
        type="number"
        min="15"
        max="480"
        value={slotMinutes}
        onChange={(e) => setSlotMinutes(e.target.value)}
      />
      <TextField
        label="Orders per slot (each)"
        type="number"
        min="1"
        max="1000"
        value={capacity}
        onChange={(e) => setCapacity(e.target.value)}
      />
      <TextField label="First day" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      <TextField
        label="Weeks"
        type="number"
        min="1"
        max="8"
        value={weeks}
        onChange={(e) => setWeeks(e.target.value)}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-4">
          {error}
        </p>
      )}
      <div className="sm:col-span-4">
        <Button type="submit" pending={add.isPending} pendingLabel="Adding...">
          Add the week's slots
        </Button>
      </div>
    </form>
  );
}
