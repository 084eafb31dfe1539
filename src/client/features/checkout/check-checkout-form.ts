// Checks the checkout form with the shared CheckoutFormSchema (the rules the server applies too) and
// gives each field its first message, as the form has always shown them.
import { type CheckoutForm, type CheckoutFormInput, CheckoutFormSchema } from '~/shared/schemas/checkout';

export type FieldMessages = Partial<Record<keyof CheckoutFormInput, string>>;
export type FormCheck = { success: true; data: CheckoutForm } | { success: false; errors: FieldMessages };

export async function checkCheckoutForm(values: CheckoutFormInput): Promise<FormCheck> {
  const result = CheckoutFormSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldMessages = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as keyof CheckoutFormInput;
    errors[name] ??= issue.message;
  }
  return { success: false, errors };
}
