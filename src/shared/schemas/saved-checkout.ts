// The checkout details a customer keeps in their profile ('Save this address to my profile'): the
// checkout form's own field rules, so what is saved always fills a form that passes
// (docs/decisions/0282-remembered-checkout.md). zod's mini build, as the checkout schemas.
import { z } from 'zod/mini';
import { PROVINCE_CODES } from '~/shared/constants';
import {
  addressLine1Field,
  addressLine2Field,
  cityField,
  countryField,
  firstNameField,
  lastNameField,
  phoneField,
  stateField,
  zipCodeField,
} from './checkout';

export const SavedCheckoutDetailsSchema = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField,
    phone: phoneField,
    addressLine1: addressLine1Field,
    addressLine2: addressLine2Field,
    city: cityField,
    state: stateField,
    zipCode: zipCodeField,
    country: countryField,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.country !== 'Canada') return;
      if ((PROVINCE_CODES as readonly string[]).includes(v.state.toUpperCase())) return;
      ctx.addIssue({ code: 'custom', message: 'Province/State is required.', path: ['state'] });
    }),
  );
export type SavedCheckoutDetails = z.output<typeof SavedCheckoutDetailsSchema>;

/** GET /api/auth/checkout-details: the saved details, or null when none were saved. */
export const SavedCheckoutAnswerSchema = z.object({ details: z.nullable(SavedCheckoutDetailsSchema) });
export type SavedCheckoutAnswer = z.output<typeof SavedCheckoutAnswerSchema>;
