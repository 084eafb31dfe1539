// The register of confidentiality incidents: every entry with its dates, what happened, who and how many
// were affected and who was told when; a form records a new one or corrects one. An entry stays 24 months
// after its discovery (the server refuses an earlier removal).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PrivacyIncident } from '~/shared/schemas/privacy';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { type IncidentDraft, IncidentForm } from './incident-form';

const KEY = ['/api/admin/privacy-incidents'];

export function IncidentRegister() {
  const queryClient = useQueryClient();
  const incidents = useQuery<PrivacyIncident[]>({ queryKey: KEY });
  const [editing, setEditing] = useState<PrivacyIncident | 'new' | null>(null);
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: number; body: IncidentDraft }) =>
      id
        ? apiRequest<PrivacyIncident>('PUT', `/api/admin/privacy-incidents/${id}`, body)
        : apiRequest<PrivacyIncident>('POST', '/api/admin/privacy-incidents', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      setEditing(null);
      toast({ title: 'Success', description: 'Incident saved.' });
    },
    onError: (error) =>
      toast({
        title: 'Failed to save the incident',
        description: (error instanceof ApiError && error.serverMessage) || 'Please try again.',
        variant: 'destructive',
      }),
  });
  return (
    <Card
      headingLevel={3}
      title="Incident register"
      description="Every confidentiality incident, kept 24 months after it was discovered. Report a risk of serious injury to the Commission and the people affected."
    >
      <div className="grid gap-4">
        {editing === null && (
          <Button variant="outline" className="justify-self-start" onClick={() => setEditing('new')}>
            Record an incident
          </Button>
        )}
        {editing !== null && (
          <IncidentForm
            initial={editing === 'new' ? null : editing}
            pending={save.isPending}
            onCancel={() => setEditing(null)}
            onSave={(body) => save.mutate({ id: editing === 'new' ? undefined : editing.id, body })}
          />
        )}
        {incidents.data && incidents.data.length === 0 && (
          <p className="text-sm text-slate-600">No incident recorded.</p>
        )}
        {incidents.data && incidents.data.length > 0 && (
          <ul className="grid gap-3" aria-label="Incidents">
            {incidents.data.map((i) => (
              <li key={i.id} className="rounded-md border border-slate-200 p-3 text-sm">
                <p className="font-medium">
                  Discovered {i.discoveredOn}
                  {i.occurredOn ? ` (occurred ${i.occurredOn})` : ''} · kept until {i.keepUntil}
                </p>
                <p className="mt-1">{i.description}</p>
                <p className="mt-1 text-slate-700">
                  Affected: {i.affectedPeople}
                  {i.affectedCount !== null ? ` (${i.affectedCount})` : ''}
                  {i.riskOfSeriousInjury ? ' · risk of serious injury' : ''}
                </p>
                <p className="mt-1 text-slate-700">
                  Commission notified: {i.commissionNotifiedOn ?? 'no'} · People notified:{' '}
                  {i.peopleNotifiedOn ?? 'no'}
                </p>
                {i.measures && <p className="mt-1 text-slate-700">Measures: {i.measures}</p>}
                <Button variant="ghost" size="sm" className="mt-1" onClick={() => setEditing(i)}>
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
