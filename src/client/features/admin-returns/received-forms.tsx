// The steps once the items are back: re-grade each received unit (condition, notes, a new price, or
// written off) and restock it; refund units through the refund-by-line service (destination passed
// through: the original payment, or store credit once it exists).
import { useState } from 'react';
import { PRODUCT_CONDITIONS } from '~/shared/constants';
import { PRODUCT_CONDITION_LABELS } from '~/shared/condition';
import type { Return } from '~/shared/schemas/returns';
import { Button } from '~/client/components/ui/button';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { StepError, useStep } from './use-step';

type StepProps = { ret: Return; onDone: (r: Return) => void };
type Grade = { lineId: number; condition: string; notes: string; price: string; writeOff: boolean };
const box = 'grid gap-3 rounded-lg border border-slate-200 p-4';

export function RegradeForm({ ret, onDone }: StepProps) {
  const [grades, setGrades] = useState<Grade[]>(() =>
    ret.lines.flatMap((l) =>
      Array.from({ length: l.receivedQuantity ?? 0 }, () => ({
        lineId: l.id,
        condition: l.condition ?? 'new',
        notes: '',
        price: '',
        writeOff: false,
      })),
    ),
  );
  const { pending, error, run } = useStep(ret, onDone);
  const set = (i: number, change: Partial<Grade>) =>
    setGrades(grades.map((g, j) => (j === i ? { ...g, ...change } : g)));
  const nameOf = (lineId: number) => ret.lines.find((l) => l.id === lineId)?.name ?? '';
  return (
    <section className={box} aria-labelledby="regrade-heading">
      <h3 id="regrade-heading" className="font-semibold">
        Re-grade and restock
      </h3>
      <p className="text-sm text-slate-600">
        A unit graded as sold (same condition, no notes, blank price) goes back into the sold lot; any other
        grade becomes a new lot on sale.
      </p>
      <StepError error={error} />
      {grades.map((g, i) => (
        <fieldset
          key={`${g.lineId}-${i}`}
          className="grid gap-2 border-t border-slate-100 pt-2 sm:grid-cols-4"
        >
          <legend className="text-sm font-medium">
            {nameOf(g.lineId)}, unit {i + 1}
          </legend>
          <SelectField
            label="Condition"
            value={g.condition}
            onChange={(e) => set(i, { condition: e.target.value })}
          >
            {PRODUCT_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {PRODUCT_CONDITION_LABELS[c]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Notes"
            optional
            value={g.notes}
            onChange={(e) => set(i, { notes: e.target.value })}
          />
          <TextField
            label="New price"
            optional
            inputMode="decimal"
            value={g.price}
            onChange={(e) => set(i, { price: e.target.value })}
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input
              type="checkbox"
              checked={g.writeOff}
              onChange={(e) => set(i, { writeOff: e.target.checked })}
            />
            Write off
          </label>
        </fieldset>
      ))}
      <div>
        <Button
          pending={pending}
          onClick={() => run('restock', { units: grades.map((g) => ({ ...g, price: g.price || null })) })}
        >
          Re-grade and restock
        </Button>
      </div>
    </section>
  );
}

export function RefundForm({ ret, onDone }: StepProps) {
  const [units, setUnits] = useState(
    Object.fromEntries(ret.lines.map((l) => [l.id, String(l.receivedQuantity ?? 0)])),
  );
  const [shipping, setShipping] = useState('0.00');
  const [destination, setDestination] = useState('original');
  const { pending, error, run } = useStep(ret, onDone);
  return (
    <section className={box} aria-labelledby="refund-heading">
      <h3 id="refund-heading" className="font-semibold">
        Refund
      </h3>
      <StepError error={error} />
      {ret.lines.map((l) => (
        <TextField
          key={l.id}
          label={`${l.name}: units to refund (of ${l.receivedQuantity ?? 0} received)`}
          type="number"
          min={0}
          value={units[l.id]}
          onChange={(e) => setUnits({ ...units, [l.id]: e.target.value })}
        />
      ))}
      <TextField
        label="Shipping to refund"
        inputMode="decimal"
        value={shipping}
        onChange={(e) => setShipping(e.target.value)}
      />
      <SelectField label="Refund to" value={destination} onChange={(e) => setDestination(e.target.value)}>
        <option value="original">The original payment</option>
        <option value="store_credit">Store credit</option>
      </SelectField>
      <div>
        <Button
          pending={pending}
          onClick={() =>
            run('refund', {
              lines: ret.lines.map((l) => ({ lineId: l.id, quantity: Number(units[l.id]) })),
              shipping,
              destination,
            })
          }
        >
          Refund
        </Button>
      </div>
    </section>
  );
}
