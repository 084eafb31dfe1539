// Queries of the Audit Log tab: one page of the log for a set of filters, and the filters' choices.
import { queryOptions } from '@tanstack/react-query';
import type { AuditLogEntry, AuditLogFilters } from '~/shared/schemas/admin-reports-audit-log';
import { apiGetPage } from '~/client/lib/api';

export const AUDIT_LOG_PATH = '/api/admin/audit-log';

export type AuditLogParams = {
  page: number;
  limit: number;
  q: string;
  action: string;
  entity: string;
  userId: string;
  from: string;
  to: string;
};

export function auditLogPath(params: AuditLogParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== '') search.set(key, String(value));
  return `${AUDIT_LOG_PATH}?${search}`;
}

export const auditLogQueryOptions = (params: AuditLogParams) =>
  queryOptions({
    queryKey: [AUDIT_LOG_PATH, params],
    queryFn: ({ client }) => apiGetPage<AuditLogEntry>(client, auditLogPath(params)),
  });

export const auditLogFiltersQueryOptions = () =>
  queryOptions<AuditLogFilters>({ queryKey: [`${AUDIT_LOG_PATH}/filters`] });
