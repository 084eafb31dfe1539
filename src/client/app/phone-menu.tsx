import { lazy, useRef, useState } from 'react';
import { AfterHydration } from '~/client/lib/after-hydration';
import { useT } from '~/client/lib/i18n';
import { shellMessages } from './shell.messages';
import type { NavItem } from './nav-items';

const PhoneMenuPanel = lazy(async () => ({ default: (await import('./phone-menu-panel')).PhoneMenuPanel }));

/**
 * Below 768 px the navigation is this button and a panel that slides in from the left with every link
 * and the account actions. The panel is Radix Dialog (focus kept inside while open, Escape or a tap
 * outside closes it, focus back on the button; docs/decisions/0150-phone-menu.md), loaded right after
 * hydration so it stays out of the first download.
 */
export function PhoneMenu({
  items,
  accountName,
  onLogout,
}: {
  items: NavItem[];
  /** The signed-in person's name for the account link, or null when signed out. */
  accountName: string | null;
  onLogout: () => void;
}) {
  const t = useT(shellMessages);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="-ml-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 md:hidden"
        aria-label={t('menu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'phone-menu-panel' : undefined}
        data-testid="menu-button"
        onClick={() => setOpen(true)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <AfterHydration>
        <PhoneMenuPanel
          open={open}
          onOpenChange={setOpen}
          items={items}
          accountName={accountName}
          onLogout={onLogout}
          button={button}
        />
      </AfterHydration>
    </>
  );
}
