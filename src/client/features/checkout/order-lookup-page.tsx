// /orders/lookup: a guest opens an order with its reference and the e-mail it was placed with; the
// order shows as on the confirmation page, with the tracker. 'View My Orders' on the confirmation and
// every order e-mail lead here (docs/decisions/0281-guest-order-lookup.md).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router';
import { type Order, type OrderLookup, OrderLookupSchema } from '~/shared/schemas/orders';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { OrderTracker } from '~/client/components/ui/order-tracker';
import { ApiError } from '~/client/lib/api';
import { Seo } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { lookUpOrder } from './api';
import { orderLookupMessages } from './order-lookup.messages';
import { OrderView } from './order-view';
import { ReturnRequest } from '~/client/features/returns';

export function OrderLookupPage() {
  const t = useT(orderLookupMessages);
  const [params] = useSearchParams();
  const location = useLocation();
  const stateEmail = (location.state as { email?: unknown } | null)?.email;
  const [order, setOrder] = useState<Order | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<OrderLookup>({
    resolver: zodResolver(OrderLookupSchema),
    defaultValues: {
      reference: params.get('reference') ?? '',
      email: typeof stateEmail === 'string' ? stateEmail : '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      setOrder(await lookUpOrder(values));
    } catch (error) {
      setOrder(null);
      setFailure((error instanceof ApiError && error.serverMessage) || t('failed'));
    }
  });

  // From the confirmation page both are known: the order opens at once.
  const auto = useRef(false);
  useEffect(() => {
    if (auto.current) return;
    auto.current = true;
    const { reference, email } = form.getValues();
    if (reference && email) void onSubmit();
  }, [form, onSubmit]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Seo title={t('title')} description={t('seoDescription')} canonicalPath="/orders/lookup" noIndex />
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      {order ? (
        <section aria-labelledby="found-order" className="mt-6" data-testid="looked-up-order">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="found-order" className="text-xl font-semibold">
              {t('orderHeading', { reference: order.orderReference })}
            </h2>
            <Button variant="outline" size="sm" onClick={() => setOrder(null)}>
              {t('findAnother')}
            </Button>
          </div>
          <div className="mt-6 rounded-lg border border-slate-200 p-4">
            <OrderTracker status={order.status} />
          </div>
          <OrderView order={order} />
          <ReturnRequest order={order} email={form.getValues('email')} />
        </section>
      ) : (
        <>
          <p className="mt-2 text-slate-700">{t('intro')}</p>
          {failure && (
            <p
              role="alert"
              className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {failure}
            </p>
          )}
          <form
            onSubmit={onSubmit}
            noValidate
            aria-label={t('formLabel')}
            className="mt-6 grid max-w-md gap-4"
          >
            <TextField
              label={t('orderReference')}
              autoComplete="off"
              placeholder="ORD-…"
              error={errors.reference?.message}
              {...form.register('reference')}
            />
            <TextField
              label={t('email')}
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <Button type="submit" pending={isSubmitting} pendingLabel={t('lookingUp')} className="w-full">
              {t('findMyOrder')}
            </Button>
          </form>
        </>
      )}
    </div>
  );
}
