// The newsletter popup of the home page. Variant B (e-mail and
// consent) appears once per browser 5 s after the first load; variant A (first name and e-mail, handed
// on to an external e-mail marketing form by the server) once per session after 3 s, and is used when
// such a form is configured (docs/decisions/0066-newsletter-variants.md). Nothing renders on the server.
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import {
  DialogCloseIcon,
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/toast-store';
import { consentMessages } from '~/shared/consent.messages';
import { useConsentWording } from '~/client/components/consent-checkbox';
import { apiRequest } from '~/client/lib/api';
import { useT } from '~/client/lib/i18n';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { newsletterMessages } from './newsletter.messages';
import { newsletterPopupMessages } from './newsletter-popup.messages';
import { checkEmail, subscribeToNewsletter } from './subscribe';

export const POPUP_B_DELAY_MS = 5000;
export const POPUP_A_DELAY_MS = 3000;
export const POPUP_B_SHOWN_KEY = 'newsletterPopupShown';
export const POPUP_A_SHOWN_KEY = 'newsletterPopupShownThisSession';
const THANK_YOU_CLOSE_MS = 1500;
const RESET_AFTER_CLOSE_MS = 300;

function storageFor(variant: 'A' | 'B'): Storage | null {
  try {
    return variant === 'A' ? window.sessionStorage : window.localStorage;
  } catch {
    return null; // storage blocked: the popup then never shows, rather than on every page view
  }
}
const shownKey = (variant: 'A' | 'B') => (variant === 'A' ? POPUP_A_SHOWN_KEY : POPUP_B_SHOWN_KEY);

export function NewsletterPopup() {
  const [mounted, setMounted] = useState(false);
  const mountedAt = useRef(0);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    mountedAt.current = Date.now();
    setMounted(true);
  }, []);
  const { data: config } = useQuery({ ...siteConfigQueryOptions(), enabled: mounted });
  const variant = config?.newsletterVariant;

  useEffect(() => {
    if (!variant) return;
    const storage = storageFor(variant);
    if (!storage || storage.getItem(shownKey(variant))) return;
    const delay = variant === 'A' ? POPUP_A_DELAY_MS : POPUP_B_DELAY_MS;
    const timer = setTimeout(
      () => {
        // The flag is set when it opens: a visitor who leaves it open and reloads does not see it again.
        storage.setItem(shownKey(variant), 'true');
        setOpen(true);
      },
      Math.max(0, delay - (Date.now() - mountedAt.current)),
    );
    return () => clearTimeout(timer);
  }, [variant]);

  if (!variant) return null;
  return (
    <DialogRoot open={open} onOpenChange={setOpen}>
      <DialogContent
        data-testid="newsletter-popup"
        className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
      >
        <DialogCloseIcon className="absolute top-1 right-1" />
        {variant === 'A' ? (
          <VariantA onClose={() => setOpen(false)} />
        ) : (
          <VariantB onClose={() => setOpen(false)} />
        )}
      </DialogContent>
    </DialogRoot>
  );
}

function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  const t = useT(newsletterPopupMessages);
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{t('website')}</label>
      <input
        id={id}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function VariantB({ onClose }: { onClose: () => void }) {
  const id = useId();
  const t = useT(newsletterPopupMessages);
  const tShared = useT(newsletterMessages);
  const tConsent = useT(consentMessages);
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [website, setWebsite] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!checkEmail(email, tShared)) return;
    if (!consent) {
      toast({ title: t('consentRequiredTitle'), description: t('consentRequired'), variant: 'destructive' });
      return;
    }
    setBusy(true);
    const subscribed = await subscribeToNewsletter(email, website, tShared, 'popup');
    setBusy(false);
    if (subscribed) onClose();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div>
        <DialogTitle className="pr-8 text-xl font-bold">{t('titleB')}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-slate-600">{t('descriptionB')}</DialogDescription>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          {t('emailAddress')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('emailPlaceholder')}
          className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
        />
      </div>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-consent`}
          type="checkbox"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          className="mt-0.5 h-4 w-4 rounded border-slate-300"
        />
        <label htmlFor={`${id}-consent`} className="text-sm text-slate-700">
          {tConsent('popupWording')}
        </label>
      </div>
      <Honeypot value={website} onChange={setWebsite} />
      <Button type="submit" pending={busy} pendingLabel={t('subscribing')} className="w-full">
        {t('subscribeNow')}
      </Button>
    </form>
  );
}

function VariantA({ onClose }: { onClose: () => void }) {
  const id = useId();
  const t = useT(newsletterPopupMessages);
  const [firstName, setFirstName] = useState('');
  const wording = useConsentWording();
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [busy, setBusy] = useState(false);
  const [thanked, setThanked] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await apiRequest('POST', '/api/subscribers', {
        email: email.trim(),
        firstName: firstName.trim(),
        website,
        source: 'popup-relay',
      });
      toast({ title: t('thanksTitle'), description: t('added') });
      setThanked(true);
      timers.current.push(
        setTimeout(() => {
          onClose();
          timers.current.push(
            setTimeout(() => {
              setThanked(false);
              setFirstName('');
              setEmail('');
            }, RESET_AFTER_CLOSE_MS),
          );
        }, THANK_YOU_CLOSE_MS),
      );
    } catch {
      toast({ title: t('failedTitle'), description: t('failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (thanked) {
    return (
      <div className="py-6 text-center" role="status">
        <DialogTitle className="text-xl font-bold">{t('thankYou')}</DialogTitle>
        <DialogDescription className="mt-2 text-slate-600">{t('added')}</DialogDescription>
      </div>
    );
  }
  return (
    // Native validation: the first name is required and the e-mail must be an e-mail address.
    <form onSubmit={onSubmit} className="grid gap-4">
      <div>
        <DialogTitle className="pr-8 text-xl font-bold">{t('titleA')}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-slate-600">{t('descriptionA')}</DialogDescription>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-first-name`} className="text-sm font-medium">
          {t('firstName')}
        </label>
        <input
          id={`${id}-first-name`}
          required
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          {t('email')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
        />
      </div>
      <Honeypot value={website} onChange={setWebsite} />
      <p className="text-xs text-slate-600">{wording}</p>
      <Button type="submit" pending={busy} pendingLabel={t('subscribing')} className="w-full">
        {t('subscribe')}
      </Button>
    </form>
  );
}
