// The checkout's form: customer and shipping information, the shipping method, notes, optional account
// creation, store credit, gift cards, the consent, final-sale and contract boxes, and the sticky Order
// Summary. It composes the form state (use-checkout-form.ts), the figures (use-checkout-figures.ts) and the
// submission (use-checkout-submission.ts), which creates the order and the hosted checkout, stores the
// pending order id and a cart backup, and goes to the payment page 200 ms later. The cart is the browser's,
// so neither the server nor hydration renders this form: it is a chunk of its own, loaded after hydration
// (checkout-page.tsx, docs/decisions/0591-checkout-form-after-hydration.md).
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ConsentCheckbox } from '~/client/components/consent-checkbox';
import { useT } from '~/client/lib/i18n';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { meQueryOptions } from '~/client/features/auth';
import {
  type AppliedCode,
  giftCardLineMessages,
  shippingSettingsQueryOptions,
  useCart,
  useCartQuote,
  useGiftCardLines,
} from '~/client/features/cart';
import {
  AccountSection,
  CustomerSection,
  NotesSection,
  ShippingAddressSection,
  ShippingMethodSection,
} from './checkout-sections';
import { CheckoutFrame } from './checkout-frame';
import { PhoneSummaryToggle } from './checkout-lines';
import { CheckoutSummaryColumn } from './checkout-summary-column';
import { checkoutMessages } from './checkout.messages';
import { ContractSection } from './contract-section';
import { FinalSaleSection } from './final-sale-section';
import { StoreCreditOption } from './store-credit-option';
import { GiftCardCodesField, giftCardCodesOf } from './gift-card-codes-field';
import { PickupSlotPicker } from './pickup-slot-picker';
import { useCheckoutFigures } from './use-checkout-figures';
import { useCheckoutForm } from './use-checkout-form';
import { useCheckoutSubmission } from './use-checkout-submission';

export { FOREIGN_CURRENCY_NOTICE } from './checkout.messages';
export { paymentRedirect, REDIRECT_DELAY_MS } from './use-checkout-submission';

export function CheckoutForm() {
  const t = useT(checkoutMessages);
  const cart = useCart();
  const cards = useGiftCardLines();
  // Gift cards alone: nothing ships, the order goes as pickup with no address (0534).
  const cardsOnly = cart.items.length === 0 && cards.length > 0;
  const cardText = useT(giftCardLineMessages);
  const user = useQuery(meQueryOptions()).data ?? null;
  const shipping = useQuery(shippingSettingsQueryOptions()).data;
  const currency = useQuery(siteConfigQueryOptions()).data?.currency ?? 'CAD';
  const form = useCheckoutForm({
    // Mounted once the cart is read and holds items (checkout-page.tsx).
    shown: true,
    user,
    pickupAvailable: shipping?.pickupAvailable,
    cardsOnly,
  });
  const { country, state } = form.values;
  const method = cardsOnly ? 'pickup' : form.values.shippingMethod;
  const destination = { method, country, state };
  const [code, setCode] = useState<AppliedCode | null>(null);
  const figures = useCheckoutFigures(cart.items, destination, code);
  // Today's prices and stock, asked for on opening and on every change (docs/decisions/0131-cart-quote.md).
  const { changes } = useCartQuote({ shippingMethod: method, country, province: state });
  const [finalSaleAcknowledged, setFinalSaleAcknowledged] = useState(false);
  const [finalSaleRefused, setFinalSaleRefused] = useState(false);
  // Unticked by default, apart from any other agreement (docs/decisions/0560-consent-records.md).
  const [marketingOptIn, setMarketingOptIn] = useState(false);
  const [payWithCredit, setPayWithCredit] = useState(false);
  const [giftCardText, setGiftCardText] = useState('');
  // The server's refusal of gift card codes paying for gift cards, shown at the codes field.
  const [codesRefusal, setCodesRefusal] = useState<string | null>(null);
  const [pickupSlotId, setPickupSlotId] = useState<number | null>(null);
  const finalSaleCheckbox = useRef<HTMLInputElement>(null);
  // The contract's acceptance: unticked, apart from the marketing box (docs/decisions/0566-checkout-is-a-distance-contract.md).
  const [contractAccepted, setContractAccepted] = useState(false);
  const [contractRefused, setContractRefused] = useState(false);
  const contractCheckbox = useRef<HTMLInputElement>(null);
  const submission = useCheckoutSubmission({
    items: cart.items,
    giftCards: cards,
    onCodesRefused: setCodesRefusal,
    specialInstructions: cart.specialInstructions,
    user,
    figures,
    currentMethod: () => (cardsOnly ? 'pickup' : form.getValues().shippingMethod),
    saveToProfile: () => form.saveToProfile,
    marketingOptIn: () => marketingOptIn,
    payWithStoreCredit: () => payWithCredit,
    giftCardCodes: () => giftCardCodesOf(giftCardText),
    pickupSlotId: () => pickupSlotId,
    finalSale: {
      required: cart.items.some((item) => item.finalSale),
      acknowledged: finalSaleAcknowledged,
      refuse: () => {
        setFinalSaleRefused(true);
        finalSaleCheckbox.current?.focus();
      },
    },
    contract: {
      accepted: contractAccepted,
      refuse: () => {
        setContractRefused(true);
        contractCheckbox.current?.focus();
      },
    },
  });

  return (
    <CheckoutFrame width="max-w-7xl">
      <form
        ref={form.formRef}
        noValidate
        aria-label={t('title')}
        onSubmit={form.handleSubmit(submission.onValid, submission.onInvalid)}
        className="grid gap-8 lg:grid-cols-[1fr_22rem]"
      >
        <div className="space-y-6">
          <PhoneSummaryToggle destination={destination} />
          <CustomerSection form={form} />
          {cardsOnly ? (
            <p className="rounded-lg border border-slate-200 p-5 text-sm" data-testid="cards-only">
              {cardText('cardsOnly')}
            </p>
          ) : (
            <>
              <ShippingMethodSection form={form} shipping={shipping} />
              {/* A pickup order asks only for a contact (docs/decisions/0491-pickup-says-where-and-when.md). */}
              {method !== 'pickup' && <ShippingAddressSection form={form} currency={currency} />}
              {method === 'pickup' && <PickupSlotPicker value={pickupSlotId} onChange={setPickupSlotId} />}
            </>
          )}
          <NotesSection form={form} />
          <AccountSection form={form} user={user} />
          <StoreCreditOption signedIn={user !== null} checked={payWithCredit} onChange={setPayWithCredit} />
          <GiftCardCodesField
            value={giftCardText}
            onChange={(text) => {
              setGiftCardText(text);
              setCodesRefusal(null);
            }}
            refusal={codesRefusal}
          />
          <ConsentCheckbox checked={marketingOptIn} onChange={setMarketingOptIn} />
          <FinalSaleSection
            ref={finalSaleCheckbox}
            items={cart.items}
            acknowledged={finalSaleAcknowledged}
            onAcknowledgedChange={(checked) => {
              setFinalSaleAcknowledged(checked);
              if (checked) setFinalSaleRefused(false);
            }}
            showError={finalSaleRefused}
          />
          <ContractSection
            ref={contractCheckbox}
            items={cart.items}
            // Gift cards alone have no delivery or pickup to state: the contract names none.
            destination={cardsOnly ? { ...destination, method: '' } : destination}
            accepted={contractAccepted}
            onAcceptedChange={(checked) => {
              setContractAccepted(checked);
              if (checked) setContractRefused(false);
            }}
            showError={contractRefused}
          />
        </div>
        <CheckoutSummaryColumn
          destination={destination}
          changes={changes}
          server={figures.server}
          busy={submission.busy}
          code={code}
          onCodeChange={setCode}
        />
      </form>
    </CheckoutFrame>
  );
}
