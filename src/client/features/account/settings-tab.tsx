import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  type ChangePassword,
  ChangePasswordSchema,
  type DeleteAccount,
  DeleteAccountSchema,
} from '~/shared/schemas/account';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { AlertDialogCancel, AlertDialogFrame } from '~/client/components/ui/confirm-dialog';
import { Switch } from '~/client/components/ui/switch';
import { toast } from '~/client/components/ui/toast-store';
import { type CurrentUser, serverFieldErrors, serverMessage } from '~/client/features/auth';
import { TextField } from '~/client/components/ui/form-fields';
import { changePassword, deleteAccount, forgetSession, updatePreferences } from './api';

export function SettingsTab({ user }: { user: CurrentUser }) {
  return (
    <section aria-labelledby="settings-heading" className="grid gap-5">
      <h2 id="settings-heading" className="text-2xl font-bold">
        Settings
      </h2>
      <Card
        headingLevel={3}
        title="Password"
        description="Changing your password signs you out on every other device."
      >
        <ChangePasswordSection />
      </Card>
      <Card headingLevel={3} title="Notifications" description="Order updates and store news by e-mail.">
        <EmailNotificationsToggle user={user} />
      </Card>
      <Card
        headingLevel={3}
        title="Delete Account"
        description="Permanently delete your account. Your past orders are kept for our records but are no longer linked to you."
      >
        <DeleteAccountSection isAdmin={user.isAdmin} />
      </Card>
    </section>
  );
}

function ChangePasswordSection() {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const form = useForm<ChangePassword>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword(values);
      form.reset();
      setOpen(false);
      toast({
        title: 'Password Changed',
        description: 'Your password has been updated. Other devices have been signed out.',
      });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.currentPassword) form.setError('currentPassword', { message: fields.currentPassword });
      toast({
        title: 'Password Change Failed',
        description: serverMessage(error) ?? 'An error occurred while changing your password',
        variant: 'destructive',
      });
    }
  });

  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)} aria-expanded={false} aria-controls={formId}>
        Change Password
      </Button>
    );
  }
  return (
    <form
      id={formId}
      onSubmit={onSubmit}
      noValidate
      className="grid max-w-md gap-4"
      aria-label="Change Password"
    >
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmNewPassword?.message}
        {...form.register('confirmNewPassword')}
      />
      <div className="flex gap-2">
        <Button type="submit" pending={isSubmitting} pendingLabel="Saving...">
          Save New Password
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            form.reset();
            setOpen(false);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}

function EmailNotificationsToggle({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [saving, setSaving] = useState(false);
  const checked = user.emailNotifications ?? true;

  async function onChange(next: boolean) {
    setSaving(true);
    try {
      await updatePreferences(queryClient, { emailNotifications: next });
      toast({
        title: 'Preferences Saved',
        description: next
          ? 'You will receive e-mail notifications.'
          : 'You will no longer receive e-mail notifications.',
      });
    } catch (error) {
      toast({
        title: 'Update Failed',
        description: serverMessage(error) ?? 'An error occurred while saving your preferences',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor={id} className="text-sm font-medium">
        Email Notifications
        <span className="block text-xs font-normal text-slate-500">
          Order updates, shipping news and deals.
        </span>
      </label>
      <Switch id={id} checked={checked} disabled={saving} onCheckedChange={onChange} />
    </div>
  );
}

function DeleteAccountSection({ isAdmin }: { isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useForm<DeleteAccount>({
    resolver: zodResolver(DeleteAccountSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await deleteAccount(values);
      setOpen(false);
      // Leave the account page before forgetting the session, so it does not bounce to /auth.
      await navigate('/');
      forgetSession(queryClient);
      toast({ title: 'Account Deleted', description: 'Your account has been deleted.' });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.password) form.setError('password', { message: fields.password });
      toast({
        title: 'Delete Failed',
        description: serverMessage(error) ?? 'An error occurred while deleting your account',
        variant: 'destructive',
      });
    }
  });

  if (isAdmin) {
    return <p className="text-sm text-slate-600">Administrator accounts cannot be deleted from here.</p>;
  }

  return (
    <AlertDialogFrame
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      title="Delete your account?"
      message="This permanently deletes your account and signs you out everywhere. Your past orders are kept for our records but will no longer be linked to you. This cannot be undone."
      trigger={<Button variant="destructive">Delete Account</Button>}
    >
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4" aria-label="Delete Account">
        <TextField
          label="Enter your password to confirm"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex justify-end gap-2">
          <AlertDialogCancel />
          <Button type="submit" variant="destructive" pending={isSubmitting} pendingLabel="Deleting...">
            Delete My Account
          </Button>
        </div>
      </form>
    </AlertDialogFrame>
  );
}
