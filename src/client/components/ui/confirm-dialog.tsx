// Questions that must be answered before something irreversible (Radix AlertDialog: role alertdialog,
// focus starts on Cancel, a click outside does not close it).
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useT } from '~/client/lib/i18n';
import { Button, buttonClasses } from './button';
import { uiMessages } from './ui.messages';

/** The dimmed page behind every dialog (the kit's Dialog uses it too). */
export const overlayClasses = 'fixed inset-0 z-50 bg-slate-900/50';

/**
 * The frame of an alert dialog: title, message, then the caller's content (a form, the buttons).
 * `trigger`, when given, is the element that opens it.
 */
export function AlertDialogFrame({
  open,
  onOpenChange,
  title,
  message,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  trigger?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{message}</AlertDialog.Description>
          {children}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** The Cancel button of an alert dialog: closes it. */
export function AlertDialogCancel({ children }: { children?: ReactNode }) {
  const t = useT(uiMessages);
  return (
    <AlertDialog.Cancel className={buttonClasses('outline')}>{children ?? t('cancel')}</AlertDialog.Cancel>
  );
}

/** 'Delete this?': Cancel, or the destructive confirm button, pending while the action runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  pending,
  pendingLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  pendingLabel?: string;
  onConfirm: () => void;
}) {
  const t = useT(uiMessages);
  return (
    <AlertDialogFrame open={open} onOpenChange={onOpenChange} title={title} message={message}>
      <div className="mt-6 flex justify-end gap-2">
        <AlertDialogCancel>{cancelLabel ?? t('cancel')}</AlertDialogCancel>
        <Button
          variant="destructive"
          pending={pending}
          pendingLabel={pendingLabel}
          // Not Radix's Action, which would close the dialog at once: it stays open while the action
          // runs, and the caller closes it.
          onClick={() => onConfirm()}
        >
          {confirmLabel ?? t('delete')}
        </Button>
      </div>
    </AlertDialogFrame>
  );
}
