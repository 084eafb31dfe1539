// The checkout form's state: its values, its field messages and its submission, checked with the shared
// CheckoutFormSchema. A small hook instead of react-hook-form keeps the form library out of the
// checkout's first download (docs/decisions/0185-checkout-form-without-react-hook-form.md). It behaves
// as the form did: nothing is checked before the first submission; after it, a field's message follows
// each change of that field; a refused submission shows every message and focuses the first field named.
import { OUTSIDE_CANADA, readEstimateProvince } from '~/client/features/cart';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { checkoutFormDefaults, SHIPPING_METHOD_PLACEHOLDER } from '~/shared/checkout';
import type { CheckoutForm, CheckoutFormInput } from '~/shared/schemas/checkout';
import { toast } from '~/client/components/ui/toast-store';
import { useT } from '~/client/lib/i18n';
import type { CurrentUser } from '~/client/features/auth';
import { useQuery } from '@tanstack/react-query';
import type { SavedCheckoutDetails } from '~/shared/schemas/saved-checkout';
import { checkCheckoutForm, type FieldMessages, loadCheckoutSchema } from './check-checkout-form';
import { savedCheckoutQueryOptions } from './api';
import { checkoutMessages } from './checkout.messages';
import { readTypedCheckout, rememberTypedCheckout } from './remembered-checkout';

export type CheckoutValues = Required<CheckoutFormInput>;
export type CheckoutField = keyof CheckoutValues;
type TextField = { [K in CheckoutField]: CheckoutValues[K] extends string ? K : never }[CheckoutField];

/** The fields in the order the page shows them: the first one with a message gets the focus. */
const FIELD_ORDER = Object.keys(checkoutFormDefaults) as CheckoutField[];
const ACCOUNT_FIELDS = ['username', 'password', 'confirmPassword'] as const;
/** The fields a saved profile fills; any of them typed already, and the saved address stays out. */
const SAVED_ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'addressLine1',
  'addressLine2',
  'city',
  'zipCode',
] as const;

type ControlEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

type FormContext = {
  /** The form is on screen (the cart is read and not empty). */
  shown: boolean;
  user: CurrentUser | null;
  /** Whether the store offers pickup; undefined until the shipping settings are known. */
  pickupAvailable: boolean | undefined;
  /**
   * The cart holds gift cards alone: nothing ships, so the order goes as pickup with no address and
   * no method is asked for (docs/decisions/0534-gift-card-sales.md).
   */
  cardsOnly?: boolean;
};

/** The values checked and sent: a gift-card-only order is a pickup order whatever the form says. */
const asSent = (values: CheckoutValues, cardsOnly: boolean): CheckoutValues =>
  cardsOnly ? { ...values, shippingMethod: 'pickup' } : values;

export function useCheckoutForm({ shown, user, pickupAvailable, cardsOnly = false }: FormContext) {
  const [values, setValues] = useState<CheckoutValues>(checkoutFormDefaults as CheckoutValues);
  const [errors, setErrors] = useState<FieldMessages>({});
  // Read by the submission and by checks that run after a change, which must see the latest values.
  const current = useRef(values);
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const t = useT(checkoutMessages);

  // Fields changed since their last check: a check answers for all of them, the latest one only.
  const unchecked = useRef(new Set<CheckoutField>());
  // Whether this tab's kept form has been read: until then nothing is written over it.
  const restored = useRef(false);
  const [saveToProfile, setSaveToProfile] = useState(false);
  const saved = useQuery({ ...savedCheckoutQueryOptions(), enabled: !!user }).data?.details ?? null;
  const onlyCards = useRef(cardsOnly);
  onlyCards.current = cardsOnly;

  const update = useCallback((next: CheckoutValues, changed: CheckoutField) => {
    current.current = next;
    setValues(next);
    // After the first submission a changed field is checked again, alone (its neighbours' messages stay).
    if (!submitted.current) return;
    unchecked.current.add(changed);
    checkCheckoutForm(asSent(next, onlyCards.current))
      .then((result) => {
        if (current.current !== next) return;
        const messages = result.success ? {} : result.errors;
        const names = [...unchecked.current];
        unchecked.current.clear();
        setErrors((old) => {
          const merged = { ...old };
          for (const name of names) merged[name] = messages[name];
          return merged;
        });
      })
      // The schema could not be downloaded (offline for a moment): the next change or submission asks again.
      .catch(() => {});
  }, []);

  /** Sets a value as the page does (not the shopper): nothing is checked again. */
  const setValue = useCallback(<K extends CheckoutField>(name: K, value: CheckoutValues[K]) => {
    const next = { ...current.current, [name]: value };
    current.current = next;
    setValues(next);
  }, []);

  /** The shopper's change, with the form's own rules: a new country empties the province or state,
   *  and unticking 'create an account' empties its three fields and their messages. */
  const change = useCallback(
    <K extends CheckoutField>(name: K, value: CheckoutValues[K]) => {
      const next = { ...current.current, [name]: value };
      if (name === 'country') next.state = '';
      if (name === 'createAccount' && !value) {
        for (const f of ACCOUNT_FIELDS) next[f] = '';
        setErrors((old) => ({
          ...old,
          username: undefined,
          password: undefined,
          confirmPassword: undefined,
        }));
      }
      update(next, name);
    },
    [update],
  );

  // The schema is fetched once the form is shown, which on a first visit is after hydrating (the cart is
  // read in the browser), so it is ready before the shopper has filled anything in.
  useEffect(() => {
    if (shown) loadCheckoutSchema().catch(() => {});
  }, [shown]);

  // What this tab typed before (Back from the payment page, a declined payment, a reload) comes back
  // first; it is read in the browser only, after hydrating (docs/decisions/0282-remembered-checkout.md).
  useEffect(() => {
    const kept = readTypedCheckout();
    restored.current = true;
    // The province the cart's tax was estimated for starts a blank address, so checkout does not
    // contradict the cart's figure without the shopper changing it (docs/decisions/0501).
    const estimate = readEstimateProvince();
    const fromCart: Partial<CheckoutValues> =
      estimate === OUTSIDE_CANADA
        ? { country: 'US', state: '' }
        : estimate
          ? { country: 'Canada', state: estimate }
          : {};
    if (!kept && !estimate) return;
    const next = { ...current.current, ...(kept ?? {}) };
    if (!next.state) Object.assign(next, fromCart);
    current.current = next;
    setValues(next);
  }, []);

  // Every change is kept for this tab.
  useEffect(() => {
    if (restored.current && values) rememberTypedCheckout(current.current);
  }, [values]);

  // A signed-in customer's saved name, phone and address fill the form, unless the shopper already
  // typed an address (theirs wins); everything stays editable.
  useEffect(() => {
    if (!saved) return;
    const now = current.current;
    const next = { ...now };
    if (!SAVED_ADDRESS_FIELDS.some((f) => now[f].trim() !== '')) Object.assign(next, fillFrom(saved));
    if (!now.phone) next.phone = saved.phone;
    current.current = next;
    setValues(next);
  }, [saved]);

  // A signed-in shopper starts with their e-mail and phone.
  useEffect(() => {
    if (!user) return;
    if (!current.current.email) setValue('email', user.email);
    if (!current.current.phone && user.phone) setValue('phone', user.phone);
  }, [user, setValue]);

  // Pickup switched off while it was chosen: the shopper must choose again.
  useEffect(() => {
    if (values.shippingMethod === 'pickup' && pickupAvailable === false && !cardsOnly) {
      setValue('shippingMethod', SHIPPING_METHOD_PLACEHOLDER);
      toast({
        title: t('methodUnavailableTitle'),
        description: t('methodUnavailableText'),
        variant: 'destructive',
      });
    }
  }, [values.shippingMethod, pickupAvailable, cardsOnly, setValue, t]);

  /** A text box, text area or select bound to a field. */
  const text = (name: TextField) => ({
    name,
    value: values[name],
    onChange: (e: ControlEvent) => change(name, e.target.value as CheckoutValues[typeof name]),
  });

  /** One radio button of a field. */
  const radio = (name: TextField, value: string) => ({
    type: 'radio' as const,
    name,
    value,
    checked: values[name] === value,
    onChange: () => change(name, value as CheckoutValues[typeof name]),
  });

  /** The 'create an account' box. */
  const checkbox = (name: 'createAccount') => ({
    type: 'checkbox' as const,
    name,
    checked: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => change(name, e.target.checked),
  });

  /** Checks every field; valid, hands the parsed values on, otherwise shows the messages. */
  const handleSubmit =
    (onValid: (values: CheckoutForm) => unknown, onInvalid: (errors: FieldMessages) => unknown) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submitted.current = true;
      const result = await checkCheckoutForm(asSent(current.current, onlyCards.current));
      if (result.success) {
        setErrors({});
        return onValid(result.data);
      }
      setErrors(result.errors);
      focusFirst(formRef.current, result.errors);
      return onInvalid(result.errors);
    };

  return {
    values,
    errors,
    formRef,
    text,
    radio,
    checkbox,
    setValue,
    getValues: () => current.current,
    handleSubmit,
    /** 'Save this address to my profile' (signed-in customers). */
    saveToProfile,
    setSaveToProfile,
  };
}

/** The form's fields from saved details. */
function fillFrom(saved: SavedCheckoutDetails): Partial<CheckoutValues> {
  return {
    firstName: saved.firstName,
    lastName: saved.lastName,
    addressLine1: saved.addressLine1,
    addressLine2: saved.addressLine2 ?? '',
    city: saved.city,
    state: saved.state,
    zipCode: saved.zipCode,
    country: saved.country,
  };
}

export type CheckoutFormState = ReturnType<typeof useCheckoutForm>;

function focusFirst(form: HTMLFormElement | null, errors: FieldMessages) {
  const name = FIELD_ORDER.find((f) => errors[f]);
  if (!form || !name) return;
  // A group of radio buttons answers a list: its first button takes the focus.
  const control = form.elements.namedItem(name);
  const target = control instanceof Element ? control : control?.[0];
  if (target instanceof HTMLElement) target.focus();
}
