import { type FormEvent, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { apiRequest } from '../../lib/api';

export function FooterNewsletter() {
  const [email, setEmail] = useState('');
  // Honeypot: hidden from people, filled in by bots; the server then answers success and stores nothing.
  const [website, setWebsite] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !email.includes('@')) {
      toast({
        title: 'Invalid Email',
        description: 'Please enter a valid email address.',
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      await apiRequest('POST', '/api/subscribers', { email: email.trim(), website });
      toast({
        title: 'Subscription Successful',
        description: 'Thank you for subscribing to our newsletter!',
      });
      setEmail('');
    } catch {
      toast({
        title: 'Subscription Failed',
        description: 'There was an error subscribing to the newsletter. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="relative flex gap-2">
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="footer-newsletter-website">Website</label>
        <input
          id="footer-newsletter-website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <label htmlFor="footer-newsletter-email" className="sr-only">
        Email address
      </label>
      <input
        id="footer-newsletter-email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="Your email"
        className="h-10 w-full rounded-md border border-slate-600 bg-slate-800 px-3 text-sm text-white placeholder:text-slate-400"
      />
      <button
        type="submit"
        disabled={busy}
        className="h-10 rounded-md bg-brand-600 px-4 text-sm font-medium text-white"
      >
        Subscribe
      </button>
    </form>
  );
}
