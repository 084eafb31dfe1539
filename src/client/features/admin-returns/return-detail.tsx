// One return in the Returns tab: the customer's request (reason, comment, photos), its lines with what
// came back and how each unit was re-graded, its steps, and the forms of the steps its state allows.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Return } from '~/shared/schemas/returns';
import { Button } from '~/client/components/ui/button';
import { LoadError } from '~/client/components/ui/load-error';
import { Spinner } from '~/client/components/ui/spinner';
import { getReturn } from './api';
import { REASON_LABELS, STATUS_LABELS } from './labels';
import { RefundForm, RegradeForm } from './received-forms';
import { CloseForm, DecisionForm, InstructionsForm, ReceiveForm } from './step-forms';

export function ReturnDetail({
  id,
  onBack,
  onChanged,
}: {
  id: number;
  onBack: () => void;
  onChanged: () => void;
}) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['admin-return', id], queryFn: () => getReturn(id) });
  const onDone = (updated: Return) => {
    client.setQueryData(['admin-return', id], updated);
    onChanged();
  };
  return (
    <div className="grid gap-4" data-testid="return-detail">
      <div>
        <Button variant="outline" size="sm" onClick={onBack}>
          Back to the returns
        </Button>
      </div>
      {query.isPending && <Spinner />}
      {query.isError && (
        <LoadError
          title="The return could not be loaded"
          message="Please try again."
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data && <ReturnBody ret={query.data} onDone={onDone} />}
    </div>
  );
}

function ReturnBody({ ret, onDone }: { ret: Return; onDone: (r: Return) => void }) {
  const graded = ret.lines.some((l) => l.units.length > 0);
  return (
    <>
      <h2 className="text-xl font-semibold">
        {ret.number} · {STATUS_LABELS[ret.status]}
      </h2>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Order: </dt>
          <dd className="inline">{ret.orderReference}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Customer: </dt>
          <dd className="inline">
            {ret.customerName} ({ret.customerEmail}, {ret.locale === 'fr' ? 'French' : 'English'})
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Reason: </dt>
          <dd className="inline">
            {REASON_LABELS[ret.reason]}
            {ret.defectClaim && ' (legal-warranty claim: outside the window or final sale)'}
          </dd>
        </div>
        {ret.refund && (
          <div>
            <dt className="inline font-medium">Refund: </dt>
            <dd className="inline">
              {ret.refund.amount} ({ret.refund.status}
              {ret.refund.creditNote ? `, ${ret.refund.creditNote}` : ''})
            </dd>
          </div>
        )}
      </dl>
      {ret.comment && <p className="whitespace-pre-line rounded-md bg-slate-50 p-3 text-sm">{ret.comment}</p>}
      {ret.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {ret.photos.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <img
                  src={url}
                  alt={`What the customer sent, ${i + 1} of ${ret.photos.length}`}
                  className="h-28 w-28 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <table className="w-full text-left text-sm" data-testid="return-lines">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col">Item</th>
            <th scope="col">Asked</th>
            <th scope="col">Received</th>
            <th scope="col">Damaged</th>
            <th scope="col">Re-graded</th>
          </tr>
        </thead>
        <tbody>
          {ret.lines.map((l) => (
            <tr key={l.id} className="border-b border-slate-100">
              <td className="py-2">
                {l.name} {l.finalSale && '(final sale)'}
              </td>
              <td>{l.quantity}</td>
              <td>{l.receivedQuantity ?? '-'}</td>
              <td>{l.damagedQuantity ?? '-'}</td>
              <td>
                {l.units
                  .map((u) => `${u.outcome} (${u.condition}${u.price ? `, ${u.price}` : ''})`)
                  .join('; ') || '-'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ol className="grid gap-1 text-sm" aria-label="Steps">
        {ret.events.map((e, i) => (
          <li key={`${e.kind}-${i}`}>
            {e.at.slice(0, 16).replace('T', ' ')} · {e.kind}
            {e.message && `: ${e.message}`}
          </li>
        ))}
      </ol>
      {ret.status === 'requested' && <DecisionForm ret={ret} onDone={onDone} />}
      {ret.status === 'approved' && <InstructionsForm ret={ret} onDone={onDone} />}
      {ret.status === 'approved' && <ReceiveForm ret={ret} onDone={onDone} />}
      {(ret.status === 'received' || ret.status === 'refunded') && !graded && (
        <RegradeForm ret={ret} onDone={onDone} />
      )}
      {ret.status === 'received' && <RefundForm ret={ret} onDone={onDone} />}
      {['requested', 'approved', 'received'].includes(ret.status) && <CloseForm ret={ret} onDone={onDone} />}
    </>
  );
}
