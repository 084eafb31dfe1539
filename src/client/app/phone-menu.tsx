import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link, type Location, useLocation } from 'react-router';

export type NavItem = { to: string; label: string; end: boolean };

/**
 * Whether a navigation link is the page being shown. Unlike NavLink, the query counts: Daily Deals
 * (/products?daily=true) and New Arrivals (/products?new=true) are not both current on /products.
 */
export function isCurrentNavItem(item: NavItem, location: Pick<Location, 'pathname' | 'search'>): boolean {
  const target = new URL(item.to, 'http://x');
  const onPath = item.end
    ? location.pathname === target.pathname
    : location.pathname === target.pathname || location.pathname.startsWith(`${target.pathname}/`);
  if (!onPath) return false;
  const here = new URLSearchParams(location.search);
  return [...target.searchParams].every(([key, value]) => here.get(key) === value);
}

/**
 * Below 768 px the navigation is this button and a panel that slides in from the left with every link
 * and the account actions. Radix Dialog keeps focus inside while it is open, closes on Escape or a tap
 * outside, and puts focus back on the button (docs/decisions/0150-phone-menu.md).
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
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const close = () => setOpen(false);
  const row =
    'flex min-h-11 items-center rounded-md px-3 text-base text-slate-800 hover:bg-slate-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700';

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="-ml-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 md:hidden"
        aria-label="Menu"
        data-testid="menu-button"
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
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-white shadow-xl"
          data-testid="menu-panel"
        >
          <div className="flex items-center justify-between border-b border-slate-200 py-2 pr-2 pl-4">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
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
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="p-2">
            <ul>
              {items.map((item) => (
                <li key={item.label}>
                  <Link
                    to={item.to}
                    className={row}
                    aria-current={isCurrentNavItem(item, location) ? 'page' : undefined}
                    onClick={close}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto border-t border-slate-200 p-2">
            {accountName !== null ? (
              <>
                <Link to="/account" className={row} onClick={close}>
                  {accountName}
                </Link>
                <button
                  type="button"
                  className={`${row} w-full text-left`}
                  onClick={() => {
                    close();
                    onLogout();
                  }}
                >
                  Logout
                </button>
              </>
            ) : (
              <Link to="/auth" className={row} onClick={close}>
                Login / Register
              </Link>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
