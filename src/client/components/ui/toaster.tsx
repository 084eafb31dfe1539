// Radix Toast gives what the specification asks of notifications: swipe right past 50 px to dismiss,
// F8 focuses the notification area, 5000 ms default duration.
import { clsx } from 'clsx';
import { Toast } from 'radix-ui';
import { Link } from 'react-router';
import { useT } from '~/client/lib/i18n';
import { dismissToast, TOAST_DURATION_MS, useToasts } from './toast-store';
import { uiMessages } from './ui.messages';

export function Toaster() {
  const toasts = useToasts();
  const tr = useT(uiMessages);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-testid="toast"
          className={clsx(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0',
            t.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="text-sm">{t.description}</Toast.Description>}
            {t.actions && t.actions.length > 0 && (
              <div className="mt-2 flex gap-2">
                {t.actions.map((a) => (
                  <Toast.Action key={a.href} altText={a.label} asChild>
                    <Link
                      to={a.href}
                      className="rounded-md border border-current px-2 py-1 text-xs font-medium"
                      onClick={() => dismissToast(t.id)}
                    >
                      {a.label}
                    </Link>
                  </Toast.Action>
                ))}
              </div>
            )}
          </div>
          <Toast.Close aria-label={tr('close')} className="absolute right-2 top-2 rounded p-1">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label={tr('notifications')}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
