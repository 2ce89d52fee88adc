import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AuditList, AuditListSchema } from '@shared/admin-audit';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

export interface AuditFilters {
  page: number;
  action: string;
  actor: string;
}

export const AUDIT_PAGE_SIZE = 25;

/** GET /api/admin/audit: admin actions, newest first. */
export async function getAuditLog(filters: AuditFilters, signal?: AbortSignal): Promise<AuditList> {
  const data = await api.get<unknown>(
    '/admin/audit',
    {
      page: filters.page,
      limit: AUDIT_PAGE_SIZE,
      action: filters.action || undefined,
      actor: filters.actor || undefined,
    },
    signal,
  );
  return AuditListSchema.parse(data);
}

export function getAuditLogQueryOptions(filters: AuditFilters) {
  return queryOptions({
    queryKey: [ACCOUNT_QUERY_SCOPE, 'admin-audit', filters],
    queryFn: ({ signal }) => getAuditLog(filters, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery(getAuditLogQueryOptions(filters));
}
