/** The guest order look-up page with the reference filled in (the e-mail is never put in a URL). */
export function lookupPath(reference?: string | null): string {
  return reference ? `/orders/lookup?reference=${encodeURIComponent(reference)}` : '/orders/lookup';
}
