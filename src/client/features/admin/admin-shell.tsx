// The admin area: a one-line header and the tabs of the signed-in role (kept in the URL). The dashboard is
// the Overview tab, so every other tab's table starts near the top of the screen. Each tab is its own
// chunk, loaded when opened (each feature's index.ts holds its tabs' lazy components).
import { clsx } from 'clsx';
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '~/shared/roles';
import { OverviewTab } from '~/client/features/admin-dashboard';
import { DiscountsTab } from '~/client/features/admin-discounts';
import { IntakeTab } from '~/client/features/admin-intake';
import { LoadsTab } from '~/client/features/admin-loads';
import { OrdersTab } from '~/client/features/admin-orders';
import { RecallsTab } from '~/client/features/admin-recalls';
import { ReturnsTab } from '~/client/features/admin-returns';
import { ImportTab, ProductsTab } from '~/client/features/admin-products';
import { PrivacyTab } from '~/client/features/admin-privacy';
import { AuditLogTab, ReportsTab } from '~/client/features/admin-reports';
import { UsersTab } from '~/client/features/admin-users';
import type { CurrentUser } from '~/client/features/auth';
import { ContentAdminTab } from '~/client/features/content';
import { SettingsTab, ShippingTab, TaxesTab } from '~/client/features/store-settings';
import { buttonClasses } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { ADMIN_TAB_LABELS, type AdminTab, DEFAULT_ADMIN_TAB, tabsFor } from './tabs';

const TAB_COMPONENTS: Record<AdminTab, LazyExoticComponent<ComponentType>> = {
  overview: OverviewTab,
  products: ProductsTab,
  discounts: DiscountsTab,
  shipping: ShippingTab,
  taxes: TaxesTab,
  content: ContentAdminTab,
  import: ImportTab,
  loads: LoadsTab,
  intake: IntakeTab,
  recalls: RecallsTab,
  orders: OrdersTab,
  returns: ReturnsTab,
  users: UsersTab,
  reports: ReportsTab,
  audit: AuditLogTab,
  privacy: PrivacyTab,
  settings: SettingsTab,
};

function TabLoading() {
  return (
    <div className="flex items-center gap-2 py-12 text-sm text-slate-600" role="status">
      <Spinner /> Loading...
    </div>
  );
}

/** A tab the role may not use (an old link, a typed address): the server would refuse its calls anyway. */
function NotYourTab({ tab }: { tab: AdminTab }) {
  return (
    <div className="grid max-w-xl gap-3 rounded-lg border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold">{ADMIN_TAB_LABELS[tab]}</h2>
      <p className="text-sm text-slate-600">Only administrators can open this section.</p>
      <div>
        <Link to={`/admin/${DEFAULT_ADMIN_TAB}`} className={buttonClasses('outline', 'sm')}>
          Go to the Overview
        </Link>
      </div>
    </div>
  );
}

/**
 * On a phone the strip scrolls sideways: the open tab is brought into the strip's window (Intake, the
 * ninth tab, was otherwise some 800 px to the right, out of sight). Only the strip scrolls, never the page.
 */
function useOpenTabInView(tab: AdminTab) {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const strip = nav.current;
    const link = strip?.querySelector<HTMLElement>(`a[href="/admin/${tab}"]`);
    if (!strip || !link) return;
    // Where the tab sits in the strip's scrolled content.
    const left = link.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
    const right = left + link.offsetWidth;
    if (left < strip.scrollLeft || right > strip.scrollLeft + strip.clientWidth)
      strip.scrollLeft = Math.max(0, left - (strip.clientWidth - link.offsetWidth) / 2);
  }, [tab]);
  return nav;
}

export function AdminShell({ tab, user }: { tab: AdminTab; user: CurrentUser }) {
  const tabs = tabsFor(user.role);
  const TabComponent = TAB_COMPONENTS[tab];
  const nav = useOpenTabInView(tab);
  return (
    <div className="mx-auto grid max-w-7xl gap-3 px-4 py-3 sm:py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-xl font-bold sm:text-2xl">Admin Dashboard</h1>
        <p className="text-sm text-slate-600">
          Signed in as {user.username}
          {user.role === 'staff' && ` (${ROLE_LABELS.staff})`}
        </p>
      </div>
      <nav ref={nav} aria-label="Admin sections" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-1 rounded-lg bg-slate-100 p-1">
          {tabs.map((t) => (
            <li key={t}>
              <Link
                to={`/admin/${t}`}
                aria-current={t === tab ? 'page' : undefined}
                className={clsx(
                  'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                  t === tab ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {ADMIN_TAB_LABELS[t]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={ADMIN_TAB_LABELS[tab]}>
        {tabs.includes(tab) ? (
          <Suspense fallback={<TabLoading />}>
            <TabComponent />
          </Suspense>
        ) : (
          <NotYourTab tab={tab} />
        )}
      </section>
    </div>
  );
}
