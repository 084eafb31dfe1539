// The E-mails section of Order Management (docs/decisions/0273-admin-e-mails-view.md): the outbox,
// newest first: what was sent, what waits, what failed and why; each message opens with its HTML in a
// sandboxed frame (no scripts, no same-origin access) and its plain text.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ADMIN_EMAILS_PAGE_SIZE,
  type AdminEmail,
  type AdminEmailDetail,
  type AdminEmailsPage,
  MAIL_KIND_LABELS,
  MAIL_STATUS_LABELS,
  MAIL_STATUSES,
} from '~/shared/schemas/admin-orders-emails';
import { Button } from '~/client/components/ui/button';
import { Dialog } from '~/client/components/ui/dialog';
import { inputClasses } from '~/client/components/ui/form-fields';
import { LoadError } from '~/client/components/ui/load-error';
import { Pager } from '~/client/components/ui/pager';
import { Skeleton } from '~/client/components/ui/skeleton';
import { DataTable } from '~/client/components/ui/table';
import { ApiError, apiRequest } from '~/client/lib/api';
import { formatDateTime } from './order-bits';

type MailStatus = (typeof MAIL_STATUSES)[number];
const COLUMNS = ['Date', 'E-mail', 'To', 'Status', 'Order', 'Actions'];

const kindLabel = (kind: string) => MAIL_KIND_LABELS[kind] ?? kind;
const statusLabel = (status: string) => MAIL_STATUS_LABELS[status as MailStatus] ?? status;
const STATUS_CLASSES: Record<string, string> = {
  sent: 'text-emerald-800',
  queued: 'text-slate-700',
  failed: 'text-red-700',
};

function EmailDialog({ email, onClose }: { email: AdminEmail; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ['/api/admin/emails', email.id],
    queryFn: () => apiRequest<AdminEmailDetail>('GET', `/api/admin/emails/${email.id}`),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={email.subject} size="2xl">
      <p className="mb-3 text-sm text-slate-600">
        {kindLabel(email.kind)} to {email.to} · {statusLabel(email.status)}
        {email.sentAt ? ` ${formatDateTime(email.sentAt)}` : ''}
      </p>
      {email.error && <p className="mb-3 text-sm text-red-700">Error: {email.error}</p>}
      {detail.isPending && <Skeleton className="h-96 w-full" />}
      {detail.isError && (
        <LoadError
          title="Failed to load the e-mail"
          message={(detail.error instanceof ApiError && detail.error.serverMessage) || 'Please try again.'}
          onRetry={() => detail.refetch()}
          retryLabel="Try Again"
        />
      )}
      {detail.data && (
        <div className="grid gap-3">
          {detail.data.html && (
            // sandbox with no permissions: the message's HTML runs no script and reaches nothing of the admin.
            <iframe
              title={`HTML part of: ${email.subject}`}
              sandbox=""
              srcDoc={detail.data.html}
              className="h-[28rem] w-full rounded border border-slate-200 bg-white"
            />
          )}
          <details>
            <summary className="cursor-pointer text-sm font-medium">Plain text</summary>
            <pre className="mt-2 max-h-80 overflow-auto rounded bg-slate-50 p-3 text-xs whitespace-pre-wrap">
              {detail.data.text}
            </pre>
          </details>
        </div>
      )}
    </Dialog>
  );
}

export function EmailsPanel() {
  const [status, setStatus] = useState<MailStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AdminEmail | null>(null);
  const params = new URLSearchParams({ page: String(page), limit: String(ADMIN_EMAILS_PAGE_SIZE) });
  if (status !== 'all') params.set('status', status);
  const list = useQuery({
    queryKey: ['/api/admin/emails', { page, status }],
    queryFn: () => apiRequest<AdminEmailsPage>('GET', `/api/admin/emails?${params}`),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];

  return (
    <section className="grid gap-4" aria-labelledby="admin-emails-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-emails-heading" className="text-xl font-semibold">
          E-mails
        </h2>
        <div>
          <label htmlFor="admin-email-status-filter" className="sr-only">
            Filter e-mails by status
          </label>
          <select
            id="admin-email-status-filter"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as MailStatus | 'all');
              setPage(1);
            }}
            className={inputClasses()}
          >
            <option value="all">All E-mails</option>
            {MAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {MAIL_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        columns={COLUMNS}
        minWidthClassName="min-w-[860px]"
        error={
          list.isError
            ? {
                title: 'Failed to load e-mails',
                message:
                  (list.error instanceof ApiError && list.error.serverMessage) ||
                  'The e-mails could not be loaded.',
                onRetry: () => list.refetch(),
              }
            : null
        }
        pending={list.isPending}
        empty={items.length === 0}
        emptyText={status === 'all' ? 'No e-mails yet.' : 'No e-mails with this status.'}
      >
        {items.map((m) => (
          <tr key={m.id} className="border-t border-slate-100 align-top" data-testid="admin-email-row">
            <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(m.createdAt)}</td>
            <td className="px-3 py-2">
              <div className="font-medium">{kindLabel(m.kind)}</div>
              <div className="text-xs text-slate-500">{m.subject}</div>
            </td>
            <td className="px-3 py-2 break-all">{m.to}</td>
            <td className="px-3 py-2">
              <span className={STATUS_CLASSES[m.status] ?? 'text-amber-800'}>{statusLabel(m.status)}</span>
              {m.error && <div className="text-xs text-red-700">{m.error}</div>}
            </td>
            <td className="px-3 py-2">{m.orderId ? `#${m.orderId}` : ''}</td>
            <td className="px-3 py-2 text-right">
              <Button
                variant="outline"
                size="sm"
                aria-label={`View e-mail: ${m.subject}`}
                onClick={() => setViewing(m)}
              >
                View
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager
        page={page}
        pageSize={ADMIN_EMAILS_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onPageChange={setPage}
        noun="e-mails"
      />
      {viewing && <EmailDialog key={viewing.id} email={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}
