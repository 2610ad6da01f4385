import type { AuditFacets, AuditPage } from '@parley/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The audit tab's filters, as the query string carries them (empty means any). */
export interface AuditFilters {
  action: string;
  actor: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  action: '',
  actor: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

export const AUDIT_PAGE_SIZE = 20;

export const auditPageQueryOptions = (filters: AuditFilters, page: number) => {
  const params = new URLSearchParams({ page: String(page), pageSize: String(AUDIT_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters))
    if (value.trim()) params.set(key, value.trim());
  return queryOptions({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: () => apiFetch<AuditPage>(`/api/admin/audit?${params}`),
  });
};

export function useAuditPage(filters: AuditFilters, page: number) {
  return useQuery({ ...auditPageQueryOptions(filters, page), placeholderData: keepPreviousData });
}

export const auditFacetsQueryOptions = queryOptions({
  queryKey: ['admin', 'audit', 'facets'],
  queryFn: () => apiFetch<AuditFacets>('/api/admin/audit/facets'),
});

export function useAuditFacets() {
  return useQuery(auditFacetsQueryOptions);
}
