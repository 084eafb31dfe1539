// Submitting the checkout: the account first when the shopper asked for one, then the order and the
// hosted checkout under an idempotency key (docs/decisions/0041), the refusals a second submission can
// put right (docs/decisions/0090), and the payment page 200 ms after the pending order is stored.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CHECKOUT_CLOSED, isShippingMethod, NOT_YOUR_ACCOUNT } from '~/shared/checkout';
import type { CheckoutForm, CreateCheckout, CreateCheckoutResponse } from '~/shared/schemas/checkout';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { useT } from '~/client/lib/i18n';
import { type CurrentUser, loadSignIn, meQueryOptions } from '~/client/features/auth';
import { backupCart, type CartItem, type GiftCardLine } from '~/client/features/cart';
import { createCheckout, currentFiguresOf, saveCheckoutDetails, savedCheckoutQueryOptions } from './api';
import { checkoutRequest } from './checkout-request';
import { checkoutMessages } from './checkout.messages';
import type { CheckoutFigures } from './use-checkout-figures';

export const REDIRECT_DELAY_MS = 200;
/** The server's code for gift card codes sent with gift cards bought (0534). */
const GIFT_CARD_FOR_GIFT_CARD = 'gift_card_for_gift_card';
/** Leaving for the payment page (replaceable in tests: jsdom cannot navigate). */
export const paymentRedirect = { go: (url: string) => window.location.assign(url) };

type T = ReturnType<typeof useT>;

function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function askForShippingMethod(t: T) {
  toast({
    title: t('methodRequiredTitle'),
    description: t('methodRequiredText'),
    variant: 'destructive',
  });
}

type SubmissionInput = {
  items: readonly CartItem[];
  /** The gift cards bought with the order (sent as `giftCards`; docs/decisions/0534-gift-card-sales.md). */
  giftCards?: readonly GiftCardLine[];
  /** The server refused the gift card codes (gift cards are not paid with gift cards): its message. */
  onCodesRefused?: (message: string) => void;
  specialInstructions: string;
  user: CurrentUser | null;
  figures: CheckoutFigures;
  /** The shipping method in the form now (a refused submission asks for one if it is not a real one). */
  currentMethod: () => string;
  /** Whether 'Save this address to my profile' is ticked. */
  saveToProfile: () => boolean;
  /**
   * The final-sale confirmation: `required` when the cart holds final-sale items; `refuse` shows why
   * the order was not sent when it was not given.
   */
  finalSale: { required: boolean; acknowledged: boolean; refuse: () => void };
  /** Whether the shopper ticked the marketing box (sent only when ticked). */
  marketingOptIn?: () => boolean;
  /** Whether the signed-in customer ticked 'Use my store credit' (sent only when ticked; 0531). */
  payWithStoreCredit?: () => boolean;
  /** The gift card codes typed (sent only when there are some; 0533). */
  giftCardCodes?: () => string[];
  /** The pickup slot chosen, sent with a pickup order (docs/decisions/0620-pickup-slots.md). */
  pickupSlotId?: () => number | null;
  /** The contract's acceptance box; `refuse` shows why the order was not sent when it is unticked. */
  contract: { accepted: boolean; refuse: () => void };
};

/** Saves the form's name, phone and address to the profile; the order goes on when it cannot be saved. */
async function saveToProfile(queryClient: ReturnType<typeof useQueryClient>, values: CheckoutForm, t: T) {
  try {
    await saveCheckoutDetails({
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
      addressLine1: values.addressLine1,
      addressLine2: values.addressLine2 ?? '',
      city: values.city,
      state: values.state,
      zipCode: values.zipCode,
      country: values.country,
    });
    // The profile's phone and address changed with them.
    await queryClient.invalidateQueries({ queryKey: savedCheckoutQueryOptions().queryKey });
    await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  } catch {
    toast({
      title: t('addressNotSavedTitle'),
      description: t('addressNotSavedText'),
      variant: 'destructive',
    });
  }
}

/**
 * Registers the account the shopper asked for. It is finished by the link e-mailed to them
 * (docs/decisions/0456-registration-does-not-tell-which-emails-have-accounts.md), so the order goes on as a
 * guest's either way; null always.
 */
async function createAccount(
  queryClient: ReturnType<typeof useQueryClient>,
  values: CheckoutForm,
  t: T,
): Promise<CurrentUser | null> {
  try {
    // Registration checks the answer with the auth schemas: loaded only by the shoppers who use it.
    const { register } = await loadSignIn();
    await register(queryClient, {
      username: values.username ?? '',
      email: values.email,
      password: values.password ?? '',
    });
    toast({
      title: t('accountPendingTitle'),
      description: t('accountPendingText'),
    });
  } catch {
    toast({
      title: t('accountFailedTitle'),
      description: t('accountFailedText'),
      variant: 'destructive',
    });
  }
  return null;
}

export function useCheckoutSubmission({
  items,
  giftCards = [],
  onCodesRefused,
  specialInstructions,
  user,
  figures,
  currentMethod,
  saveToProfile: saveTicked,
  finalSale,
  marketingOptIn,
  payWithStoreCredit,
  giftCardCodes,
  pickupSlotId,
  contract,
}: SubmissionInput) {
  const queryClient = useQueryClient();
  const t = useT(checkoutMessages);
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useRef<string | null>(null);

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

  /** Puts right a refusal that a second submission can fix; false when it cannot (docs/decisions/0090). */
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
    if (!isShippingMethod(values.shippingMethod)) return onInvalid();
    if (finalSale.required && !finalSale.acknowledged) return finalSale.refuse();
    if (!contract.accepted) return contract.refuse();
    if (busy) return;
    setBusy(true);
    let signedInUser = user;
    if (values.createAccount && !signedInUser) signedInUser = await createAccount(queryClient, values, t);
    // A pickup order has no address to save.
    else if (signedInUser && saveTicked() && values.shippingMethod !== 'pickup') {
      await saveToProfile(queryClient, values, t);
    }
    idempotencyKey.current ??= newIdempotencyKey();
    const body = checkoutRequest({
      values,
      items,
      specialInstructions,
      userId: signedInUser?.id ?? null,
      totals: figures.totals,
      server: figures.server?.figures ?? null,
      discountCode: figures.discountCode,
    });
    if (finalSale.required) body.orderData.finalSaleAcknowledged = true;
    if (marketingOptIn?.()) body.orderData.marketingOptIn = true;
    if (payWithStoreCredit?.() && signedInUser) body.useStoreCredit = true;
    if (giftCards.length > 0) {
      body.giftCards = giftCards.map((c) => ({
        amount: c.amount,
        quantity: c.quantity,
        recipientName: c.recipientName,
        recipientEmail: c.recipientEmail,
        ...(c.message ? { message: c.message } : {}),
      }));
    }
    const codes = giftCardCodes?.() ?? [];
    if (codes.length > 0) body.giftCardCodes = codes;
    const slot = values.shippingMethod === 'pickup' ? (pickupSlotId?.() ?? null) : null;
    if (slot !== null) body.orderData.pickupSlotId = slot;
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
      if (current) figures.adopt(current, message ?? t('checkoutFailedText'));
      if (error instanceof ApiError && error.body?.code === GIFT_CARD_FOR_GIFT_CARD && message) {
        onCodesRefused?.(message);
      }
      toast({
        title: t('checkoutFailedTitle'),
        description: message ?? t('checkoutFailedText'),
        variant: 'destructive',
      });
      setBusy(false);
    }
  };

  /** A refused form: a missing shipping method is also said in a toast. */
  const onInvalid = (errors: { shippingMethod?: string } = {}) => {
    if (errors.shippingMethod || !isShippingMethod(currentMethod())) askForShippingMethod(t);
  };

  return { busy, onValid, onInvalid };
}
