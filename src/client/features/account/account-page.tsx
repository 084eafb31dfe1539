// /account: side menu and tabs Profile, Orders, Payment Methods, Settings, plus Logout
// (docs/decisions/0033-account-api.md). The tab lives in the URL (?tab=orders).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Tabs } from 'radix-ui';
import { useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '~/client/components/ui/toast-store';
import { apiRequest } from '~/client/lib/api';
import { Seo } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { meQueryOptions, signedOut } from '~/client/features/auth';
import { PageSpinner } from '~/client/components/ui/page-spinner';
import { accountMessages } from './account.messages';
import { AlertsTab } from './alerts-tab';
import { OrdersTab } from './orders-tab';
import { PaymentMethodsTab } from './payment-tab';
import { ProfileTab } from './profile-tab';
import { SettingsTab } from './settings-tab';
import { ACCOUNT_TABS, accountTabFrom } from './tabs';

const menuItem =
  'flex min-h-11 items-center rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';

export function AccountPage() {
  const me = useQuery(meQueryOptions());
  const t = useT(accountMessages);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = accountTabFrom(params.get('tab'));
  const [leaving, setLeaving] = useState(false);
  // Once signed in here, a signed-out state means someone is taking the visitor elsewhere (Logout
  // goes home): do not race them to /auth.
  const wasSignedIn = useRef(false);
  if (me.data) wasSignedIn.current = true;

  if (me.isPending) return <PageSpinner label={t('loadingAccount')} />;
  if (!me.data) return wasSignedIn.current || leaving ? <PageSpinner /> : <Navigate to="/auth" replace />;
  const user = me.data;

  async function logout() {
    setLeaving(true);
    try {
      await apiRequest('POST', '/api/auth/logout');
      await navigate('/');
      signedOut(queryClient);
      toast({ title: t('loggedOutTitle'), description: t('loggedOutText') });
    } catch {
      setLeaving(false);
      toast({ title: t('logoutFailedTitle'), description: t('logoutFailedText'), variant: 'destructive' });
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-12">
      <Seo title={t('myAccount')} noIndex />
      <header className="mb-6">
        <h1 className="text-3xl font-extrabold tracking-tight">{t('myAccount')}</h1>
        <p className="text-slate-600">
          {t('signedInAs')} <span className="font-semibold text-slate-900">{user.username}</span>
        </p>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(value === 'profile' ? {} : { tab: value }, { replace: true, preventScrollReset: true })
        }
        orientation="vertical"
        className="grid grid-cols-1 gap-6 md:grid-cols-[220px_1fr]"
      >
        <aside aria-label={t('accountMenu')} className="md:sticky md:top-28 md:self-start">
          <Tabs.List
            aria-label={t('accountSections')}
            className="flex flex-wrap gap-1 rounded-xl border border-slate-200 bg-white p-2 md:flex-col"
          >
            {ACCOUNT_TABS.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                className={clsx(
                  menuItem,
                  'whitespace-nowrap md:w-full data-[state=active]:bg-brand-50 data-[state=active]:text-brand-700',
                )}
              >
                {t(tab.label)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <button
            type="button"
            onClick={logout}
            disabled={leaving}
            className={clsx(
              menuItem,
              'mt-2 w-full border border-slate-200 bg-white text-red-700 hover:bg-red-50',
            )}
          >
            {t('logout')}
          </button>
        </aside>
        <div className="min-w-0">
          <Tabs.Content value="profile">
            <ProfileTab user={user} />
          </Tabs.Content>
          <Tabs.Content value="orders">
            <OrdersTab />
          </Tabs.Content>
          <Tabs.Content value="payment">
            <PaymentMethodsTab />
          </Tabs.Content>
          <Tabs.Content value="alerts">
            <AlertsTab />
          </Tabs.Content>
          <Tabs.Content value="settings">
            <SettingsTab user={user} />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </div>
  );
}
