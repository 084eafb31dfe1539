import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CONTACT_SUBJECTS, type ContactSubject, ContactMessageInputSchema } from '~/shared/schemas/contact';
import { Button } from '~/client/components/ui/button';
import { SelectField, TextAreaField, TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { Seo } from '~/client/lib/head';
import { useLocale, useT } from '~/client/lib/i18n';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { contactMessages } from './contact-page.messages';
import { SOCIAL_LINKS, STORE_LOCATION, STORE_LOCATION_FR, STORE_MAP_QUERY } from './store-location';

type FormInput = z.input<typeof ContactMessageInputSchema>;
type FormOutput = z.output<typeof ContactMessageInputSchema>;

/** Each subject's label in the contact catalogue (the schema's labels are the English ones the store's e-mail names). */
const SUBJECT_LABELS: Record<ContactSubject, string> = {
  order: 'subjectOrder',
  shipping: 'subjectShipping',
  returns: 'subjectReturns',
  product: 'subjectProduct',
  other: 'subjectOther',
};

export function ContactPage() {
  const t = useT(contactMessages);
  const locale = useLocale();
  const { data: site } = useQuery(siteConfigQueryOptions());
  const id = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ContactMessageInputSchema),
    defaultValues: { name: '', email: '', subject: '' as FormInput['subject'], message: '', website: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const location = locale === 'fr' ? { ...STORE_LOCATION, ...STORE_LOCATION_FR } : STORE_LOCATION;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiRequest('POST', '/api/contact', values);
      toast({ title: t('sentTitle'), description: t('sent') });
      form.reset();
    } catch (error) {
      toast({
        title: t('failedTitle'),
        // The server says its message in the page's language (Accept-Language).
        description: (error instanceof ApiError && error.serverMessage) || t('failed'),
        variant: 'destructive',
      });
    }
  });

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <Seo title={t('title')} description={t('description')} canonicalPath="/contact" />
      <h1 className="mb-2 text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mb-8 text-slate-600">{t('intro')}</p>

      <div className="grid gap-10 lg:grid-cols-2">
        <form onSubmit={onSubmit} noValidate className="grid content-start gap-4" aria-label={t('form')}>
          <TextField
            id={`${id}-name`}
            label={t('name')}
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            id={`${id}-email`}
            label={t('email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <SelectField
            id={`${id}-subject`}
            label={t('subject')}
            error={errors.subject?.message}
            {...form.register('subject')}
          >
            <option value="" disabled>
              {t('selectSubject')}
            </option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(SUBJECT_LABELS[s.value])}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            id={`${id}-message`}
            label={t('message')}
            rows={6}
            error={errors.message?.message}
            {...form.register('message')}
          />
          {/* Honeypot: invisible to people and screen readers, irresistible to form-filling bots. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website`}>{t('website')}</label>
            <input id={`${id}-website`} tabIndex={-1} autoComplete="off" {...form.register('website')} />
          </div>
          <Button
            type="submit"
            pending={isSubmitting}
            pendingLabel={t('sending')}
            className="w-full sm:w-auto sm:justify-self-start"
          >
            {t('send')}
          </Button>
        </form>

        <aside className="grid content-start gap-6" aria-label={t('storeInformation')}>
          <section aria-labelledby={`${id}-location`}>
            <h2 id={`${id}-location`} className="mb-2 text-lg font-semibold">
              {t('storeLocation')}
            </h2>
            <address className="not-italic text-slate-700">
              <span className="font-medium">{location.name}</span>
              <br />
              {location.street}
              <br />
              {location.city}
              <br />
              {location.country}
            </address>
            <ul className="mt-2 text-sm text-slate-600">
              {location.hours.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby={`${id}-email-us`}>
            <h2 id={`${id}-email-us`} className="mb-2 text-lg font-semibold">
              {t('emailUs')}
            </h2>
            {site ? (
              <a
                href={`mailto:${site.storeEmail}`}
                className="text-brand-700 underline"
                data-testid="store-email"
              >
                {site.storeEmail}
              </a>
            ) : (
              <span className="text-slate-500">{t('loading')}</span>
            )}
          </section>
          <section aria-labelledby={`${id}-social`}>
            <h2 id={`${id}-social`} className="mb-2 text-lg font-semibold">
              {t('followUs')}
            </h2>
            <ul className="flex gap-4">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 hover:underline"
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <StoreMap />
        </aside>
      </div>
    </div>
  );
}

/**
 * The map is a Google Maps embed, loaded only when the visitor asks for it: until then the page makes
 * no request to a third party (docs/decisions/0067-contact-map-on-request.md).
 */
function StoreMap() {
  const t = useT(contactMessages);
  const [show, setShow] = useState(false);
  const src = `https://www.google.com/maps?q=${encodeURIComponent(STORE_MAP_QUERY)}&output=embed`;
  return (
    <section aria-label={t('map')} className="overflow-hidden rounded-lg border border-slate-200">
      {show ? (
        <iframe
          title={t('mapOf', { place: STORE_MAP_QUERY })}
          src={src}
          className="h-72 w-full"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <div
          className="flex h-72 flex-col items-center justify-center gap-3 bg-slate-100 p-4 text-center"
          data-testid="map-placeholder"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-10 w-10 text-brand-700"
            fill="currentColor"
          >
            <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
          </svg>
          <p className="text-sm text-slate-700">{STORE_MAP_QUERY}</p>
          <Button variant="outline" size="sm" onClick={() => setShow(true)}>
            {t('showMap')}
          </Button>
          <p className="text-xs text-slate-600">{t('mapByGoogle')}</p>
        </div>
      )}
    </section>
  );
}
