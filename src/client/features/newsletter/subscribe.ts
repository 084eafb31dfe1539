import type { TFunction } from 'i18next';
import { toast } from '~/client/components/ui/toast-store';
import { apiRequest } from '~/client/lib/api';

/**
 * The footer's and the popup's check: present and with an '@'; the server validates properly. `t` is the
 * `newsletter` namespace's (newsletter.messages.ts) in the page's language.
 */
export function checkEmail(email: string, t: TFunction): boolean {
  if (email.trim() && email.includes('@')) return true;
  toast({ title: t('invalidEmailTitle'), description: t('invalidEmail'), variant: 'destructive' });
  return false;
}

/**
 * Subscribes an address and says how it went (spec section 8). `website` is the honeypot field: hidden
 * from people, filled in by bots; the server then answers success and stores nothing.
 */
export async function subscribeToNewsletter(
  email: string,
  website: string,
  t: TFunction,
  source: 'footer' | 'popup' = 'footer',
): Promise<boolean> {
  try {
    await apiRequest('POST', '/api/subscribers', { email: email.trim(), website, source });
    toast({ title: t('subscribedTitle'), description: t('subscribed') });
    return true;
  } catch {
    toast({ title: t('failedTitle'), description: t('failed'), variant: 'destructive' });
    return false;
  }
}
