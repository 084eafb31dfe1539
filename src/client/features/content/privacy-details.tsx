// Under the privacy page's text: the person in charge of personal information and how to reach them
// (store settings, both languages; docs/decisions/0561-privacy-officer-and-page.md), the statement that
// the store loads no analytics or third-party script (it ships none), and a guest's request for their
// data by e-mailed link (docs/decisions/0563-data-export-and-guest-requests.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { PrivacyContact } from '~/shared/schemas/privacy';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { useLocale, useT } from '~/client/lib/i18n';
import { privacyDetailsMessages } from './privacy-details.messages';

const privacyContactQueryOptions = () => queryOptions<PrivacyContact>({ queryKey: ['/api/privacy-contact'] });

export function PrivacyDetails() {
  const t = useT(privacyDetailsMessages);
  const locale = useLocale();
  const contact = useQuery(privacyContactQueryOptions()).data;
  const title = contact && (locale === 'fr' ? contact.titleFr || contact.title : contact.title);
  return (
    <div className="mt-10 grid gap-8 border-t border-slate-200 pt-8" data-testid="privacy-details">
      <section aria-labelledby="privacy-officer">
        <h2 id="privacy-officer" className="mb-2 text-xl font-semibold">
          {t('officerHeading')}
        </h2>
        <p className="text-slate-700">{contact?.name ? t('officerIntro') : t('officerNotNamed')}</p>
        {contact && (
          <address className="mt-2 not-italic text-slate-800" data-testid="privacy-officer">
            {contact.name && <span className="block font-medium">{contact.name}</span>}
            {title && <span className="block">{title}</span>}
            <a className="block text-brand-700 underline" href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
            {contact.phone && <span className="block">{t('phone', { phone: contact.phone })}</span>}
          </address>
        )}
        <p className="mt-2 text-sm text-slate-600">{t('answerWithin')}</p>
      </section>
      <section aria-labelledby="privacy-tracking">
        <h2 id="privacy-tracking" className="mb-2 text-xl font-semibold">
          {t('trackingHeading')}
        </h2>
        <p className="text-slate-700">{t('tracking')}</p>
      </section>
      <GuestRequestForm />
    </div>
  );
}

function GuestRequestForm() {
  const t = useT(privacyDetailsMessages);
  const id = useId();
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<'export' | 'delete'>('export');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await apiRequest<{ message: string }>('POST', '/api/privacy-requests', { email, kind });
      toast({ title: t('sentTitle'), description: answer.message });
      setEmail('');
    } catch (error) {
      toast({
        title: t('failedTitle'),
        description: error instanceof ApiError ? (error.serverMessage ?? t('failedText')) : t('failedText'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-2 text-xl font-semibold">
        {t('requestHeading')}
      </h2>
      <p className="mb-3 text-slate-700">{t('requestIntro')}</p>
      <form onSubmit={onSubmit} className="grid max-w-md gap-3" noValidate>
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          {t('email')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="h-10 rounded-md border border-slate-300 px-3 text-sm"
        />
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">{t('kind')}</legend>
          {(['export', 'delete'] as const).map((k) => (
            <label key={k} className="flex min-h-8 items-center gap-2 text-sm">
              <input type="radio" name={`${id}-kind`} checked={kind === k} onChange={() => setKind(k)} />
              {t(k === 'export' ? 'kindExport' : 'kindDelete')}
            </label>
          ))}
        </fieldset>
        <Button type="submit" pending={busy} className="justify-self-start">
          {t('send')}
        </Button>
      </form>
      <p className="mt-3 text-sm text-slate-600">{t('accountHint')}</p>
    </section>
  );
}
