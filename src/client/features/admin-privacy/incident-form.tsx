// One incident's fields. The server validates (dates in order, required texts) and answers 400 with the
// reason, shown in a toast.
import { type FormEvent, useState } from 'react';
import type { PrivacyIncident } from '~/shared/schemas/privacy';
import { Button } from '~/client/components/ui/button';
import { TextAreaField, TextField } from '~/client/components/ui/form-fields';

export type IncidentDraft = {
  occurredOn: string | null;
  discoveredOn: string;
  description: string;
  affectedPeople: string;
  affectedCount: number | null;
  riskOfSeriousInjury: boolean;
  measures: string;
  commissionNotifiedOn: string | null;
  peopleNotifiedOn: string | null;
};

const today = () => new Date().toISOString().slice(0, 10);
const orNull = (v: string) => (v.trim() === '' ? null : v);

export function IncidentForm({
  initial,
  pending,
  onSave,
  onCancel,
}: {
  initial: PrivacyIncident | null;
  pending: boolean;
  onSave: (draft: IncidentDraft) => void;
  onCancel: () => void;
}) {
  const [v, setV] = useState({
    occurredOn: initial?.occurredOn ?? '',
    discoveredOn: initial?.discoveredOn ?? today(),
    description: initial?.description ?? '',
    affectedPeople: initial?.affectedPeople ?? '',
    affectedCount: initial?.affectedCount === null || !initial ? '' : String(initial.affectedCount),
    riskOfSeriousInjury: initial?.riskOfSeriousInjury ?? false,
    measures: initial?.measures ?? '',
    commissionNotifiedOn: initial?.commissionNotifiedOn ?? '',
    peopleNotifiedOn: initial?.peopleNotifiedOn ?? '',
  });
  const set = (key: keyof typeof v) => (e: { target: { value: string } }) =>
    setV({ ...v, [key]: e.target.value });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSave({
      ...v,
      occurredOn: orNull(v.occurredOn),
      commissionNotifiedOn: orNull(v.commissionNotifiedOn),
      peopleNotifiedOn: orNull(v.peopleNotifiedOn),
      affectedCount: v.affectedCount.trim() === '' ? null : Number(v.affectedCount),
    });
  };
  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-3 sm:grid-cols-2"
      aria-label={initial ? 'Edit incident' : 'New incident'}
    >
      <TextField label="Date discovered" type="date" value={v.discoveredOn} onChange={set('discoveredOn')} />
      <TextField
        label="Date it happened"
        type="date"
        value={v.occurredOn}
        onChange={set('occurredOn')}
        optional
      />
      <TextAreaField
        label="What happened"
        value={v.description}
        onChange={set('description')}
        className="sm:col-span-2"
      />
      <TextAreaField
        label="Who was affected"
        value={v.affectedPeople}
        onChange={set('affectedPeople')}
        className="sm:col-span-2"
      />
      <TextField
        label="How many people"
        type="number"
        min="0"
        step="1"
        value={v.affectedCount}
        onChange={set('affectedCount')}
        optional
      />
      <label className="flex min-h-11 items-center gap-2 self-end text-sm font-medium">
        <input
          type="checkbox"
          checked={v.riskOfSeriousInjury}
          onChange={(e) => setV({ ...v, riskOfSeriousInjury: e.target.checked })}
          className="h-5 w-5"
        />
        Risk of serious injury
      </label>
      <TextAreaField
        label="Measures taken"
        value={v.measures}
        onChange={set('measures')}
        className="sm:col-span-2"
        optional
      />
      <TextField
        label="Commission notified on"
        type="date"
        value={v.commissionNotifiedOn}
        onChange={set('commissionNotifiedOn')}
        optional
      />
      <TextField
        label="People notified on"
        type="date"
        value={v.peopleNotifiedOn}
        onChange={set('peopleNotifiedOn')}
        optional
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" pending={pending} pendingLabel="Saving...">
          Save Incident
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
