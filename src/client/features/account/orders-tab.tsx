import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AccountOrder } from '~/shared/schemas/account';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { useSite } from '~/client/lib/head';
import { useLocale, useT } from '~/client/lib/i18n';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { accountMessages } from './account.messages';
import { myOrdersQueryOptions, ORDERS_REFETCH_MS } from './api';
import { OrderCard } from './order-card';
import { OrderDetailsDialog } from './order-details-dialog';
import { printReceipt } from './receipt';
import { reorderWithToast } from './reorder';

export function OrdersTab() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useT(accountMessages);
  const locale = useLocale();
  const { storeName } = useSite();
  const registrations = useQuery(siteConfigQueryOptions()).data?.taxRegistrations ?? null;
  const orders = useQuery({
    ...myOrdersQueryOptions(),
    refetchInterval: ORDERS_REFETCH_MS,
    refetchOnWindowFocus: 'always',
  });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [reorderingId, setReorderingId] = useState<number | null>(null);
  // The dialog follows the list, so a refresh updates an open order too.
  const selected = orders.data?.find((o) => o.id === selectedId) ?? null;

  async function reorder(order: AccountOrder) {
    setReorderingId(order.id);
    try {
      if (await reorderWithToast(queryClient, order, t, locale)) await navigate('/cart');
    } finally {
      setReorderingId(null);
    }
  }

  return (
    <section aria-labelledby="orders-heading" className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="orders-heading" className="text-2xl font-bold">
          {t('orderHistory')}
        </h2>
        <Button variant="outline" size="sm" onClick={() => orders.refetch()} pending={orders.isFetching}>
          {t('refreshOrders')}
        </Button>
      </div>

      <div
        className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-700"
        data-testid="reorder-hint"
      >
        <p className="font-semibold text-brand-700">{t('needAgain')}</p>
        <p>
          {t('reorderHintUse')} <strong>{t('reorder')}</strong> {t('reorderHintRest')}
        </p>
      </div>

      {orders.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-64 w-full" />
          ))}
        </div>
      ) : orders.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>{orders.error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => orders.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : orders.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <p className="text-lg font-semibold">{t('noOrders')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('noOrdersText')}</p>
          <Link to="/" className={buttonClasses('primary', 'md', 'mt-5')}>
            {t('startShopping')}
          </Link>
        </div>
      ) : (
        <div className="grid gap-5">
          {orders.data.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              onViewDetails={() => setSelectedId(order.id)}
              onReorder={() => reorder(order)}
              reordering={reorderingId === order.id}
            />
          ))}
        </div>
      )}

      <OrderDetailsDialog
        order={selected}
        onOpenChange={(open) => {
          if (!open) setSelectedId(null);
        }}
        onPrint={() => printReceipt(selected, storeName, registrations, locale)}
        onReorder={() => selected && reorder(selected)}
        reordering={selected !== null && reorderingId === selected.id}
      />
    </section>
  );
}
