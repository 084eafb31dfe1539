// /checkout/confirmation?order_id=&status=&error=: the result of a payment. `error` is one of
// the store's failure codes (src/shared/payment-failures.ts), shown as the store's text. The server
// renders the spinner; the browser reads the order, asks the server to confirm a pending payment with
// the provider, and shows the result. Only a completed payment clears the cart (once per order).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '~/shared/money';
import { type PaymentFailureCode, paymentFailureMessage } from '~/shared/payment-failures';
import type { OrderAnswer, OrderSummary } from '~/shared/schemas/orders';
import {
  clearCartForOrder,
  LAST_CLEARED_ORDER_KEY,
  PENDING_ORDER_KEY,
  restoreCartFromBackup,
} from '~/client/features/cart';
import { buttonClasses } from '~/client/components/ui/button';
import { suppressToasts, toast } from '~/client/components/ui/toast-store';
import { Seo } from '~/client/lib/head';
import { useLocale, useT } from '~/client/lib/i18n';
import { meQueryOptions } from '~/client/features/auth';
import { confirmPayment, fetchOrder } from './api';
import { confirmationMessages } from './confirmation.messages';
import { OrderView } from './order-view';
import { forgetTypedCheckout } from './remembered-checkout';
import { lookupPath } from './order-lookup-link';

// An order read without proof carries only its status and total (docs/decisions/0453). Written here, not
// beside the schema: a value import from the schemas would bring zod into the page's first download.
const isOrderSummary = (order: OrderAnswer): order is OrderSummary => 'detailsHidden' in order;

export const CART_CLEAR_DELAY_MS = 100;
export const TOAST_SUPPRESSION_MS = 2000;
/** A provider may settle the payment just after sending the shopper back: ask a few times. */
export const confirmationTiming = { attempts: 4, retryMs: 1500 };
export { DEFAULT_FAILURE } from './confirmation.messages';

/** The text of each failure code (`?error=`); a code the store did not write shows the default. */
const FAILURE_KEYS = {
  declined: 'failureDeclined',
  refunded: 'failureRefunded',
  replaced: 'failureReplaced',
} as const satisfies Record<PaymentFailureCode, string>;

type View =
  | { kind: 'loading' }
  | { kind: 'success'; order: OrderAnswer }
  | { kind: 'failure'; message: string }
  | { kind: 'unavailable' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function storageGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function ConfirmationPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  // The signed token the payment's redirect carries: it shows this shopper the order's details
  // (docs/decisions/0453-order-details-need-proof.md).
  const token = params.get('token');
  const status = params.get('status');
  const error = params.get('error');
  const t = useT(confirmationMessages);
  // Only the store's own texts: an unknown code shows the default (docs/decisions/0117-confirmation-shows-only-the-stores-messages.md).
  const failureMessage =
    paymentFailureMessage(error) === undefined
      ? t('defaultFailure')
      : t(FAILURE_KEYS[error as PaymentFailureCode]);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const signedIn = !!useSignedInUser();
  const started = useRef<string | null>(null);

  useEffect(() => {
    const run = `${orderId}|${status}|${error}`;
    // Once per URL, also under React's development double effects (state set after an unmount is
    // simply dropped, so the one run always finishes).
    if (started.current === run) return;
    started.current = run;

    const fail = (message: string) => {
      // Failure keeps the cart: bring it back if it was emptied meanwhile.
      restoreCartFromBackup();
      setView({ kind: 'failure', message });
    };

    (async () => {
      if (!orderId) {
        toast({
          title: t('missingOrderTitle'),
          description: t('missingOrderText'),
          variant: 'destructive',
        });
        return fail(t('defaultFailure'));
      }
      if (status !== 'success') {
        toast({ title: t('paymentFailedTitle'), description: failureMessage, variant: 'destructive' });
        return fail(failureMessage);
      }
      let order: OrderAnswer;
      try {
        order = await fetchOrder(orderId, token);
      } catch {
        toast({
          title: t('retrieveErrorTitle'),
          description: t('unavailableText'),
          variant: 'destructive',
        });
        setView({ kind: 'unavailable' });
        return;
      }
      for (
        let attempt = 0;
        order.paymentStatus === 'pending' && attempt < confirmationTiming.attempts;
        attempt++
      ) {
        if (attempt > 0) await sleep(confirmationTiming.retryMs);
        try {
          order = await confirmPayment(orderId, token);
        } catch {
          break;
        }
      }
      if (order.paymentStatus !== 'completed') {
        toast({
          title: t('notCompletedTitle'),
          description: t('notCompletedText'),
          variant: 'destructive',
        });
        return fail(failureMessage);
      }
      setView({ kind: 'success', order });
      // A paid order: what the shopper typed at checkout has served (docs/decisions/0282-remembered-checkout.md).
      forgetTypedCheckout();
      const firstVisit = storageGet(LAST_CLEARED_ORDER_KEY) !== order.orderReference;
      // Keeps the cart's own 'Cart cleared' message quiet while the order's is shown.
      suppressToasts(TOAST_SUPPRESSION_MS);
      if (firstVisit) toast({ title: t('completedTitle'), description: t('completedText') });
      setTimeout(() => {
        clearCartForOrder(order.orderReference);
        try {
          window.localStorage.removeItem(PENDING_ORDER_KEY);
        } catch {
          // nothing stored
        }
      }, CART_CLEAR_DELAY_MS);
    })();
  }, [orderId, token, status, error, failureMessage, t]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Seo
        title={t('title')}
        description={t('seoDescription')}
        canonicalPath="/checkout/confirmation"
        noIndex
      />
      {view.kind === 'loading' && (
        <div
          role="status"
          className="flex flex-col items-center gap-4 py-20 text-slate-700"
          data-testid="confirmation-loading"
        >
          <span
            aria-hidden="true"
            className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
          />
          <p className="text-lg">{t('processingOrder')}</p>
        </div>
      )}
      {view.kind === 'success' && <SuccessView order={view.order} />}
      {view.kind === 'failure' && <FailureView message={view.message} />}
      {view.kind === 'unavailable' && (
        <section
          className="rounded-lg border border-slate-200 p-8 text-center"
          aria-labelledby="unavailable-title"
        >
          <h1 id="unavailable-title" className="text-2xl font-bold">
            {t('unavailableTitle')}
          </h1>
          <p className="mt-2 text-slate-700">{t('unavailableText')}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/" className={buttonClasses('outline')}>
              {t('backHome')}
            </Link>
            <Link to={signedIn ? '/account' : lookupPath(orderId)} className={buttonClasses('primary')}>
              {t('viewMyOrders')}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

/** Who is signed in, as every page has it (the root route loads it); this page asks for nothing more. */
function useSignedInUser() {
  return useQuery({ ...meQueryOptions(), enabled: false }).data ?? null;
}

function SuccessView({ order }: { order: OrderAnswer }) {
  const user = useSignedInUser();
  const t = useT(confirmationMessages);
  if (isOrderSummary(order)) return <SummaryView order={order} />;
  return (
    <section aria-labelledby="confirmed-title" data-testid="order-confirmed">
      <div className="text-center">
        <div
          aria-hidden="true"
          className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700"
        >
          ✓
        </div>
        <h1 id="confirmed-title" className="text-3xl font-bold">
          {t('confirmedTitle')}
        </h1>
        <p className="mt-2 text-slate-700">{t('thanks', { name: order.customerName })}</p>
      </div>

      <OrderView order={order} />

      <div className="mt-6 rounded-lg bg-brand-50 p-5 text-sm text-slate-800">
        <h2 className="font-semibold">{t('whatsNext')}</h2>
        <p className="mt-1">
          {order.shippingMethod === 'pickup'
            ? t('emailSentPickup', { email: order.customerEmail })
            : t('emailSentShips', { email: order.customerEmail })}
        </p>
      </div>

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('outline')}>
          {t('backHome')}
        </Link>
        {/* A guest has no account page: their orders open by reference and e-mail. */}
        <Link
          to={user ? '/account' : lookupPath(order.orderReference)}
          state={user ? undefined : { email: order.customerEmail }}
          className={buttonClasses('primary')}
        >
          {t('viewMyOrders')}
        </Link>
      </div>
    </section>
  );
}

/** A paid order opened without its token: status and total only; its details open with the e-mail. */
function SummaryView({ order }: { order: Extract<OrderAnswer, { detailsHidden: true }> }) {
  const user = useSignedInUser();
  const t = useT(confirmationMessages);
  const locale = useLocale();
  return (
    <section aria-labelledby="confirmed-title" data-testid="order-confirmed">
      <div className="text-center">
        <h1 id="confirmed-title" className="text-3xl font-bold">
          {t('confirmedTitle')}
        </h1>
        <p className="mt-2 text-slate-700">{t('thanksNoName')}</p>
        <p className="mt-4 text-slate-700" data-testid="order-summary">
          {t('summaryText', {
            reference: order.orderReference,
            total: `${formatMoney(order.total, locale)} ${order.currency}`,
          })}
        </p>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('outline')}>
          {t('backHome')}
        </Link>
        <Link to={user ? '/account' : lookupPath(order.orderReference)} className={buttonClasses('primary')}>
          {t('viewMyOrders')}
        </Link>
      </div>
    </section>
  );
}

function FailureView({ message }: { message: string }) {
  const t = useT(confirmationMessages);
  return (
    <section
      className="rounded-lg border border-red-200 bg-red-50 p-8 text-center"
      aria-labelledby="failed-title"
      data-testid="payment-failed"
    >
      <h1 id="failed-title" className="text-2xl font-bold text-red-800">
        {t('failedTitle')}
      </h1>
      <p className="mt-2 text-red-900">{message}</p>
      <p className="mt-2 text-sm text-slate-700">{t('cartStillSaved')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('outline')}>
          {t('backHome')}
        </Link>
        <Link to="/checkout" className={buttonClasses('primary')}>
          {t('tryAgain')}
        </Link>
      </div>
    </section>
  );
}
