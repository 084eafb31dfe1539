// The account's Alerts tab: the saved searches ('Alert me') and price watches ('Watch price'), each with
// Delete (docs/decisions/0581-alert-buttons-and-account-lists.md).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '~/shared/money';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/toast-store';
import { serverMessage } from '~/client/features/auth';
import { useLocale, useT } from '~/client/lib/i18n';
import { alertsQueryOptions, deleteAlert } from './api';
import { accountAlertMessages } from './alerts.messages';

/** A saved search's filters as the listing's address ('q' is the listing's 'search'). */
export const listingHrefOf = (query: string) => {
  const p = new URLSearchParams(query);
  const q = p.get('q');
  p.delete('q');
  if (q) p.set('search', q);
  const rest = p.toString();
  return rest ? `/products?${rest}` : '/products';
};

type Row = { id: number; name: string; detail: string; href: string };

function AlertList(props: {
  heading: string;
  empty: string;
  rows: Row[] | undefined;
  failed: boolean;
  deleteLabel: (name: string) => string;
  onDelete: (id: number) => Promise<void>;
}) {
  const t = useT(accountAlertMessages);
  const [busy, setBusy] = useState<number | null>(null);
  const id = `alerts-${props.heading.replace(/\W+/g, '-').toLowerCase()}`;
  async function remove(rowId: number) {
    setBusy(rowId);
    try {
      await props.onDelete(rowId);
    } finally {
      setBusy(null);
    }
  }
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={id} className="text-lg font-semibold">
        {props.heading}
      </h3>
      {props.failed && <p className="text-sm text-red-700">{t('loadFailed')}</p>}
      {!props.rows && !props.failed && <Skeleton className="h-10 w-full" />}
      {props.rows?.length === 0 && <p className="text-sm text-slate-600">{props.empty}</p>}
      {props.rows && props.rows.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {props.rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link to={row.href} className="font-medium text-brand-700 underline">
                  {row.name}
                </Link>
                <p className="text-xs text-slate-600">{row.detail}</p>
              </div>
              <Button
                variant="outline"
                size="sm"
                pending={busy === row.id}
                aria-label={props.deleteLabel(row.name)}
                onClick={() => remove(row.id)}
              >
                {t('delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AlertsTab() {
  const t = useT(accountAlertMessages);
  const locale = useLocale();
  const queryClient = useQueryClient();
  const searches = useQuery(alertsQueryOptions('saved-searches'));
  const watches = useQuery(alertsQueryOptions('watches'));

  const remove = (kind: 'saved-searches' | 'watches') => async (id: number) => {
    try {
      await deleteAlert(queryClient, kind, id);
      toast({ title: t('deletedTitle') });
    } catch (error) {
      toast({
        title: t('deleteFailedTitle'),
        description: serverMessage(error) ?? t('deleteFailedText'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="alerts-heading" className="grid gap-5">
      <h2 id="alerts-heading" className="text-2xl font-bold">
        {t('heading')}
      </h2>
      <p className="text-slate-700">{t('intro')}</p>
      <AlertList
        heading={t('searchesHeading')}
        empty={t('noSearches')}
        failed={searches.isError}
        rows={searches.data?.map((s) => ({
          id: s.id,
          name: s.name,
          detail: s.query,
          href: listingHrefOf(s.query),
        }))}
        deleteLabel={(name) => t('deleteSearch', { name })}
        onDelete={remove('saved-searches')}
      />
      <AlertList
        heading={t('watchesHeading')}
        empty={t('noWatches')}
        failed={watches.isError}
        rows={watches.data?.map((w) => ({
          id: w.id,
          name: w.name,
          detail: w.notifiedAt
            ? t('notified')
            : t('watchedAt', { price: formatMoney(w.watchedPrice, locale) }),
          href: `/products/${encodeURIComponent(w.slug)}`,
        }))}
        deleteLabel={(name) => t('deleteWatch', { name })}
        onDelete={remove('watches')}
      />
    </section>
  );
}
