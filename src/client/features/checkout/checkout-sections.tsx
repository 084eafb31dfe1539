// The checkout form's sections, each bound to the form state (use-checkout-form.ts): customer,
// shipping address, shipping method, notes and account options.
import { useQuery } from '@tanstack/react-query';
import { COUNTRIES, PROVINCES, SHIPPING_METHOD_LABELS, type ShippingMethod } from '~/shared/constants';
import { formatMoney } from '~/shared/money';
import { deliveryDaysOf, deliveryWindowText } from '~/shared/orders';
import { DEFAULT_SHIPPING } from '~/shared/pricing';
import { NOTES_MAX } from '~/shared/checkout';
import { FieldError, SelectField, TextAreaField, TextField } from '~/client/components/ui/form-fields';
import type { CurrentUser } from '~/client/features/auth';
import { type ShippingSettings, taxRatesQueryOptions } from '~/client/features/cart';
import type { CheckoutFormState } from './use-checkout-form';

/** Shown under the address when it is outside Canada and prices are in Canadian dollars. */
export const FOREIGN_CURRENCY_NOTICE =
  'All prices are in Canadian dollars (CAD); your card issuer converts the total into your own currency.';

type FormProps = { form: CheckoutFormState };

export function CustomerSection({ form }: FormProps) {
  const { errors, text } = form;
  return (
    <section aria-labelledby="customer-info" className="rounded-lg border border-slate-200 p-5">
      <h2 id="customer-info" className="mb-4 text-lg font-semibold">
        Customer Information
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName}
          {...text('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName}
          {...text('lastName')}
        />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email} {...text('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone} {...text('phone')} />
      </div>
    </section>
  );
}

export function ShippingAddressSection({ form, currency }: FormProps & { currency: string }) {
  const { errors, text, values } = form;
  const canada = values.country === 'Canada';
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
        Shipping Information
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Address Line 1"
          autoComplete="address-line1"
          className="sm:col-span-2"
          error={errors.addressLine1}
          {...text('addressLine1')}
        />
        <TextField
          label="Address Line 2"
          optional
          autoComplete="address-line2"
          className="sm:col-span-2"
          error={errors.addressLine2}
          {...text('addressLine2')}
        />
        <TextField label="City" autoComplete="address-level2" error={errors.city} {...text('city')} />
        {canada ? (
          <SelectField label="Province" autoComplete="address-level1" error={errors.state} {...text('state')}>
            <option value="">Select a province</option>
            {provinces.map((p) => (
              <option key={p.code} value={p.code}>
                {p.code} - {p.name}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField label="State" autoComplete="address-level1" error={errors.state} {...text('state')} />
        )}
        <TextField
          label={canada ? 'Postal Code' : 'ZIP Code'}
          autoComplete="postal-code"
          error={errors.zipCode}
          {...text('zipCode')}
        />
        <SelectField label="Country" autoComplete="country-name" error={errors.country} {...text('country')}>
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      </div>
      {!canada && currency === 'CAD' && (
        <p className="mt-3 text-sm text-slate-700" data-testid="currency-notice">
          {FOREIGN_CURRENCY_NOTICE}
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
  const methods = (['pickup', 'standard', 'express'] as const).filter(
    (m) => m !== 'pickup' || (shipping?.pickupAvailable ?? false),
  );
  const hints: Record<ShippingMethod, string | null> = {
    pickup: 'Pick up your order at our store',
    standard: deliveryWindowText('standard', deliveryDaysOf(shipping)),
    express: deliveryWindowText('express', deliveryDaysOf(shipping)),
  };
  const price = (m: ShippingMethod) =>
    m === 'pickup'
      ? 'Free'
      : formatMoney(
          m === 'express'
            ? (shipping?.expressPrice ?? DEFAULT_SHIPPING.expressPrice)
            : (shipping?.standardPrice ?? DEFAULT_SHIPPING.standardPrice),
        );
  return (
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
            <input className="h-4 w-4 accent-brand-600" {...radio('shippingMethod', m)} />
            <span className="flex-1">
              <span className="block font-medium">{SHIPPING_METHOD_LABELS[m]}</span>
              <span className="block text-sm text-slate-600">{hints[m]}</span>
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
  return (
    <section aria-labelledby="order-notes" className="rounded-lg border border-slate-200 p-5">
      <h2 id="order-notes" className="mb-4 text-lg font-semibold">
        Order Notes
      </h2>
      <TextAreaField
        label="Notes"
        optional
        placeholder="Delivery instructions or anything we should know"
        maxLength={NOTES_MAX}
        error={form.errors.notes}
        {...form.text('notes')}
      />
    </section>
  );
}

export function AccountSection({ form, user }: FormProps & { user: CurrentUser | null }) {
  const { errors, text, values } = form;
  return (
    <section aria-labelledby="account-options" className="rounded-lg border border-slate-200 p-5">
      <h2 id="account-options" className="mb-4 text-lg font-semibold">
        Account Options
      </h2>
      {user ? (
        <>
          <p className="text-sm text-slate-700">
            Signed in as <strong>{user.username}</strong>. This order will appear in your account.
          </p>
          <label className="mt-3 flex min-h-11 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name="saveToProfile"
              className="h-4 w-4 accent-brand-600"
              checked={form.saveToProfile}
              onChange={(e) => form.setSaveToProfile(e.target.checked)}
            />
            Save this address to my profile
          </label>
        </>
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input className="h-4 w-4 accent-brand-600" {...form.checkbox('createAccount')} />
            Create an account to track your order
          </label>
          {values.createAccount && (
            <div className="mt-4 grid gap-4 sm:grid-cols-3">
              <TextField
                label="Username"
                autoComplete="username"
                error={errors.username}
                {...text('username')}
              />
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                error={errors.password}
                {...text('password')}
              />
              <TextField
                label="Confirm Password"
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
