// The phone menu's panel: a chunk of its own, fetched right after the page hydrates
// (src/client/lib/after-hydration.tsx), so Radix's dialog is not in the first download
// (docs/decisions/0145-lazy-routes-and-script-budget.md, 0150-phone-menu.md).
import { DialogCloseIcon, DialogContent, DialogRoot, DialogTitle } from '~/client/components/ui/dialog';
import type { RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { useLocale, useT } from '~/client/lib/i18n';
import { LanguageSwitcher } from './language-switcher';
import { isCurrentNavItem, type NavItem } from './nav-items';
import { shellMessages } from './shell.messages';

export function PhoneMenuPanel({
  open,
  onOpenChange,
  items,
  accountName,
  onLogout,
  button,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: NavItem[];
  accountName: string | null;
  onLogout: () => void;
  /** The menu button: focus goes back to it when the panel closes. */
  button: RefObject<HTMLButtonElement | null>;
}) {
  const location = useLocation();
  const t = useT(shellMessages);
  const locale = useLocale();
  const close = () => onOpenChange(false);
  const row =
    'flex min-h-11 items-center rounded-md px-3 text-base text-slate-800 hover:bg-slate-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700';
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent
        id="phone-menu-panel"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
        aria-describedby={undefined}
        className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-white shadow-xl"
        data-testid="menu-panel"
      >
        <div className="flex items-center justify-between border-b border-slate-200 py-2 pr-2 pl-4">
          <DialogTitle className="text-lg font-semibold">{t('menu')}</DialogTitle>
          <DialogCloseIcon label={t('closeMenu')} />
        </div>
        <nav aria-label={t('mainNav')} className="p-2">
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                {item.englishOnly && locale !== 'en' ? (
                  <a href={item.to} className={row}>
                    {item.label}
                  </a>
                ) : (
                  <Link
                    to={item.to}
                    className={row}
                    aria-current={isCurrentNavItem(item, location) ? 'page' : undefined}
                    onClick={close}
                  >
                    {item.label}
                  </Link>
                )}
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
                {t('logout')}
              </button>
            </>
          ) : (
            <Link to="/auth" className={row} onClick={close}>
              {t('loginRegister')}
            </Link>
          )}
          <LanguageSwitcher className={row} onSwitch={close} />
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
