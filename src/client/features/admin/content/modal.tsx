// The content tab's dialog: the shared admin dialog frame (Radix Dialog: focus trap, Escape,
// labelled), in the content tab's own sizes, with an optional description.
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { DialogFrame } from '~/client/features/admin/ui';

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      className={clsx(
        'fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl sm:p-6',
        size === 'lg' ? 'max-w-5xl' : 'max-w-2xl',
      )}
      closeClassName="hover:text-slate-900"
    >
      {children}
    </DialogFrame>
  );
}
