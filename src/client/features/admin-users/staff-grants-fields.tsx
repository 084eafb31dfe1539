// A staff user's permissions in the edit dialog (docs/decisions/0459-staff-permissions.md): the most one
// order may be refunded by them (blank: the role's default), the customer export, the e-mail outbox and the till.
// Administrators may do all of it and customers none, so the fields show for staff only.
import type { UseFormRegister } from 'react-hook-form';
import { TextField } from '~/client/components/ui/form-fields';
import { STAFF_DEFAULT_REFUND_LIMIT } from '~/shared/permissions';

export type StaffGrantValues = {
  refundLimit: string;
  exportCustomers: boolean;
  readEmails: boolean;
  useTill: boolean;
};

export function StaffGrantsFields({
  register,
  error,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the dialog's form has more fields than these three.
  register: UseFormRegister<any>;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Staff permissions</legend>
      <TextField
        label="Refund limit per order ($)"
        inputMode="decimal"
        placeholder={`Default: ${STAFF_DEFAULT_REFUND_LIMIT}`}
        hint="The most this person may refund on one order. Leave blank for the default."
        error={error}
        {...register('refundLimit')}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register('exportCustomers')} />
        May export customers' personal data (Export CSV)
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register('readEmails')} />
        May read the store's e-mails (E-mails)
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register('useTill')} />
        May sell at the outlet's till (Till)
      </label>
    </fieldset>
  );
}
