import { toast } from '~/client/components/ui/toast-store';
import { apiRequest } from '~/client/lib/api';

/** The footer's and the popup's check: present and with an '@'; the server validates properly. */
export function checkEmail(email: string): boolean {
  if (email.trim() && email.includes('@')) return true;
  toast({
    title: 'Invalid Email',
    description: 'Please enter a valid email address.',
    variant: 'destructive',
  });
  return false;
}

/**
 * Subscribes an address and says how it went (spec section 8). `website` is the honeypot field: hidden
 * from people, filled in by bots; the server then answers success and stores nothing.
 */
export async function subscribeToNewsletter(email: string, website: string): Promise<boolean> {
  try {
    await apiRequest('POST', '/api/subscribers', { email: email.trim(), website });
    toast({ title: 'Subscription Successful', description: 'Thank you for subscribing to our newsletter!' });
    return true;
  } catch {
    toast({
      title: 'Subscription Failed',
      description: 'There was an error subscribing to the newsletter. Please try again.',
      variant: 'destructive',
    });
    return false;
  }
}
