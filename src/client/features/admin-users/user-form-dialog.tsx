// 'Add User' and the edit dialog. Adding needs username, email, password and its confirmation
// ('Passwords do not match.'); editing sends only the fields that changed, and a blank password keeps
// the current one. The role is customer, staff or administrator; an administrator's own role cannot be
// changed here (nor on the server).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { STAFF_DEFAULTS } from '~/shared/permissions';
import { ROLE_LABELS, ROLES, type Role } from '~/shared/roles';
import {
  type AdminUser,
  type AdminUserCreate,
  AdminUserCreateFormSchema,
  type AdminUserEditForm,
  AdminUserEditFormSchema,
  changedUserFields,
} from '~/shared/schemas/admin-users';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { serverFieldErrors } from '~/client/features/auth';
import { Dialog, DialogCancel } from '~/client/components/ui/dialog';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { createUser, refreshUsers, updateUser } from './api';
import { type StaffGrantValues, StaffGrantsFields } from './staff-grants-fields';
import { StoreCreditPanel } from './store-credit-panel';
import { GiftCardsPanel } from './gift-cards-panel';

type FormValues = {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  role: Role;
  phone: string;
  address: string;
} & StaffGrantValues;

const EMPTY: FormValues = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: 'customer',
  phone: '',
  address: '',
  refundLimit: '',
  exportCustomers: STAFF_DEFAULTS.exportCustomers,
  readEmails: STAFF_DEFAULTS.readEmails,
  useTill: STAFF_DEFAULTS.useTill,
};

const ROLE_HINT = 'Staff work orders and products; administrators also manage users and settings.';

const FIELDS = [
  'username',
  'email',
  'password',
  'confirmPassword',
  'phone',
  'address',
  'refundLimit',
] as const;

export function UserFormDialog({
  user,
  currentUserId,
  onClose,
}: {
  /** The user to edit, or null to add one. */
  user: AdminUser | null;
  currentUserId: number | null;
  onClose: () => void;
}) {
  const isNew = user === null;
  const isSelf = user !== null && user.id === currentUserId;
  const queryClient = useQueryClient();
  const addressId = useId();

  const form = useForm<FormValues, unknown, AdminUserCreate | AdminUserEditForm>({
    resolver: zodResolver(isNew ? AdminUserCreateFormSchema : AdminUserEditFormSchema) as unknown as Resolver<
      FormValues,
      unknown,
      AdminUserCreate | AdminUserEditForm
    >,
    defaultValues: user
      ? {
          ...EMPTY,
          username: user.username,
          email: user.email,
          role: user.role,
          phone: user.phone ?? '',
          address: user.address ?? '',
          refundLimit: user.grants.refundLimit ?? '',
          exportCustomers: user.grants.exportCustomers ?? STAFF_DEFAULTS.exportCustomers,
          readEmails: user.grants.readEmails ?? STAFF_DEFAULTS.readEmails,
          useTill: user.grants.useTill ?? STAFF_DEFAULTS.useTill,
        }
      : EMPTY,
  });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: async (data: AdminUserCreate | AdminUserEditForm) => {
      if (isNew) {
        const { confirmPassword: _confirm, ...body } = data as AdminUserCreate & { confirmPassword?: string };
        return { saved: await createUser(body), sent: true };
      }
      const body = changedUserFields(user, data as AdminUserEditForm);
      if (Object.keys(body).length === 0) return { saved: user, sent: false };
      return { saved: await updateUser(user.id, body), sent: true };
    },
    onSuccess: async ({ saved, sent }) => {
      if (sent) {
        toast({
          title: isNew ? 'User Created' : 'User Updated',
          description: `${saved.username} has been ${isNew ? 'created' : 'updated'} successfully.`,
        });
        await refreshUsers(queryClient, { self: isSelf });
      }
      onClose();
    },
    onError: (error) => {
      const fieldErrors = serverFieldErrors(error);
      for (const field of FIELDS) {
        const message = fieldErrors[field];
        if (message) form.setError(field, { type: 'server', message });
      }
      toast({
        title: isNew ? 'Failed to Create User' : 'Failed to Update User',
        description:
          (error instanceof ApiError && error.serverMessage) ||
          (isNew ? 'The user could not be created.' : 'The user could not be updated.'),
        variant: 'destructive',
      });
    },
  });

  const busy = save.isPending;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={isNew ? 'Add User' : `Edit User: ${user.username}`}
      dirty={form.formState.isDirty}
    >
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((data) => save.mutate(data))}>
        <TextField
          label="Username"
          autoComplete="off"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder={isNew ? undefined : 'Leave blank to keep the current password'}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <div className="grid gap-1">
          <label htmlFor={addressId} className="text-sm font-medium text-slate-800">
            Address (optional)
          </label>
          <textarea
            id={addressId}
            rows={3}
            aria-invalid={errors.address ? true : undefined}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
            {...form.register('address')}
          />
          {errors.address && <p className="text-xs font-medium text-red-600">{errors.address.message}</p>}
        </div>
        <SelectField
          label="Role"
          hint={isSelf ? 'You cannot change your own administrator role.' : ROLE_HINT}
          // The own role is shown, never sent: the form keeps the loaded value.
          disabled={isSelf}
          error={errors.role?.message}
          {...form.register('role')}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        {!isNew && form.watch('role') === 'staff' && (
          <StaffGrantsFields register={form.register} error={errors.refundLimit?.message} />
        )}
        <div className="flex justify-end gap-2 pt-2">
          <DialogCancel disabled={busy} />
          <Button type="submit" pending={busy} pendingLabel="Saving...">
            {isNew ? 'Create User' : 'Save Changes'}
          </Button>
        </div>
      </form>
      {!isNew && <StoreCreditPanel userId={user.id} />}
      {!isNew && <GiftCardsPanel userId={user.id} />}
    </Dialog>
  );
}
