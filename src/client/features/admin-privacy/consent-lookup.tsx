// One address's marketing consent history (every consent and withdrawal with its wording, source, time
// and client address) and what holds now; and the CSV of every address the store may mail now.
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ConsentHistory } from '~/shared/schemas/newsletter';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { TextField } from '~/client/components/ui/form-fields';
import { ApiError } from '~/client/lib/api';

const when = (iso: string) => new Date(iso).toLocaleString('en-CA');
const BASIS: Record<string, string> = {
  express: 'Express consent',
  'implied-purchase': 'Implied consent (purchase)',
  'implied-inquiry': 'Implied consent (inquiry)',
};

export function ConsentLookup() {
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState('');
  const query = useQuery<ConsentHistory>({
    queryKey: [`/api/admin/consents?email=${encodeURIComponent(email)}`],
    enabled: email !== '',
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setEmail(typed.trim());
  };
  const error = query.error instanceof ApiError ? query.error.serverMessage : undefined;
  return (
    <Card
      headingLevel={3}
      title="Marketing consent"
      description="Every consent is kept with the wording shown, its language, time, form and client address. Implied consent comes from purchases (2 years) and messages (6 months)."
    >
      <div className="grid gap-4">
        <a
          href="/api/admin/consents/subscribers.csv"
          download
          className={buttonClasses('outline', 'sm', 'justify-self-start')}
        >
          Download current subscribers (CSV)
        </a>
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" aria-label="Consent history">
          <TextField
            label="E-mail address"
            type="email"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={error}
          />
          <Button type="submit" variant="outline">
            Show history
          </Button>
        </form>
        {query.data && (
          <div className="grid gap-2 text-sm" data-testid="consent-history">
            <p className="font-medium">
              {query.data.current
                ? `${BASIS[query.data.current.basis]} since ${when(query.data.current.since)}${query.data.current.expiresAt ? `, until ${when(query.data.current.expiresAt)}` : ''}`
                : 'No consent now: no marketing may be sent.'}
            </p>
            {query.data.events.length === 0 ? (
              <p className="text-slate-600">No consent recorded for this address.</p>
            ) : (
              <table className="w-full text-left">
                <thead>
                  <tr className="border-b border-slate-200">
                    <th className="py-1 pr-2">When</th>
                    <th className="py-1 pr-2">Action</th>
                    <th className="py-1 pr-2">Source</th>
                    <th className="py-1 pr-2">Wording ({'language'})</th>
                    <th className="py-1">Address</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.events.map((e) => (
                    <tr key={e.id} className="border-b border-slate-100 align-top">
                      <td className="py-1 pr-2 whitespace-nowrap">{when(e.createdAt)}</td>
                      <td className="py-1 pr-2">{e.action}</td>
                      <td className="py-1 pr-2">{e.source}</td>
                      <td className="py-1 pr-2">
                        {e.wording} ({e.locale})
                      </td>
                      <td className="py-1">{e.ipAddress ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
