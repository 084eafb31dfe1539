// The steps of a return before it is received: approve or refuse with a message, the instructions
// (ship to an address or drop off at the store), what came back (received and damaged units per line),
// and closing it.
import { useState } from 'react';
import type { Return } from '~/shared/schemas/returns';
import { Button } from '~/client/components/ui/button';
import { SelectField, TextAreaField, TextField } from '~/client/components/ui/form-fields';
import { StepError, useStep } from './use-step';

type StepProps = { ret: Return; onDone: (r: Return) => void };
const box = 'grid gap-3 rounded-lg border border-slate-200 p-4';

export function DecisionForm({ ret, onDone }: StepProps) {
  const [message, setMessage] = useState('');
  const { pending, error, run } = useStep(ret, onDone);
  return (
    <section className={box} aria-labelledby="decide-heading">
      <h3 id="decide-heading" className="font-semibold">
        Approve or refuse
      </h3>
      <StepError error={error} />
      <TextAreaField
        label="Message to the customer"
        hint="Required to refuse: say why."
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <div className="flex gap-2">
        <Button pending={pending} onClick={() => run('decision', { decision: 'approve', message })}>
          Approve
        </Button>
        <Button
          variant="destructive"
          pending={pending}
          onClick={() => run('decision', { decision: 'refuse', message })}
        >
          Refuse
        </Button>
      </div>
    </section>
  );
}

export function InstructionsForm({ ret, onDone }: StepProps) {
  const [method, setMethod] = useState(ret.returnMethod ?? 'drop-off');
  const [address, setAddress] = useState(ret.returnAddress ?? '');
  const [message, setMessage] = useState('');
  const { pending, error, run } = useStep(ret, onDone);
  return (
    <section className={box} aria-labelledby="instructions-heading">
      <h3 id="instructions-heading" className="font-semibold">
        Return instructions {ret.returnMethod && '(sent; send again to correct)'}
      </h3>
      <StepError error={error} />
      <SelectField
        label="How it comes back"
        value={method}
        onChange={(e) => setMethod(e.target.value as typeof method)}
      >
        <option value="drop-off">Drop off at the store (the pickup place)</option>
        <option value="ship">Ship to an address</option>
      </SelectField>
      {method === 'ship' && (
        <TextAreaField
          label="Address to ship to"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
      )}
      <TextAreaField
        label="Message to the customer"
        optional
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <div>
        <Button pending={pending} onClick={() => run('instructions', { method, address, message })}>
          Send instructions
        </Button>
      </div>
    </section>
  );
}

export function ReceiveForm({ ret, onDone }: StepProps) {
  const [counts, setCounts] = useState(
    Object.fromEntries(ret.lines.map((l) => [l.id, { received: String(l.quantity), damaged: '0' }])),
  );
  const { pending, error, run } = useStep(ret, onDone);
  const set = (id: number, key: 'received' | 'damaged', value: string) =>
    setCounts({ ...counts, [id]: { ...counts[id]!, [key]: value } });
  return (
    <section className={box} aria-labelledby="receive-heading">
      <h3 id="receive-heading" className="font-semibold">
        Receive the items
      </h3>
      <StepError error={error} />
      {ret.lines.map((l) => (
        <div key={l.id} className="grid gap-2 sm:grid-cols-2">
          <TextField
            label={`${l.name}: units received (of ${l.quantity})`}
            type="number"
            min={0}
            value={counts[l.id]!.received}
            onChange={(e) => set(l.id, 'received', e.target.value)}
          />
          <TextField
            label={`${l.name}: of which damaged`}
            type="number"
            min={0}
            value={counts[l.id]!.damaged}
            onChange={(e) => set(l.id, 'damaged', e.target.value)}
          />
        </div>
      ))}
      <div>
        <Button
          pending={pending}
          onClick={() =>
            run('receive', {
              lines: ret.lines.map((l) => ({
                lineId: l.id,
                received: Number(counts[l.id]!.received),
                damaged: Number(counts[l.id]!.damaged),
              })),
            })
          }
        >
          Record what came back
        </Button>
      </div>
    </section>
  );
}

export function CloseForm({ ret, onDone }: StepProps) {
  const [message, setMessage] = useState('');
  const { pending, error, run } = useStep(ret, onDone);
  return (
    <section className={box} aria-labelledby="close-heading">
      <h3 id="close-heading" className="font-semibold">
        Close without (further) refund
      </h3>
      <StepError error={error} />
      <TextAreaField
        label="Message to the customer"
        optional
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <div>
        <Button variant="outline" pending={pending} onClick={() => run('close', { message })}>
          Close the return
        </Button>
      </div>
    </section>
  );
}
