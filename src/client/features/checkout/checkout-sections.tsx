// The checkout form's sections, each bound to the form state (use-checkout-form.ts): customer,
// shipping address, shipping method, notes and account options.
import { useQuery } from '@tanstack/react-query';
import { COUNTRIES, PROVINCES, provinceName, type ShippingMethod } from '~/shared/constants';
import { formatMoney } from '~/shared/money';
import { deliveryDaysOf, deliveryWindowText, shippingMethodLabel } from '~/shared/orders';
import { DEFAULT_SHIPPING } from '~/shared/pricing';
import { NOTES_MAX } from '~/shared/checkout';
import { FieldError, SelectField, TextAreaField, TextField } from '~/client/components/ui/form-fields';
import { PickupPlace } from '~/client/components/ui/pickup-place';
import { useLocale, useT } from '~/client/lib/i18n';
import type { CurrentUser } from '~/client/features/auth';
import { type ShippingSettings, taxRatesQueryOptions } from '~/client/features/cart';
import { checkoutMessages } from './checkout.messages';
import type { CheckoutFormState } from './use-checkout-form';

/** The country names shown (the value sent stays the stored English name). */
const COUNTRY_KEYS = { Canada: 'countryCanada', US: 'countryUs' } as const;

type FormProps = { form: CheckoutFormState };

export function CustomerSection({ form }: FormProps) {
  const { errors, text } = form;
  const t = useT(checkoutMessages);
  return (
    <section aria-labelledby="customer-info" className="rounded-lg border border-slate-200 p-5">
      <h2 id="customer-info" className="mb-4 text-lg font-semibold">
        {t('customerInformation')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('firstName')}
          autoComplete="given-name"
          error={errors.firstName}
          {...text('firstName')}
        />
        <TextField
          label={t('lastName')}
          autoComplete="family-name"
          error={errors.lastName}
          {...text('lastName')}
        />
        <TextField
          label={t('email')}
          type="email"
          autoComplete="email"
          error={errors.email}
          {...text('email')}
        />
        <TextField label={t('phone')} type="tel" autoComplete="tel" error={errors.phone} {...text('phone')} />
      </div>
    </section>
  );
}

export function ShippingAddressSection({ form, currency }: FormProps & { currency: string }) {
  const { errors, text, values } = form;
  const canada = values.country === 'Canada';
  const t = useT(checkoutMessages);
  const locale = useLocale();
  // Only the provinces the store ships to: /api/taxes lists the active ones (a province switched off is
  // refused by the server, docs/decisions/0211-inactive-provinces.md). The one already chosen stays listed.
  const taxes = useQuery(taxRatesQueryOptions());
  const provinces =
    taxes.data && taxes.data.length > 0
      ? PROVINCES.filter((p) => p.code === values.state || taxes.data.some((r) => r.provinceCode === p.code))
      : PROVINCES;
  return (
    <section aria-labelledby="shipping-info" className="rounded-lg border border-slate-200 p-5">
      <h2 id="shipping-info" className="mb-4 text-lg font-semibold">
        {t('shippingInformation')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('addressLine1')}
          autoComplete="address-line1"
          className="sm:col-span-2"
          error={errors.addressLine1}
          {...text('addressLine1')}
        />
        <TextField
          label={t('addressLine2')}
          optional
          autoComplete="address-line2"
          className="sm:col-span-2"
          error={errors.addressLine2}
          {...text('addressLine2')}
        />
        <TextField label={t('city')} autoComplete="address-level2" error={errors.city} {...text('city')} />
        {canada ? (
          <SelectField
            label={t('province')}
            autoComplete="address-level1"
            error={errors.state}
            {...text('state')}
          >
            <option value="">{t('selectProvince')}</option>
            {provinces.map((p) => (
              <option key={p.code} value={p.code}>
                {p.code} - {provinceName(p.code, locale)}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label={t('state')}
            autoComplete="address-level1"
            error={errors.state}
            {...text('state')}
          />
        )}
        <TextField
          label={canada ? t('postalCode') : t('zipCode')}
          autoComplete="postal-code"
          error={errors.zipCode}
          {...text('zipCode')}
        />
        <SelectField
          label={t('country')}
          autoComplete="country-name"
          error={errors.country}
          {...text('country')}
        >
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {t(COUNTRY_KEYS[c])}
            </option>
          ))}
        </SelectField>
      </div>
      {!canada && currency === 'CAD' && (
        <p className="mt-3 text-sm text-slate-700" data-testid="currency-notice">
          {t('foreignCurrencyNotice')}
        </p>
      )}
    </section>
  );
}

export function ShippingMethodSection({
  form,
  shipping,
}: FormProps & { shipping: ShippingSettings | undefined }) {
  const { errors, radio } = form;
  const t = useT(checkoutMessages);
  const locale = useLocale();
  const methods = (['pickup', 'standard', 'express'] as const).filter(
    (m) => m !== 'pickup' || (shipping?.pickupAvailable ?? false),
  );
  const hints: Record<ShippingMethod, string | null> = {
    pickup: t('pickupHint'),
    standard: deliveryWindowText('standard', deliveryDaysOf(shipping), undefined, locale),
    express: deliveryWindowText('express', deliveryDaysOf(shipping), undefined, locale),
  };
  const price = (m: ShippingMethod) =>
    m === 'pickup'
      ? t('free')
      : formatMoney(
          m === 'express'
            ? (shipping?.expressPrice ?? DEFAULT_SHIPPING.expressPrice)
            : (shipping?.standardPrice ?? DEFAULT_SHIPPING.standardPrice),
          locale,
        );
  return (
    <fieldset
      className="rounded-lg border border-slate-200 p-5"
      aria-describedby={errors.shippingMethod ? 'shipping-method-error' : undefined}
    >
      <legend className="px-1 text-lg font-semibold">{t('shippingMethod')}</legend>
      <div className="mt-2 grid gap-3">
        {methods.map((m) => (
          <label
            key={m}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input className="h-4 w-4 accent-brand-600" {...radio('shippingMethod', m)} />
            <span className="flex-1">
              <span className="block font-medium">{shippingMethodLabel(m, locale)}</span>
              <span className="block text-sm text-slate-600">{hints[m]}</span>
              {m === 'pickup' && (
                <span className="mt-1 block">
                  <PickupPlace settings={shipping} compact />
                </span>
              )}
            </span>
            <span className="font-medium">{price(m)}</span>
          </label>
        ))}
      </div>
      {errors.shippingMethod && (
        <FieldError id="shipping-method-error" message={errors.shippingMethod} className="mt-2" />
      )}
    </fieldset>
  );
}

export function NotesSection({ form }: FormProps) {
  const t = useT(checkoutMessages);
  return (
    <section aria-labelledby="order-notes" className="rounded-lg border border-slate-200 p-5">
      <h2 id="order-notes" className="mb-4 text-lg font-semibold">
        {t('orderNotes')}
      </h2>
      <TextAreaField
        label={t('notes')}
        optional
        placeholder={t('notesPlaceholder')}
        maxLength={NOTES_MAX}
        error={form.errors.notes}
        {...form.text('notes')}
      />
    </section>
  );
}

export function AccountSection({ form, user }: FormProps & { user: CurrentUser | null }) {
  const { errors, text, values } = form;
  const t = useT(checkoutMessages);
  return (
    <section aria-labelledby="account-options" className="rounded-lg border border-slate-200 p-5">
      <h2 id="account-options" className="mb-4 text-lg font-semibold">
        {t('accountOptions')}
      </h2>
      {user ? (
        <>
          <p className="text-sm text-slate-700">
            {t('signedInAs')} <strong>{user.username}</strong>. {t('orderInAccount')}
          </p>
          <label className="mt-3 flex min-h-11 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name="saveToProfile"
              className="h-4 w-4 accent-brand-600"
              checked={form.saveToProfile}
              onChange={(e) => form.setSaveToProfile(e.target.checked)}
            />
            {t('saveToProfile')}
          </label>
        </>
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input className="h-4 w-4 accent-brand-600" {...form.checkbox('createAccount')} />
            {t('createAccount')}
          </label>
          {values.createAccount && (
            <div className="mt-4 grid gap-4 sm:grid-cols-3">
              <TextField
                label={t('username')}
                autoComplete="username"
                error={errors.username}
                {...text('username')}
              />
              <TextField
                label={t('password')}
                type="password"
                autoComplete="new-password"
                error={errors.password}
                {...text('password')}
              />
              <TextField
                label={t('confirmPassword')}
                type="password"
                autoComplete="new-password"
                error={errors.confirmPassword}
                {...text('confirmPassword')}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
