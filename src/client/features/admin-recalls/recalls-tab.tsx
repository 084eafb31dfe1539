// Recall screening in the admin area (/admin/recalls; docs/decisions/0571-recall-screening.md): the owner
// loads Health Canada's or the CPSC's recall file; everyone sees the lots in quarantine with their recall,
// the lots a recall may concern by brand and model, and the recalls loaded.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { QuarantineReport, Recall, RecallImportResult } from '~/shared/schemas/admin-recalls';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { DataTable } from '~/client/components/ui/table';
import { meQueryOptions } from '~/client/features/auth';
import { ApiError, apiRequest } from '~/client/lib/api';
import { ReleaseLot } from './release-lot';

const SOURCE_LABELS: Record<Recall['source'], string> = { 'health-canada': 'Health Canada', cpsc: 'CPSC' };
const cell = 'border-b px-3 py-2 align-top';

function RecallLink({
  recall,
}: {
  recall: Pick<Recall, 'title' | 'titleFr' | 'url' | 'source' | 'recalledOn'>;
}) {
  const title = recall.url ? (
    <a href={recall.url} target="_blank" rel="noreferrer" className="text-brand-700 underline">
      {recall.title}
    </a>
  ) : (
    recall.title
  );
  return (
    <div className="grid gap-0.5">
      <span>{title}</span>
      {recall.titleFr && recall.titleFr !== recall.title && (
        <span lang="fr" className="text-slate-600">
          {recall.titleFr}
        </span>
      )}
      <span className="text-xs text-slate-600">
        {SOURCE_LABELS[recall.source]}
        {recall.recalledOn ? `, ${recall.recalledOn}` : ''}
      </span>
    </div>
  );
}

function LoadRecallData() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [french, setFrench] = useState(false);
  const load = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('file', file!);
      if (french) form.append('language', 'fr');
      return apiRequest<RecallImportResult>('POST', '/api/admin/recalls', form);
    },
    onSuccess: () =>
      Promise.all(
        ['/api/admin/recalls', '/api/admin/recalls/quarantine'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) load.mutate();
  };
  const result = load.data;
  return (
    <Card
      title="Load recall data"
      description="Health Canada's recalls (open data JSON) or the CPSC's (Recall?format=json). Every lot whose UPC a recall names goes into quarantine, off sale."
    >
      <form className="grid gap-3" onSubmit={submit}>
        <label className="grid gap-1 text-sm font-medium">
          Recall file (JSON)
          <input
            type="file"
            accept=".json,application/json"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="text-sm"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={french}
            onChange={(e) => setFrench(e.target.checked)}
            className="size-5"
          />
          This is the French edition (titles in French)
        </label>
        <div>
          <Button type="submit" disabled={!file} pending={load.isPending} pendingLabel="Loading...">
            Load recalls
          </Button>
        </div>
      </form>
      <div role="status" className="mt-3 text-sm">
        {load.error && (
          <p className="text-red-700">
            {(load.error instanceof ApiError && load.error.serverMessage) || 'The file could not be loaded.'}
          </p>
        )}
        {result && (
          <p>
            {result.recalls} recalls read ({result.gtins} UPCs). {result.quarantined.length} lot
            {result.quarantined.length === 1 ? '' : 's'} put in quarantine
            {result.quarantined.some((q) => q.wasOnSale)
              ? `, ${result.quarantined.filter((q) => q.wasOnSale).length} taken off sale`
              : ''}
            .
          </p>
        )}
      </div>
    </Card>
  );
}

function QuarantineTables({
  report,
  pending,
  canRelease,
}: {
  report: QuarantineReport | undefined;
  pending: boolean;
  /** The owner may release a lot matched wrongly; staff read. */
  canRelease: boolean;
}) {
  return (
    <>
      <Card
        title="Lots in quarantine"
        description="Off sale: a recall names their UPC. Pull them from the shelves."
      >
        <DataTable
          columns={['Lot', 'Title', 'UPC', 'Recall', 'Since', ...(canRelease ? ['Action'] : [])]}
          minWidthClassName="min-w-[760px]"
          pending={pending}
          empty={(report?.quarantined.length ?? 0) === 0}
          emptyText="No lot is in quarantine."
        >
          {report?.quarantined.map((lot) => (
            <tr key={lot.id}>
              <td className={cell}>{lot.lotNumber ?? `#${lot.id}`}</td>
              <td className={cell}>{lot.name}</td>
              <td className={cell}>{lot.upc}</td>
              <td className={cell}>
                <RecallLink recall={lot.recall} />
              </td>
              <td className={cell}>{new Date(lot.quarantinedAt).toLocaleDateString('en-CA')}</td>
              {canRelease && (
                <td className={cell}>
                  <ReleaseLot lot={lot} />
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      </Card>
      <Card
        title="Possible matches"
        description="The brand and a model number of a recall appear in these lots: check the product before selling it."
      >
        <DataTable
          columns={['Lot', 'Title', 'Brand', 'Recall']}
          minWidthClassName="min-w-[680px]"
          pending={pending}
          empty={(report?.possibleMatches.length ?? 0) === 0}
          emptyText="No possible matches."
        >
          {report?.possibleMatches.map((lot) => (
            <tr key={`${lot.id}-${lot.recall.id}`}>
              <td className={cell}>{lot.lotNumber ?? `#${lot.id}`}</td>
              <td className={cell}>{lot.name}</td>
              <td className={cell}>{lot.brand}</td>
              <td className={cell}>
                <RecallLink recall={lot.recall} />
              </td>
            </tr>
          ))}
        </DataTable>
      </Card>
    </>
  );
}

export default function RecallsTab() {
  // Loading recall data is the owner's (the server refuses staff); staff read the report.
  const canLoad = useQuery(meQueryOptions()).data?.role === 'admin';
  const report = useQuery<QuarantineReport>({ queryKey: ['/api/admin/recalls/quarantine'] });
  const recalls = useQuery<Recall[]>({ queryKey: ['/api/admin/recalls'] });
  return (
    <div className="grid gap-4">
      <h2 className="sr-only">Recalls</h2>
      {canLoad && <LoadRecallData />}
      <QuarantineTables report={report.data} pending={report.isPending} canRelease={canLoad} />
      <Card title="Recalls loaded" description="The latest 200.">
        <DataTable
          columns={['Recall', 'UPCs']}
          minWidthClassName="min-w-[560px]"
          pending={recalls.isPending}
          empty={(recalls.data?.length ?? 0) === 0}
          emptyText="No recall data loaded yet."
        >
          {recalls.data?.map((recall) => (
            <tr key={recall.id}>
              <td className={cell}>
                <RecallLink recall={recall} />
              </td>
              <td className={cell}>{recall.gtins}</td>
            </tr>
          ))}
        </DataTable>
      </Card>
    </div>
  );
}
