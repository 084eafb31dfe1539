import { type FormEvent, useState } from 'react';
import { useConsentWording } from '~/client/components/consent-checkbox';
import { useT } from '~/client/lib/i18n';
import { newsletterMessages } from './newsletter.messages';
import { checkEmail, subscribeToNewsletter } from './subscribe';

export function FooterNewsletter() {
  const t = useT(newsletterMessages);
  const wording = useConsentWording();
  const [email, setEmail] = useState('');
  // Honeypot: hidden from people, filled in by bots; the server then answers success and stores nothing.
  const [website, setWebsite] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!checkEmail(email, t)) return;
    setBusy(true);
    if (await subscribeToNewsletter(email, website, t)) setEmail('');
    setBusy(false);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="relative flex flex-wrap gap-2">
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="footer-newsletter-website">{t('website')}</label>
        <input
          id="footer-newsletter-website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <label htmlFor="footer-newsletter-email" className="sr-only">
        {t('emailAddress')}
      </label>
      <input
        id="footer-newsletter-email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder={t('yourEmail')}
        className="h-10 w-full rounded-md border border-slate-600 bg-slate-800 px-3 text-sm text-white placeholder:text-slate-400"
      />
      <button
        type="submit"
        disabled={busy}
        className="h-10 rounded-md bg-brand-600 px-4 text-sm font-medium text-white"
      >
        {t('subscribe')}
      </button>
      {/* The consent wording the server records with the sign-up (docs/decisions/0560-consent-records.md). */}
      <p className="w-full text-xs text-slate-400">{wording}</p>
    </form>
  );
}
