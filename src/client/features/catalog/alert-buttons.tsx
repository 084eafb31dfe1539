// 'Alert me' on the listings (saves the listing's filters as a saved search) and 'Watch price' on the
// product page; a guest (the API answers 401) is invited to sign in
// (docs/decisions/0581-alert-buttons-and-account-lists.md).
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { useT } from '~/client/lib/i18n';
import { alertButtonMessages } from './alert-buttons.messages';
import { DEFAULT_MAX_PRICE, DEFAULT_MIN_PRICE, type ListingFilters } from './listing-params';

/** The listing's filters as the saved search's query string: defaults, page and sort left out. */
export function savedSearchQuery(filters: ListingFilters): string {
  const p = new URLSearchParams();
  if (filters.search) p.set('q', filters.search);
  if (filters.category) p.set('category', filters.category);
  if (filters.minPrice !== DEFAULT_MIN_PRICE) p.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== DEFAULT_MAX_PRICE) p.set('maxPrice', String(filters.maxPrice));
  if (filters.conditions.length > 0) p.set('condition', filters.conditions.join(','));
  if (filters.isNew) p.set('new', 'true');
  if (filters.daily) p.set('daily', 'true');
  return p.toString();
}

type Kind = 'search' | 'watch';

/** A guest's other way: the alerts by e-mail, started once the e-mailed link is opened (decision 0583). */
function GuestEmailForm({ query }: { query: string }) {
  const t = useT(alertButtonMessages);
  const id = useId();
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      const res = await apiRequest<{ message: string }>('POST', '/api/alerts/guest-searches', {
        email,
        query,
      });
      setAnswer({ ok: true, text: res.message });
    } catch (error) {
      setAnswer({ ok: false, text: (error instanceof ApiError && error.serverMessage) || t('failedText') });
    } finally {
      setSending(false);
    }
  }
  if (answer?.ok) return <p className="text-sm font-medium text-green-800">{answer.text}</p>;
  return (
    <form onSubmit={submit} className="grid max-w-sm gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t('byEmail')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-sm"
        />
        <Button type="submit" pending={sending}>
          {t('sendLink')}
        </Button>
      </div>
      <p className="text-xs text-slate-600">{t('guestWording')}</p>
      {answer && <p className="text-sm text-red-700">{answer.text}</p>}
    </form>
  );
}

function AlertButton({ kind, save, query }: { kind: Kind; save: () => Promise<unknown>; query?: string }) {
  const t = useT(alertButtonMessages);
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'guest'>('idle');
  const search = kind === 'search';

  async function click() {
    setState('saving');
    try {
      await save();
      setState('saved');
      await queryClient.invalidateQueries({
        queryKey: [search ? '/api/account/saved-searches' : '/api/account/watches'],
      });
      toast({
        title: t(search ? 'alertSavedTitle' : 'watchSavedTitle'),
        description: t(search ? 'alertSavedText' : 'watchSavedText'),
        actions: [{ label: t('manage'), href: '/account?tab=alerts' }],
      });
    } catch (error) {
      // Not signed in: asking the server, rather than the page, also covers a session that expired.
      if (error instanceof ApiError && error.status === 401) return setState('guest');
      setState('idle');
      toast({
        title: t('failedTitle'),
        description: (error instanceof ApiError && error.serverMessage) || t('failedText'),
        variant: 'destructive',
      });
    }
  }

  const label = search
    ? t(state === 'saved' ? 'alertOn' : 'alertMe')
    : t(state === 'saved' ? 'watching' : 'watchPrice');
  return (
    <div className="grid justify-items-start gap-1">
      <Button
        variant="outline"
        onClick={click}
        disabled={state === 'saving' || state === 'saved'}
        aria-pressed={state === 'saved'}
        data-testid={search ? 'alert-me' : 'watch-price'}
      >
        <span aria-hidden="true">🔔</span> {label}
      </Button>
      {state === 'guest' && (
        <div role="status" className="grid gap-2">
          <p className="text-sm text-slate-700">
            {t(search ? 'signInFirst' : 'signInToWatch')}{' '}
            <Link to="/auth" className="font-semibold text-brand-700 underline">
              {t('signIn')}
            </Link>
          </p>
          {query !== undefined && <GuestEmailForm query={query} />}
        </div>
      )}
    </div>
  );
}

export function AlertMeButton({ filters }: { filters: ListingFilters }) {
  const query = savedSearchQuery(filters);
  return (
    <AlertButton
      key={query}
      kind="search"
      query={query}
      save={() => apiRequest('POST', '/api/account/saved-searches', { query })}
    />
  );
}

export function WatchPriceButton({ productId }: { productId: number }) {
  return (
    <AlertButton
      key={productId}
      kind="watch"
      save={() => apiRequest('POST', '/api/account/watches', { productId })}
    />
  );
}
