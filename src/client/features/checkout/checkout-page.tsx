// /checkout. The cart is the browser's (localStorage), so the server and hydration render the page's
// frame and a skeleton; once the cart is read, an empty cart says so and a cart with items gets the form
// (checkout-form.tsx), a chunk of its own that the browser fetches after hydrating: its sections, figures,
// submission and their messages stay out of the first download
// (docs/decisions/0591-checkout-form-after-hydration.md).
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { useT } from '~/client/lib/i18n';
import { useCart, useGiftCardLines } from '~/client/features/cart';
import { CheckoutFrame } from './checkout-frame';
import { checkoutMessages } from './checkout.messages';

const CheckoutForm = lazy(async () => ({ default: (await import('./checkout-form')).CheckoutForm }));

export function CheckoutPage() {
  const cart = useCart();
  const cards = useGiftCardLines();
  if (!cart.ready) return <CheckoutLoading />;
  if (cart.items.length === 0 && cards.length === 0) return <EmptyCheckout />;
  return (
    <Suspense fallback={<CheckoutLoading />}>
      <CheckoutForm />
    </Suspense>
  );
}

/** Until the browser's cart is read (the server render and hydration). */
function CheckoutLoading() {
  return (
    <CheckoutFrame width="max-w-7xl">
      <div aria-busy="true" className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
        <Skeleton className="h-64 w-full" />
      </div>
    </CheckoutFrame>
  );
}

function EmptyCheckout() {
  const t = useT(checkoutMessages);
  return (
    <CheckoutFrame width="max-w-3xl">
      <div
        role="alert"
        className="rounded-lg border border-amber-300 bg-amber-50 p-6"
        data-testid="checkout-empty"
      >
        <h2 className="text-lg font-semibold text-amber-900">{t('emptyTitle')}</h2>
        <p className="mt-1 text-amber-900">{t('emptyText')}</p>
        <Link to="/categories" className={buttonClasses('primary', 'md', 'mt-4')}>
          {t('continueShopping')}
        </Link>
      </div>
    </CheckoutFrame>
  );
}
