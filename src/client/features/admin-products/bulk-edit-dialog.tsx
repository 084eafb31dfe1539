// Bulk edit of the selected products (docs/decisions/0243-bulk-edit-of-products.md): each change is
// optional; the server works out prices from the percentage and refuses the lot if any would be 0 or less.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BulkEditSchema } from '~/shared/schemas/admin-products';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogCancel } from '~/client/components/ui/dialog';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { apiRequest } from '~/client/lib/api';
import { categoriesQueryOptions, refreshCatalogue } from './api';
import { serverMessage } from './server-message';

type Choice = '' | 'yes' | 'no';
const KEEP = '';

export function BulkEditDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQueryOptions());
  const [category, setCategory] = useState<string>(KEEP);
  const [active, setActive] = useState<Choice>(KEEP);
  const [daily, setDaily] = useState<Choice>(KEEP);
  const [percent, setPercent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dirty = category !== KEEP || active !== KEEP || daily !== KEEP || percent.trim() !== '';

  const save = useMutation({
    mutationFn: (body: unknown) => apiRequest<{ message: string }>('POST', '/api/products/bulk', body),
    onSuccess: async (result) => {
      toast({ title: 'Products updated', description: result.message });
      onDone();
      await refreshCatalogue(queryClient);
    },
    onError: (e) => setError(serverMessage(e)),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const yesNo = (c: Choice) => (c === KEEP ? undefined : c === 'yes');
    const body = {
      ids,
      categoryId: category === KEEP ? undefined : category === 'none' ? null : Number(category),
      active: yesNo(active),
      applyDailyDiscount: yesNo(daily),
      pricePercent: percent.trim() === '' ? undefined : percent.trim(),
    };
    const parsed = BulkEditSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the changes.');
      return;
    }
    setError(null);
    save.mutate(body);
  }

  const n = ids.length;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title={`Edit ${n} selected ${n === 1 ? 'product' : 'products'}`}
      description="Only the fields you change are changed; stock is never changed here."
      dirty={dirty}
    >
      <form className="grid gap-4" noValidate onSubmit={submit}>
        <SelectField label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value={KEEP}>Keep as it is</option>
          <option value="none">None</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Shown in the store"
          value={active}
          onChange={(e) => setActive(e.target.value as Choice)}
        >
          <option value={KEEP}>Keep as it is</option>
          <option value="yes">Active</option>
          <option value="no">Inactive</option>
        </SelectField>
        <SelectField
          label="Daily discount"
          value={daily}
          onChange={(e) => setDaily(e.target.value as Choice)}
        >
          <option value={KEEP}>Keep as it is</option>
          <option value="yes">Applies</option>
          <option value="no">Does not apply</option>
        </SelectField>
        <TextField
          label="Change prices by (%)"
          optional
          inputMode="decimal"
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
          hint="For example -10 to lower every price by 10%, or 5 to raise it. Each new price is rounded to the cent (half a cent up)."
        />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <DialogCancel disabled={save.isPending} />
          <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
            Apply to {n} {n === 1 ? 'product' : 'products'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
