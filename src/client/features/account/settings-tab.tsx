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
import { useT } from '~/client/lib/i18n';
import { accountMessages } from './account.messages';
import { changePassword, deleteAccount, forgetSession, updatePreferences } from './api';
import { DataDownloadSection, MarketingConsentSection } from './privacy-section';
import { accountPrivacyMessages } from './privacy.messages';

export function SettingsTab({ user }: { user: CurrentUser }) {
  const t = useT(accountMessages);
  const tPrivacy = useT(accountPrivacyMessages);
  return (
    <section aria-labelledby="settings-heading" className="grid gap-5">
      <h2 id="settings-heading" className="text-2xl font-bold">
        {t('tabSettings')}
      </h2>
      <Card headingLevel={3} title={t('passwordTitle')} description={t('passwordDescription')}>
        <ChangePasswordSection />
      </Card>
      <Card headingLevel={3} title={t('notificationsTitle')} description={t('notificationsDescription')}>
        <EmailNotificationsToggle user={user} />
      </Card>
      <Card
        headingLevel={3}
        title={tPrivacy('marketingTitle')}
        description={tPrivacy('marketingDescription')}
      >
        <MarketingConsentSection />
      </Card>
      <Card headingLevel={3} title={tPrivacy('dataTitle')} description={tPrivacy('dataDescription')}>
        <DataDownloadSection />
      </Card>
      <Card headingLevel={3} title={t('deleteAccountTitle')} description={t('deleteAccountDescription')}>
        <DeleteAccountSection isAdmin={user.isAdmin} />
      </Card>
    </section>
  );
}

function ChangePasswordSection() {
  const t = useT(accountMessages);
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
        title: t('passwordChangedTitle'),
        description: t('passwordChangedText'),
      });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.currentPassword) form.setError('currentPassword', { message: fields.currentPassword });
      toast({
        title: t('passwordFailedTitle'),
        description: serverMessage(error) ?? t('passwordFailedText'),
        variant: 'destructive',
      });
    }
  });

  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)} aria-expanded={false} aria-controls={formId}>
        {t('changePassword')}
      </Button>
    );
  }
  return (
    <form
      id={formId}
      onSubmit={onSubmit}
      noValidate
      className="grid max-w-md gap-4"
      aria-label={t('changePassword')}
    >
      <TextField
        label={t('currentPassword')}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        label={t('confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmNewPassword?.message}
        {...form.register('confirmNewPassword')}
      />
      <div className="flex gap-2">
        <Button type="submit" pending={isSubmitting} pendingLabel={t('saving')}>
          {t('saveNewPassword')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            form.reset();
            setOpen(false);
          }}
        >
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function EmailNotificationsToggle({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const t = useT(accountMessages);
  const id = useId();
  const [saving, setSaving] = useState(false);
  const checked = user.emailNotifications ?? true;

  async function onChange(next: boolean) {
    setSaving(true);
    try {
      await updatePreferences(queryClient, { emailNotifications: next });
      toast({
        title: t('preferencesSavedTitle'),
        description: next ? t('notificationsOn') : t('notificationsOff'),
      });
    } catch (error) {
      toast({
        title: t('updateFailedTitle'),
        description: serverMessage(error) ?? t('preferencesFailedText'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor={id} className="text-sm font-medium">
        {t('emailNotifications')}
        <span className="block text-xs font-normal text-slate-500">{t('emailNotificationsHint')}</span>
      </label>
      <Switch id={id} checked={checked} disabled={saving} onCheckedChange={onChange} />
    </div>
  );
}

function DeleteAccountSection({ isAdmin }: { isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useT(accountMessages);
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
      toast({ title: t('accountDeletedTitle'), description: t('accountDeletedText') });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.password) form.setError('password', { message: fields.password });
      toast({
        title: t('deleteFailedTitle'),
        description: serverMessage(error) ?? t('deleteFailedText'),
        variant: 'destructive',
      });
    }
  });

  if (isAdmin) {
    return <p className="text-sm text-slate-600">{t('adminCannotDelete')}</p>;
  }

  return (
    <AlertDialogFrame
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      title={t('deleteConfirmTitle')}
      message={t('deleteConfirmMessage')}
      trigger={<Button variant="destructive">{t('deleteAccountTitle')}</Button>}
    >
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4" aria-label={t('deleteAccountTitle')}>
        <TextField
          label={t('enterPasswordToConfirm')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex justify-end gap-2">
          <AlertDialogCancel />
          <Button type="submit" variant="destructive" pending={isSubmitting} pendingLabel={t('deleting')}>
            {t('deleteMyAccount')}
          </Button>
        </div>
      </form>
    </AlertDialogFrame>
  );
}
