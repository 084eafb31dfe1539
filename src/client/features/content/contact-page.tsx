import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CONTACT_SUBJECTS, ContactMessageInputSchema } from '~/shared/schemas/contact';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { Seo } from '~/client/lib/head';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { SOCIAL_LINKS, STORE_LOCATION, STORE_MAP_QUERY } from './store-location';

type FormInput = z.input<typeof ContactMessageInputSchema>;
type FormOutput = z.output<typeof ContactMessageInputSchema>;

const fieldClasses = (invalid: boolean) =>
  clsx('w-full rounded-md border px-3 text-sm shadow-sm', invalid ? 'border-red-500' : 'border-slate-300');

export function ContactPage() {
  const { data: site } = useQuery(siteConfigQueryOptions());
  const id = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ContactMessageInputSchema),
    defaultValues: { name: '', email: '', subject: '' as FormInput['subject'], message: '', website: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiRequest('POST', '/api/contact', values);
      toast({
        title: 'Message Sent',
        description: "Thank you for your message. We'll get back to you soon!",
      });
      form.reset();
    } catch (error) {
      toast({
        title: 'Message Failed to Send',
        description: (error instanceof ApiError && error.serverMessage) || 'Please try again later.',
        variant: 'destructive',
      });
    }
  });

  const field = (name: keyof FormInput) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const errorText = (name: keyof FormInput) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm text-red-600" data-testid="field-error">
        {errors[name]?.message}
      </p>
    ) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <Seo
        title="Contact Us"
        description="Questions about an order, shipping, returns or a product? Send us a message."
        canonicalPath="/contact"
      />
      <h1 className="mb-2 text-3xl font-bold tracking-tight">Contact Us</h1>
      <p className="mb-8 text-slate-600">
        Questions about an order, a product or a return? We usually answer within one business day.
      </p>

      <div className="grid gap-10 lg:grid-cols-2">
        <form onSubmit={onSubmit} noValidate className="grid content-start gap-4" aria-label="Contact form">
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              Name
            </label>
            <input
              {...field('name')}
              {...form.register('name')}
              autoComplete="name"
              className={clsx(fieldClasses(!!errors.name), 'h-10')}
            />
            {errorText('name')}
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-email`} className="text-sm font-medium">
              Email
            </label>
            <input
              {...field('email')}
              {...form.register('email')}
              type="email"
              autoComplete="email"
              className={clsx(fieldClasses(!!errors.email), 'h-10')}
            />
            {errorText('email')}
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-subject`} className="text-sm font-medium">
              Subject
            </label>
            <select
              {...field('subject')}
              {...form.register('subject')}
              className={clsx(fieldClasses(!!errors.subject), 'h-10 bg-white')}
            >
              <option value="" disabled>
                Select a subject
              </option>
              {CONTACT_SUBJECTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            {errorText('subject')}
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-message`} className="text-sm font-medium">
              Message
            </label>
            <textarea
              {...field('message')}
              {...form.register('message')}
              rows={6}
              className={clsx(fieldClasses(!!errors.message), 'py-2')}
            />
            {errorText('message')}
          </div>
          {/* Honeypot: invisible to people and screen readers, irresistible to form-filling bots. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website`}>Website</label>
            <input id={`${id}-website`} tabIndex={-1} autoComplete="off" {...form.register('website')} />
          </div>
          <Button
            type="submit"
            pending={isSubmitting}
            pendingLabel="Sending..."
            className="w-full sm:w-auto sm:justify-self-start"
          >
            Send Message
          </Button>
        </form>

        <aside className="grid content-start gap-6" aria-label="Store information">
          <section aria-labelledby={`${id}-location`}>
            <h2 id={`${id}-location`} className="mb-2 text-lg font-semibold">
              Store Location
            </h2>
            <address className="not-italic text-slate-700">
              <span className="font-medium">{STORE_LOCATION.name}</span>
              <br />
              {STORE_LOCATION.street}
              <br />
              {STORE_LOCATION.city}
              <br />
              {STORE_LOCATION.country}
            </address>
            <ul className="mt-2 text-sm text-slate-600">
              {STORE_LOCATION.hours.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby={`${id}-email-us`}>
            <h2 id={`${id}-email-us`} className="mb-2 text-lg font-semibold">
              Email Us
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
              <span className="text-slate-500">Loading...</span>
            )}
          </section>
          <section aria-labelledby={`${id}-social`}>
            <h2 id={`${id}-social`} className="mb-2 text-lg font-semibold">
              Follow Us
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
  const [show, setShow] = useState(false);
  const src = `https://www.google.com/maps?q=${encodeURIComponent(STORE_MAP_QUERY)}&output=embed`;
  return (
    <section aria-label="Map" className="overflow-hidden rounded-lg border border-slate-200">
      {show ? (
        <iframe
          title={`Map of ${STORE_MAP_QUERY}`}
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
            Show map
          </Button>
          <p className="text-xs text-slate-600">The map is provided by Google.</p>
        </div>
      )}
    </section>
  );
}
