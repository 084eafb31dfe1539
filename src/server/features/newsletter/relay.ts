// Popup variant A hands subscriptions to an external e-mail marketing form (multipart first_name and
// email, Accept JSON, redirects not followed; decision 0066). The server relays it, so the
// page's Content-Security-Policy keeps connect-src 'self' and the provider's address stays in the
// configuration (docs/decisions/0066-newsletter-variants.md).

export type RelayResult = { ok: boolean; status?: number; error?: string };

const RELAY_TIMEOUT_MS = 10_000;

export async function relayToExternalForm(
  url: string,
  fields: { email: string; firstName: string },
): Promise<RelayResult> {
  const form = new FormData();
  form.set('first_name', fields.firstName);
  form.set('email', fields.email);
  try {
    const res = await fetch(url, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
    });
    // Embedded subscription forms often answer with a redirect to a thank-you page: that is a success.
    const ok = res.ok || (res.status >= 300 && res.status < 400);
    await res.body?.cancel();
    return { ok, status: res.status };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
