// /checkout: customer and shipping information, the shipping
// method, notes, optional account creation, and the sticky Order Summary. Submitting creates the order
// and the hosted checkout, stores the pending order id and a cart backup, and goes to the payment page
// 200 ms later.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { COUNTRIES, PROVINCES, SHIPPING_METHOD_LABELS } from '~/shared/constants';
import { centsToString, formatMoney, toCents } from '~/shared/money';
import { deliveryDaysOf, deliveryWindowText } from '~/shared/orders';
import { DEFAULT_SHIPPING, discountLabel } from '~/shared/pricing';
import {
  CHECKOUT_CLOSED,
  type CheckoutForm,
  type CheckoutFormInput,
  CheckoutFormSchema,
  type CreateCheckout,
  type CreateCheckoutResponse,
  type CurrentFigures,
  checkoutFormDefaults,
  isShippingMethod,
  NOT_YOUR_ACCOUNT,
  NOTES_MAX,
  SHIPPING_METHOD_PLACEHOLDER,
} from '~/shared/schemas/checkout';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { Seo } from '~/client/lib/head';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { meQueryOptions } from '~/client/features/auth/api';
import { register } from '~/client/features/auth/sign-in';
import { shippingSettingsQueryOptions } from '~/client/features/cart/api';
import { addItem, backupCart, type CartItem, removeItem, useCart } from '~/client/features/cart/cart-store';
import { OrderSummary, useOrderSummary } from '~/client/features/cart/order-summary';
import { QuoteNotice, useCartQuote } from '~/client/features/cart/use-cart-quote';
import { createCheckout, currentFiguresOf } from './api';
import { SelectField, TextAreaField, TextField } from '~/client/components/ui/form-fields';

export const REDIRECT_DELAY_MS = 200;
/** Shown under the address when it is outside Canada and prices are in Canadian dollars. */
export const FOREIGN_CURRENCY_NOTICE =
  'All prices are in Canadian dollars (CAD); your card issuer converts the total into your own currency.';
/** Leaving for the payment page (replaceable in tests: jsdom cannot navigate). */
export const paymentRedirect = { go: (url: string) => window.location.assign(url) };
const CHECKOUT_FAILED_DEFAULT = 'There was a problem processing your checkout. Please try again.';

function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a set of server figures was computed for: they apply only while this is unchanged. */
function inputsSignature(items: readonly CartItem[], method: string, country: string, state: string): string {
  return JSON.stringify([
    items.map((i) => [i.productId, i.quantity]),
    method,
    country,
    state.trim().toUpperCase(),
  ]);
}

/** Brings the cart's prices in line with the server's (the Order Summary then shows the right figures). */
function applyCurrentPrices(items: readonly CartItem[], current: CurrentFigures) {
  const differs = items.some((i) => {
    const c = current.items.find((x) => x.productId === i.productId);
    return (
      c &&
      (c.price !== i.price ||
        c.compareAtPrice !== i.compareAtPrice ||
        c.discountApplied !== i.discountApplied)
    );
  });
  if (!differs) return;
  // Rebuilt in the same order; the stock limit is left to the server, which has just answered.
  for (const i of items) removeItem(i.productId, { notify: false });
  for (const i of items) {
    const c = current.items.find((x) => x.productId === i.productId);
    const { quantity, ...rest } = i;
    addItem(
      c
        ? {
            ...rest,
            price: c.price,
            compareAtPrice: c.compareAtPrice,
            discountApplied: c.discountApplied,
            stock: null,
          }
        : { ...rest, stock: null },
      quantity,
      { notify: false },
    );
  }
}

type ServerFigures = { signature: string; figures: CurrentFigures; message: string };

export function CheckoutPage() {
  const cart = useCart();
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());
  const shipping = useQuery(shippingSettingsQueryOptions());
  const form = useForm<CheckoutFormInput, unknown, CheckoutForm>({
    resolver: zodResolver(CheckoutFormSchema),
    defaultValues: checkoutFormDefaults,
  });
  const { errors } = form.formState;
  const country = form.watch('country') ?? 'Canada';
  const currency = useQuery(siteConfigQueryOptions()).data?.currency ?? 'CAD';
  const state = form.watch('state') ?? '';
  const method = form.watch('shippingMethod') ?? SHIPPING_METHOD_PLACEHOLDER;
  const createAccount = form.watch('createAccount') ?? false;
  const summary = useOrderSummary({
    mode: 'checkout',
    shippingMethod: method,
    province: country === 'Canada' ? state : null,
    country,
  });
  // Today's prices and stock, asked for on opening and on every change (docs/decisions/0131-cart-quote.md).
  const { changes } = useCartQuote({ shippingMethod: method, country, province: state });
  const [busy, setBusy] = useState(false);
  const [serverFigures, setServerFigures] = useState<ServerFigures | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const user = me.data ?? null;
  const pickupAvailable = shipping.data?.pickupAvailable ?? false;
  const signature = inputsSignature(cart.items, method, country, state);
  const figuresApply = serverFigures !== null && serverFigures.signature === signature;

  // Back from the payment page through the browser's history: the page may come from its cache, busy,
  // and its key belongs to the order just declined (or paid): the next press is a new checkout.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setBusy(false);
      idempotencyKey.current = null;
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  // A signed-in shopper starts with their e-mail and phone.
  useEffect(() => {
    if (!user) return;
    if (!form.getValues('email')) form.setValue('email', user.email);
    if (!form.getValues('phone') && user.phone) form.setValue('phone', user.phone);
  }, [user, form]);

  // Pickup switched off while it was chosen: the shopper must choose again.
  useEffect(() => {
    if (method === 'pickup' && shipping.data && !shipping.data.pickupAvailable) {
      form.setValue('shippingMethod', SHIPPING_METHOD_PLACEHOLDER);
      toast({
        title: 'Shipping method required',
        description: 'Please select a shipping method before proceeding to payment.',
        variant: 'destructive',
      });
    }
  }, [method, shipping.data, form]);

  // Unticking 'create an account' clears its three fields.
  useEffect(() => {
    if (!createAccount) {
      for (const f of ['username', 'password', 'confirmPassword'] as const) {
        form.setValue(f, '');
        form.clearErrors(f);
      }
    }
  }, [createAccount, form]);

  const onCountryChange = (next: string) => {
    form.setValue('country', next as CheckoutFormInput['country']);
    form.setValue('state', '');
  };

  function buildRequest(values: CheckoutForm): CreateCheckout {
    const t = summary.totals;
    const figures = figuresApply
      ? serverFigures.figures
      : {
          subtotal: centsToString(t.subtotalCents),
          discountAmount: centsToString(t.discountCents),
          discountPercentage: t.discountPercentage,
          shippingCost: centsToString(t.shippingCents),
          taxRate: t.taxRate,
          taxAmount: centsToString(t.taxCents),
          total: centsToString(t.totalCents),
          items: [],
        };
    const instructions = cart.specialInstructions.trim();
    const notes = [values.notes?.trim(), instructions && `Special instructions: ${instructions}`]
      .filter(Boolean)
      .join('\n\n')
      .slice(0, NOTES_MAX);
    return {
      orderData: {
        customerName: `${values.firstName} ${values.lastName}`,
        customerEmail: values.email,
        customerPhone: values.phone,
        shippingAddress: {
          addressLine1: values.addressLine1,
          addressLine2: values.addressLine2?.trim() ? values.addressLine2.trim() : null,
          city: values.city,
          state: values.state,
          zipCode: values.zipCode,
          country: values.country,
        },
        shippingMethod: values.shippingMethod as CreateCheckout['orderData']['shippingMethod'],
        subtotal: figures.subtotal,
        discountAmount: figures.discountAmount,
        discountPercentage: figures.discountPercentage,
        taxRate: figures.taxRate,
        taxAmount: figures.taxAmount,
        shippingCost: figures.shippingCost,
        total: figures.total,
        paymentStatus: 'pending',
        status: 'pending',
        notes: notes || null,
        userId: user?.id ?? null,
      },
      items: cart.items.map((i) => {
        const c = figuresApply
          ? serverFigures.figures.items.find((x) => x.productId === i.productId)
          : undefined;
        return {
          productId: i.productId,
          name: i.name.slice(0, 500),
          price: c?.price ?? i.price,
          compareAtPrice: c ? c.compareAtPrice : i.compareAtPrice,
          quantity: i.quantity,
          discountApplied: c?.discountApplied ?? i.discountApplied,
          imageUrl: i.imageUrl && i.imageUrl.length <= 2000 ? i.imageUrl : null,
        };
      }),
    };
  }

  /**
   * Puts right a refusal that a second submission can fix; false when it cannot
   * (docs/decisions/0090).
   */
  async function recover(error: unknown, body: CreateCheckout): Promise<boolean> {
    const answer = error instanceof ApiError ? error.body : undefined;
    if (answer?.code === CHECKOUT_CLOSED) {
      // This key's order was declined or paid. A declined one is simply started again; a paid one is
      // not bought twice without the shopper seeing the server's 'already been paid' first.
      idempotencyKey.current = newIdempotencyKey();
      return answer.paymentStatus !== 'completed';
    }
    if (answer?.code === NOT_YOUR_ACCOUNT) {
      // The cached user is stale (session expired, or signed out in another tab): ask who is signed in.
      const current = await queryClient
        .fetchQuery({ ...meQueryOptions(), staleTime: 0 })
        .catch(() => undefined);
      if (current === undefined) return false;
      body.orderData.userId = current?.id ?? null;
      return true;
    }
    return false;
  }

  const onValid = async (values: CheckoutForm) => {
    if (!isShippingMethod(values.shippingMethod)) return onInvalid({});
    if (busy) return;
    setBusy(true);
    let signedInUser = user;
    if (values.createAccount && !signedInUser) {
      try {
        signedInUser = await register(queryClient, {
          username: values.username ?? '',
          email: values.email,
          password: values.password ?? '',
        });
        toast({
          title: 'Account Created',
          description:
            "Your account has been created successfully. You'll be able to track your orders in your account area.",
        });
      } catch {
        toast({
          title: 'Account Creation Failed',
          description: "We couldn't create your account, but your order will still be processed.",
          variant: 'destructive',
        });
      }
    }
    idempotencyKey.current ??= newIdempotencyKey();
    const body = buildRequest(values);
    if (signedInUser) body.orderData.userId = signedInUser.id;
    try {
      let answer: CreateCheckoutResponse;
      try {
        answer = await createCheckout(body, idempotencyKey.current);
      } catch (error) {
        if (!(await recover(error, body))) throw error;
        answer = await createCheckout(body, idempotencyKey.current);
      }
      backupCart(answer.orderId);
      window.setTimeout(() => paymentRedirect.go(answer.checkoutUrl), REDIRECT_DELAY_MS);
    } catch (error) {
      const current = currentFiguresOf(error);
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      if (current) {
        applyCurrentPrices(cart.items, current);
        setServerFigures({ signature, figures: current, message: message ?? CHECKOUT_FAILED_DEFAULT });
      }
      toast({
        title: 'Checkout failed',
        description: message ?? CHECKOUT_FAILED_DEFAULT,
        variant: 'destructive',
      });
      setBusy(false);
    }
  };

  const onInvalid = (formErrors: FieldErrors<CheckoutFormInput>) => {
    if (formErrors.shippingMethod || !isShippingMethod(form.getValues('shippingMethod'))) {
      toast({
        title: 'Shipping Method Required',
        description:
          'Please select a valid shipping method (Pickup, Standard, or Express) before proceeding.',
        variant: 'destructive',
      });
    }
  };

  const seo = <Seo title="Checkout" description="Complete your order." canonicalPath="/checkout" noIndex />;

  if (!cart.ready) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8">
        {seo}
        <h1 className="mb-6 text-3xl font-bold">Checkout</h1>
        <div aria-busy="true" className="grid gap-8 lg:grid-cols-[1fr_22rem]">
          <div className="space-y-4">
            <Skeleton className="h-48 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
          <Skeleton className="h-64 w-full" />
        </div>
      </div>
    );
  }

  if (cart.items.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        {seo}
        <h1 className="mb-6 text-3xl font-bold">Checkout</h1>
        <div
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-6"
          data-testid="checkout-empty"
        >
          <h2 className="text-lg font-semibold text-amber-900">Your cart is empty</h2>
          <p className="mt-1 text-amber-900">You need to add items to your cart before checking out.</p>
          <Link to="/categories" className={buttonClasses('primary', 'md', 'mt-4')}>
            Continue Shopping
          </Link>
        </div>
      </div>
    );
  }

  const methodPrice = (m: 'pickup' | 'standard' | 'express') =>
    m === 'pickup'
      ? 'Free'
      : formatMoney(
          m === 'express'
            ? (shipping.data?.expressPrice ?? DEFAULT_SHIPPING.expressPrice)
            : (shipping.data?.standardPrice ?? DEFAULT_SHIPPING.standardPrice),
        );
  const methods = (['pickup', 'standard', 'express'] as const).filter(
    (m) => m !== 'pickup' || pickupAvailable,
  );
  const methodHints = {
    pickup: 'Pick up your order at our store',
    standard: deliveryWindowText('standard', deliveryDaysOf(shipping.data)),
    express: deliveryWindowText('express', deliveryDaysOf(shipping.data)),
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {seo}
      <h1 className="mb-6 text-3xl font-bold">Checkout</h1>
      <form
        noValidate
        aria-label="Checkout"
        onSubmit={form.handleSubmit(onValid, onInvalid)}
        className="grid gap-8 lg:grid-cols-[1fr_22rem]"
      >
        <div className="space-y-6">
          <section aria-labelledby="customer-info" className="rounded-lg border border-slate-200 p-5">
            <h2 id="customer-info" className="mb-4 text-lg font-semibold">
              Customer Information
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="First Name"
                autoComplete="given-name"
                error={errors.firstName?.message}
                {...form.register('firstName')}
              />
              <TextField
                label="Last Name"
                autoComplete="family-name"
                error={errors.lastName?.message}
                {...form.register('lastName')}
              />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <TextField
                label="Phone"
                type="tel"
                autoComplete="tel"
                error={errors.phone?.message}
                {...form.register('phone')}
              />
            </div>
          </section>

          <section aria-labelledby="shipping-info" className="rounded-lg border border-slate-200 p-5">
            <h2 id="shipping-info" className="mb-4 text-lg font-semibold">
              Shipping Information
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Address Line 1"
                autoComplete="address-line1"
                className="sm:col-span-2"
                error={errors.addressLine1?.message}
                {...form.register('addressLine1')}
              />
              <TextField
                label="Address Line 2"
                optional
                autoComplete="address-line2"
                className="sm:col-span-2"
                error={errors.addressLine2?.message}
                {...form.register('addressLine2')}
              />
              <TextField
                label="City"
                autoComplete="address-level2"
                error={errors.city?.message}
                {...form.register('city')}
              />
              {country === 'Canada' ? (
                <SelectField
                  label="Province"
                  autoComplete="address-level1"
                  error={errors.state?.message}
                  {...form.register('state')}
                >
                  <option value="">Select a province</option>
                  {PROVINCES.map((p) => (
                    <option key={p.code} value={p.code}>
                      {p.code} - {p.name}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <TextField
                  label="State"
                  autoComplete="address-level1"
                  error={errors.state?.message}
                  {...form.register('state')}
                />
              )}
              <TextField
                label={country === 'Canada' ? 'Postal Code' : 'ZIP Code'}
                autoComplete="postal-code"
                error={errors.zipCode?.message}
                {...form.register('zipCode')}
              />
              <SelectField
                label="Country"
                autoComplete="country-name"
                error={errors.country?.message}
                {...form.register('country', { onChange: (e) => onCountryChange(e.target.value) })}
              >
                {COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
            </div>
            {country !== 'Canada' && currency === 'CAD' && (
              <p className="mt-3 text-sm text-slate-700" data-testid="currency-notice">
                {FOREIGN_CURRENCY_NOTICE}
              </p>
            )}
          </section>

          <fieldset
            className="rounded-lg border border-slate-200 p-5"
            aria-describedby={errors.shippingMethod ? 'shipping-method-error' : undefined}
          >
            <legend className="px-1 text-lg font-semibold">Shipping Method</legend>
            <div className="mt-2 grid gap-3">
              {methods.map((m) => (
                <label
                  key={m}
                  className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    value={m}
                    className="h-4 w-4 accent-brand-600"
                    {...form.register('shippingMethod')}
                  />
                  <span className="flex-1">
                    <span className="block font-medium">{SHIPPING_METHOD_LABELS[m]}</span>
                    <span className="block text-sm text-slate-600">{methodHints[m]}</span>
                  </span>
                  <span className="font-medium">{methodPrice(m)}</span>
                </label>
              ))}
            </div>
            {errors.shippingMethod && (
              <p id="shipping-method-error" className="mt-2 text-sm text-red-600" data-testid="field-error">
                {errors.shippingMethod.message}
              </p>
            )}
          </fieldset>

          <section aria-labelledby="order-notes" className="rounded-lg border border-slate-200 p-5">
            <h2 id="order-notes" className="mb-4 text-lg font-semibold">
              Order Notes
            </h2>
            <TextAreaField
              label="Notes"
              optional
              placeholder="Delivery instructions or anything we should know"
              maxLength={NOTES_MAX}
              error={errors.notes?.message}
              {...form.register('notes')}
            />
          </section>

          <section aria-labelledby="account-options" className="rounded-lg border border-slate-200 p-5">
            <h2 id="account-options" className="mb-4 text-lg font-semibold">
              Account Options
            </h2>
            {user ? (
              <p className="text-sm text-slate-700">
                Signed in as <strong>{user.username}</strong>. This order will appear in your account.
              </p>
            ) : (
              <>
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    {...form.register('createAccount')}
                  />
                  Create an account to track your order
                </label>
                {createAccount && (
                  <div className="mt-4 grid gap-4 sm:grid-cols-3">
                    <TextField
                      label="Username"
                      autoComplete="username"
                      error={errors.username?.message}
                      {...form.register('username')}
                    />
                    <TextField
                      label="Password"
                      type="password"
                      autoComplete="new-password"
                      error={errors.password?.message}
                      {...form.register('password')}
                    />
                    <TextField
                      label="Confirm Password"
                      type="password"
                      autoComplete="new-password"
                      error={errors.confirmPassword?.message}
                      {...form.register('confirmPassword')}
                    />
                  </div>
                )}
              </>
            )}
          </section>
        </div>

        <div className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          <QuoteNotice changes={changes} />
          <OrderSummary
            mode="checkout"
            shippingMethod={method}
            province={country === 'Canada' ? state : null}
            country={country}
          />
          {figuresApply && (
            <div
              role="alert"
              className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
              data-testid="current-figures"
            >
              <p className="font-semibold">{serverFigures.message}</p>
              <dl className="mt-2 space-y-1">
                <FigureRow label="Subtotal" value={formatMoney(serverFigures.figures.subtotal)} />
                {(toCents(serverFigures.figures.discountAmount) ?? 0) > 0 && (
                  <FigureRow
                    label={discountLabel(serverFigures.figures.discountPercentage)}
                    value={`-${formatMoney(serverFigures.figures.discountAmount)}`}
                  />
                )}
                <FigureRow label="Shipping" value={formatMoney(serverFigures.figures.shippingCost)} />
                <FigureRow
                  label={`Tax (${serverFigures.figures.taxRate}%)`}
                  value={formatMoney(serverFigures.figures.taxAmount)}
                />
                <FigureRow label="Total" value={formatMoney(serverFigures.figures.total)} strong />
              </dl>
              {serverFigures.figures.items
                .filter((i) => i.quantity > i.available)
                .map((i) => (
                  <p key={i.productId} className="mt-2">
                    {i.available > 0
                      ? `Only ${i.available} of "${i.name}" available.`
                      : `"${i.name}" is out of stock.`}
                  </p>
                ))}
            </div>
          )}
          <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
            {busy ? 'Processing...' : 'Continue to Payment'}
          </Button>
        </div>
      </form>
    </div>
  );
}

function FigureRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between font-bold' : 'flex justify-between'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
