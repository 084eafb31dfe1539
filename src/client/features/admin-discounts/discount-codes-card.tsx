// Discount codes on the Discounts tab (docs/decisions/0550-discount-codes.md, 0551): the list with each
// code's combining rule in plain words, a form to create or edit one, and a switch to turn it off.
// Times are the store's wall clock ("2026-12-05T09:00"), read by the server in STORE_TIMEZONE.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRODUCT_CONDITION_LABELS } from '~/shared/condition';
import { PRODUCT_CONDITIONS, type ProductCondition } from '~/shared/constants';
import { formatMoney } from '~/shared/money';
import {
  combiningRuleText,
  type DiscountCode,
  type DiscountCodeInput,
} from '~/shared/schemas/discount-codes';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { Switch } from '~/client/components/ui/switch';
import { DataTable } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { categoryDiscountsQueryOptions, DISCOUNT_CODES_PATH, discountCodesQueryOptions } from './api';

type Draft = {
  id: number | null;
  code: string;
  kind: 'percent' | 'fixed';
  percentage: string;
  amount: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  perCustomerLimit: string;
  combinesWithDaily: boolean;
  combinesWithCategory: boolean;
  active: boolean;
  categoryIds: number[];
  conditions: ProductCondition[];
  /** Product ids, comma-separated as typed. */
  productIds: string;
};

const EMPTY: Draft = {
  id: null,
  code: '',
  kind: 'percent',
  percentage: '10',
  amount: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  perCustomerLimit: '',
  combinesWithDaily: false,
  combinesWithCategory: false,
  active: true,
  categoryIds: [],
  conditions: [],
  productIds: '',
};

const draftOf = (c: DiscountCode): Draft => ({
  id: c.id,
  code: c.code,
  kind: c.kind,
  percentage: String(c.percentage),
  amount: c.kind === 'fixed' ? c.amount : '',
  minSubtotal: c.minSubtotal === '0.00' ? '' : c.minSubtotal,
  startsAt: c.startsAt ?? '',
  endsAt: c.endsAt ?? '',
  maxUses: c.maxUses === null ? '' : String(c.maxUses),
  perCustomerLimit: c.perCustomerLimit === null ? '' : String(c.perCustomerLimit),
  combinesWithDaily: c.combinesWithDaily,
  combinesWithCategory: c.combinesWithCategory,
  active: c.active,
  categoryIds: c.categoryIds,
  conditions: c.conditions,
  productIds: c.productIds.join(', '),
});

/** '12, 15 ,x' -> [12, 15]: the ids typed, anything else dropped (the server checks them again). */
const idsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => Number(s))
    .filter((n) => Number.isInteger(n) && n > 0);

const limit = (text: string) => (text.trim() === '' ? null : Number(text));

/** The input the API takes. */
function inputOf(d: Draft): DiscountCodeInput {
  return {
    code: d.code,
    kind: d.kind,
    percentage: d.kind === 'percent' ? Number(d.percentage) : 0,
    amount: d.kind === 'fixed' ? d.amount : '0.00',
    minSubtotal: d.minSubtotal || '0.00',
    startsAt: d.startsAt || null,
    endsAt: d.endsAt || null,
    maxUses: limit(d.maxUses),
    perCustomerLimit: limit(d.perCustomerLimit),
    categoryIds: d.categoryIds,
    conditions: d.conditions,
    productIds: idsOf(d.productIds),
    combinesWithDaily: d.combinesWithDaily,
    combinesWithCategory: d.combinesWithCategory,
    active: d.active,
  };
}

function useSaveCode(onSaved: () => void) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: DiscountCodeInput }) =>
      id === null
        ? apiRequest<DiscountCode>('POST', DISCOUNT_CODES_PATH, input)
        : apiRequest<DiscountCode>('PUT', `${DISCOUNT_CODES_PATH}/${id}`, input),
    onSuccess: async (saved) => {
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: discountCodesQueryOptions().queryKey });
      toast({ title: `Discount code ${saved.code} saved` });
      onSaved();
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? (error.body?.errors as Record<string, string>) : undefined;
      setErrors(fields ?? {});
      toast({
        title: 'The discount code was not saved',
        description: (error instanceof ApiError && error.serverMessage) || undefined,
        variant: 'destructive',
      });
    },
  });
  return { save, errors };
}

/** Which lots the code is for: categories, conditions and lot ids; nothing ticked means every lot. */
function EligibilityFields({ draft, set }: { draft: Draft; set: (patch: Partial<Draft>) => void }) {
  const categories = useQuery(categoryDiscountsQueryOptions()).data ?? [];
  const toggle = <T,>(list: T[], value: T, on: boolean) =>
    on ? [...list, value] : list.filter((v) => v !== value);
  const box = (key: string, label: string, checked: boolean, onChange: (on: boolean) => void) => (
    <label key={key} className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
  return (
    <div className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
      <fieldset className="grid content-start gap-1">
        <legend className="mb-1 text-sm font-medium">Categories (none: every category)</legend>
        {categories.map((c) =>
          box(`category-${c.categoryId}`, c.categoryName, draft.categoryIds.includes(c.categoryId), (on) =>
            set({ categoryIds: toggle(draft.categoryIds, c.categoryId, on) }),
          ),
        )}
      </fieldset>
      <fieldset className="grid content-start gap-1">
        <legend className="mb-1 text-sm font-medium">Conditions (none: every condition)</legend>
        {PRODUCT_CONDITIONS.map((condition) =>
          box(condition, PRODUCT_CONDITION_LABELS[condition], draft.conditions.includes(condition), (on) =>
            set({ conditions: toggle(draft.conditions, condition, on) }),
          ),
        )}
      </fieldset>
      <TextField
        label="Lots (product ids, comma-separated)"
        optional
        value={draft.productIds}
        onChange={(e) => set({ productIds: e.target.value })}
        hint="Empty: every lot. A lot must match each list that is set."
      />
    </div>
  );
}

function CodeForm({
  draft,
  setDraft,
  onDone,
}: {
  draft: Draft;
  setDraft: (d: Draft) => void;
  onDone: () => void;
}) {
  const { save, errors } = useSaveCode(onDone);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const text = (key: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={String(draft[key])}
      error={errors[key]}
      onChange={(e) => set({ [key]: e.target.value } as Partial<Draft>)}
      {...props}
    />
  );
  return (
    <form
      aria-label={draft.id === null ? 'New discount code' : `Edit discount code ${draft.code}`}
      className="mt-4 grid gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: draft.id, input: inputOf(draft) });
      }}
    >
      {text('code', 'Code', { autoComplete: 'off' })}
      <SelectField
        label="Kind"
        value={draft.kind}
        onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}
      >
        <option value="percent">Percentage</option>
        <option value="fixed">Fixed amount</option>
      </SelectField>
      {draft.kind === 'percent'
        ? text('percentage', 'Percentage (%)', { type: 'number', min: 1, max: 100 })
        : text('amount', 'Amount ($)', { inputMode: 'decimal' })}
      {text('minSubtotal', 'Minimum subtotal ($)', { inputMode: 'decimal', optional: true })}
      {text('startsAt', 'Starts (store time)', { type: 'datetime-local', optional: true })}
      {text('endsAt', 'Ends (store time)', { type: 'datetime-local', optional: true })}
      {text('maxUses', 'Total uses', { type: 'number', min: 1, optional: true })}
      {text('perCustomerLimit', 'Uses per customer', { type: 'number', min: 1, optional: true })}
      <EligibilityFields draft={draft} set={set} />
      <div className="grid gap-2 sm:col-span-2">
        <Switch
          label="Combines with the day's discount"
          checked={draft.combinesWithDaily}
          onCheckedChange={(v) => set({ combinesWithDaily: v })}
        />
        <Switch
          label="Combines with category discounts"
          checked={draft.combinesWithCategory}
          onCheckedChange={(v) => set({ combinesWithCategory: v })}
        />
        <p className="text-sm text-slate-600" data-testid="combining-rule">
          {combiningRuleText(draft)}
        </p>
        <Switch label="Active" checked={draft.active} onCheckedChange={(v) => set({ active: v })} />
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" pending={save.isPending}>
          Save Discount Code
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function valueText(c: DiscountCode) {
  return c.kind === 'percent' ? `${c.percentage}%` : formatMoney(c.amount);
}

export function DiscountCodesCard() {
  const query = useQuery(discountCodesQueryOptions());
  const [draft, setDraft] = useState<Draft | null>(null);
  const { save } = useSaveCode(() => {});
  const codes = query.data ?? [];
  return (
    <Card
      title="Discount codes"
      description="Codes shoppers type at checkout. Each shows how it combines with the day's and category discounts."
      actions={
        draft === null && (
          <Button type="button" onClick={() => setDraft(EMPTY)}>
            New Discount Code
          </Button>
        )
      }
    >
      <DataTable
        columns={['Code', 'Value', 'Window (store time)', 'Uses', 'Combining rule', 'Active', '']}
        minWidthClassName="min-w-[900px]"
        pending={query.isPending}
        error={
          query.error
            ? {
                title: 'Discount codes',
                message: 'The codes could not be loaded.',
                onRetry: () => query.refetch(),
              }
            : null
        }
        empty={codes.length === 0}
        emptyText="No discount codes yet."
      >
        {codes.map((c) => (
          <tr key={c.id} className="border-t border-slate-100" data-testid="discount-code-row">
            <td className="px-3 py-2 font-mono">{c.code}</td>
            <td className="px-3 py-2">{valueText(c)}</td>
            <td className="px-3 py-2">
              {c.startsAt ?? '…'} – {c.endsAt ?? '…'}
            </td>
            <td className="px-3 py-2">
              {c.usedCount}
              {c.maxUses === null ? '' : ` / ${c.maxUses}`}
            </td>
            <td className="px-3 py-2 text-sm">{c.combiningRule}</td>
            <td className="px-3 py-2">
              <Switch
                label={`${c.code} active`}
                checked={c.active}
                onCheckedChange={(active) =>
                  save.mutate({ id: c.id, input: inputOf({ ...draftOf(c), active }) })
                }
              />
            </td>
            <td className="px-3 py-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setDraft(draftOf(c))}>
                Edit {c.code}
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      {draft && (
        <CodeForm key={draft.id ?? 'new'} draft={draft} setDraft={setDraft} onDone={() => setDraft(null)} />
      )}
    </Card>
  );
}
