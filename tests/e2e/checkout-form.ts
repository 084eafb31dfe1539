// The checkout form as a shopper fills it, in English or in French under /fr: one filler for every
// journey, so a renamed label is fixed in one place. Fields are found by their visible labels.
import type { Page } from 'playwright-core';
import type { Locale } from '~/shared/i18n/locales';

export type CheckoutDetails = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  line1: string;
  city: string;
  /** A province code, the value of the Province list: 'ON', 'QC'. */
  province: string;
  postalCode: string;
};

/** What the shopper reads on the checkout form in each language. */
export const CHECKOUT_WORDS = {
  en: {
    form: 'Checkout',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    phone: 'Phone',
    line1: 'Address Line 1',
    city: 'City',
    province: 'Province',
    postalCode: 'Postal Code',
    standard: /Standard Shipping/,
    contract: 'Your contract',
    acceptContract: /^I have read this summary and I accept the contract/,
  },
  fr: {
    form: 'Paiement',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Adresse courriel',
    phone: 'Téléphone',
    line1: 'Adresse (ligne 1)',
    city: 'Ville',
    province: 'Province',
    postalCode: 'Code postal',
    standard: /Livraison standard/,
    contract: 'Votre contrat',
    acceptContract: /^J’ai lu ce résumé et j’accepte le contrat/,
  },
} as const;

/** A shopper in Toronto (Ontario: HST 13%). */
export const TORONTO_SHOPPER: CheckoutDetails = {
  firstName: 'Jane',
  lastName: 'Shopper',
  email: 'jane.shopper@example.com',
  phone: '416-555-0123',
  line1: '123 Main Street',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5V 2T6',
};

/** A shopper in Québec City (GST 5% and QST 9.975%). */
export const QUEBEC_SHOPPER: CheckoutDetails = {
  firstName: 'Jeanne',
  lastName: 'Acheteuse',
  email: 'jeanne.acheteuse@example.com',
  phone: '418-555-0123',
  line1: '12 rue Saint-Jean',
  city: 'Québec',
  province: 'QC',
  postalCode: 'G1R 1N8',
};

/** The checkout form on the page. */
export function checkoutForm(page: Page, locale: Locale = 'en') {
  return page.getByRole('form', { name: CHECKOUT_WORDS[locale].form });
}

/** The form's text fields, by the key of CheckoutDetails each one holds. */
export const CHECKOUT_TEXT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'line1',
  'city',
  'postalCode',
] as const satisfies readonly (keyof CheckoutDetails)[];

/**
 * Fills every field of the checkout form with `details`, picks standard shipping and, having read the
 * contract's block, ticks that the contract is accepted (unticked, the store sends no order).
 */
export async function fillCheckoutForm(
  page: Page,
  details: CheckoutDetails,
  { locale = 'en' }: { locale?: Locale } = {},
) {
  const words = CHECKOUT_WORDS[locale];
  const form = checkoutForm(page, locale);
  // In the form's order: the province is chosen before the postal code, as a shopper does.
  for (const field of CHECKOUT_TEXT_FIELDS) {
    if (field === 'postalCode') await form.getByLabel(words.province).selectOption(details.province);
    // 'Nom' is also inside 'Prénom': the last name is found by its whole label.
    await form.getByLabel(words[field], { exact: field === 'lastName' }).fill(details[field]);
  }
  await form.getByRole('radio', { name: words.standard }).check();
  await acceptContract(page, locale);
}

/** Ticks the contract's acceptance box, in its block (docs/decisions/0566-checkout-is-a-distance-contract.md). */
export async function acceptContract(page: Page, locale: Locale = 'en') {
  const words = CHECKOUT_WORDS[locale];
  const block = checkoutForm(page, locale).getByRole('region', { name: words.contract });
  await block.getByRole('checkbox', { name: words.acceptContract }).check();
}
