// Checks the checkout form with the shared CheckoutFormSchema (the rules the server applies too) and
// gives each field its first message, as the form has always shown them. The schema and zod come in a
// chunk of their own, loaded once the form is on screen, not in the page's first download
// (docs/decisions/0186-checkout-script-budget.md); a submission made before it arrives waits for it.
import type { CheckoutForm, CheckoutFormInput } from '~/shared/schemas/checkout';

export type FieldMessages = Partial<Record<keyof CheckoutFormInput, string>>;
export type FormCheck = { success: true; data: CheckoutForm } | { success: false; errors: FieldMessages };

let schemas: Promise<typeof import('~/shared/schemas/checkout')> | null = null;

/** Starts loading the schema (once); the form calls it as soon as it is shown. */
export function loadCheckoutSchema() {
  schemas ??= import('~/shared/schemas/checkout').catch((error: unknown) => {
    schemas = null; // A failed download (offline for a moment) is tried again on the next check.
    throw error;
  });
  return schemas;
}

export async function checkCheckoutForm(values: CheckoutFormInput): Promise<FormCheck> {
  const { CheckoutFormSchema } = await loadCheckoutSchema();
  const result = CheckoutFormSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldMessages = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as keyof CheckoutFormInput;
    errors[name] ??= issue.message;
  }
  return { success: false, errors };
}
