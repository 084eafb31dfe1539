// Dialogs (Radix Dialog: focus trap, Escape, focus back to the opener, labelled by its title).
// `Dialog` is the usual one: a title with a Close button, an optional description, then the content.
// A dialog laid out differently (a side panel, a header with a badge) builds on `DialogContent`, which
// brings the portal and the overlay, with Radix's Title, Description and Close re-exported here.
import { clsx } from 'clsx';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ComponentProps, createContext, type ReactNode, useContext, useState } from 'react';
import { useT } from '~/client/lib/i18n';
import { Button } from './button';
import { ConfirmDialog, overlayClasses } from './confirm-dialog';
import { uiMessages } from './ui.messages';

export const DialogRoot = RadixDialog.Root;
export const DialogTitle = RadixDialog.Title;
export const DialogDescription = RadixDialog.Description;
export const DialogClose = RadixDialog.Close;

/** A centred box of the page's width less a margin, scrolling when taller than the screen. */
export const centredDialogClasses =
  'fixed top-1/2 left-1/2 z-50 max-h-[94vh] w-[calc(100vw-1rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-4 shadow-xl sm:p-6';

/** Radix's dialog content in a portal over the overlay; the layout is the caller's, in `className`. */
export function DialogContent({
  overlayClassName = overlayClasses,
  ...props
}: ComponentProps<typeof RadixDialog.Content> & { overlayClassName?: string }) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlayClassName} />
      <RadixDialog.Content {...props} />
    </RadixDialog.Portal>
  );
}

/** The × button in a dialog's corner: a 44-pixel target, placed by the caller's `className`. */
export function DialogCloseIcon({ label, className }: { label?: string; className?: string }) {
  const t = useT(uiMessages);
  return (
    <RadixDialog.Close
      aria-label={label ?? t('close')}
      className={clsx(
        'inline-flex h-11 w-11 flex-none items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        className,
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </RadixDialog.Close>
  );
}

const SIZES = {
  sm: 'max-w-md',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-3xl',
  '2xl': 'max-w-5xl',
} as const;

/** Closes the dialog around it the way its Close button does: asking first when there are changes. */
const RequestCloseContext = createContext<(() => void) | null>(null);

/**
 * The Cancel button of a form in a `Dialog` calls this rather than closing the dialog itself, so that
 * Cancel asks 'Discard changes?' like Escape, a click outside and the × do. Null outside a Dialog.
 */
export function useDialogRequestClose(): (() => void) | null {
  return useContext(RequestCloseContext);
}

/** A form's Cancel button in a `Dialog`: closes it, asking 'Discard changes?' first when there are changes. */
export function DialogCancel({
  disabled,
  onCancel,
  children,
}: {
  disabled?: boolean;
  /** Outside a Dialog (a form shown on its own), what Cancel does instead. */
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const requestClose = useDialogRequestClose();
  const t = useT(uiMessages);
  return (
    <Button
      variant="outline"
      disabled={disabled}
      onClick={() => (requestClose ? requestClose() : onCancel?.())}
    >
      {children ?? t('cancel')}
    </Button>
  );
}

/**
 * With `dirty` (the form differs from what it opened with), Escape, a click outside, the × and a
 * Cancel button using useDialogRequestClose first ask 'Discard changes?': Keep editing, or Discard
 * and close. Nothing is asked when nothing was changed (docs/decisions/0246-discard-changes.md).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  dirty = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  size?: keyof typeof SIZES;
  dirty?: boolean;
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const t = useT(uiMessages);
  const change = (next: boolean) => {
    if (!next && dirty) setAsking(true);
    else onOpenChange(next);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={change}>
      <DialogContent
        className={clsx(centredDialogClasses, SIZES[size])}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          <DialogCloseIcon className="-my-2 -mr-2" />
        </div>
        {description && (
          <RadixDialog.Description className="mb-4 text-sm text-slate-600">
            {description}
          </RadixDialog.Description>
        )}
        <RequestCloseContext.Provider value={() => change(false)}>{children}</RequestCloseContext.Provider>
        <ConfirmDialog
          open={open && asking}
          onOpenChange={setAsking}
          title={t('discardTitle')}
          message={t('discardMessage')}
          cancelLabel={t('keepEditing')}
          confirmLabel={t('discard')}
          onConfirm={() => {
            setAsking(false);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </RadixDialog.Root>
  );
}
