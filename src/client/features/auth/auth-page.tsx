// /auth: welcome text, today's deal and the Login / Register card.
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { Link, Navigate, useSearchParams } from 'react-router';
import { buttonClasses } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Seo, useSite } from '~/client/lib/head';
import { useLocale, useT } from '~/client/lib/i18n';
import type { Locale } from '~/shared/i18n/locales';
import { useStoreToday, weekdayName } from '~/client/lib/site-config';
import { todaysDiscountQueryOptions } from '~/client/features/catalog';
import { meQueryOptions } from './api';
import { authMessages } from './auth.messages';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { PageSpinner } from '~/client/components/ui/page-spinner';

const BENEFITS = [
  { title: 'trackTitle', text: 'trackText' },
  { title: 'saveTitle', text: 'saveText' },
  { title: 'dealsTitle', text: 'dealsText' },
  { title: 'notifyTitle', text: 'notifyText' },
] as const;

/** 'Thursday', or 'Jeudi' on a French page (it starts the deal's line). */
function localWeekday(date: string, locale: Locale): string {
  if (locale === 'en') return weekdayName(date);
  const name = new Intl.DateTimeFormat('fr-CA', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function AuthPage() {
  const me = useQuery(meQueryOptions());
  const t = useT(authMessages);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'register' ? 'register' : 'login';

  if (me.isPending) return <PageSpinner label={t('checkingSession')} />;
  if (me.data) return <Navigate to="/account" replace />;

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 md:grid-cols-2 md:py-16">
      <Seo title={t('pageTitle')} description={t('seoDescription')} canonicalPath="/auth" />
      <section aria-labelledby="auth-welcome" className="order-2 md:order-1">
        <Welcome />
        <TodaysDealsBox />
      </section>
      <section aria-label={t('loginOrRegister')} className="order-1 md:order-2">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <Tabs.Root
            value={tab}
            onValueChange={(value) =>
              setParams(value === 'register' ? { tab: 'register' } : {}, {
                replace: true,
                preventScrollReset: true,
              })
            }
          >
            <Tabs.List
              aria-label={t('accountAccess')}
              className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1"
            >
              {(['login', 'register'] as const).map((value) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
                >
                  {value === 'login' ? t('loginTab') : t('registerTab')}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="login">
              <LoginForm />
            </Tabs.Content>
            <Tabs.Content value="register">
              <RegisterForm />
            </Tabs.Content>
          </Tabs.Root>
        </div>
      </section>
    </div>
  );
}

function Welcome() {
  const { storeName } = useSite();
  const t = useT(authMessages);
  return (
    <>
      <h1 id="auth-welcome" className="text-3xl font-extrabold tracking-tight text-slate-900">
        {t('welcome', { storeName })}
      </h1>
      <p className="mt-3 text-slate-600">{t('welcomeText')}</p>
      <ul className="mt-6 grid gap-4">
        {BENEFITS.map((b) => (
          <li key={b.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="mt-0.5 flex h-6 w-6 flex-none items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white"
            >
              ✓
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{t(b.title)}</span>
              <span className="block text-sm text-slate-600">{t(b.text)}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function TodaysDealsBox() {
  const discount = useQuery(todaysDiscountQueryOptions());
  // The store's weekday from the server (docs/decisions/0093-store-date-in-the-site-configuration.md).
  const today = useStoreToday();
  const percent = discount.data ?? 0;
  const t = useT(authMessages);
  const locale = useLocale();
  return (
    <aside
      aria-labelledby="auth-deals"
      className="mt-8 rounded-xl border border-brand-100 bg-brand-50 p-5"
      data-testid="todays-deals-box"
    >
      <h2 id="auth-deals" className="text-lg font-bold text-brand-700">
        {t('todaysDeals')}
      </h2>
      {discount.isPending || (percent > 0 && !today) ? (
        <Skeleton className="mt-2 h-6 w-40" />
      ) : percent > 0 && today ? (
        <p className="mt-2 text-slate-700">
          <span className="font-semibold">
            {t('dealHeadline', { weekday: localWeekday(today, locale), percent })}
          </span>{' '}
          {t('dealText')}
        </p>
      ) : (
        <p className="mt-2 text-slate-700">{t('noDiscount')}</p>
      )}
      <Link to="/products?daily=true" className={buttonClasses('primary', 'sm', 'mt-4')}>
        {t('shopTodaysDeals')}
      </Link>
    </aside>
  );
}
