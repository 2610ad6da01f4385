import { auditAdminApi } from '@parley/shared/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';

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
  const query = Object.fromEntries(
    Object.entries(filters).map(([key, value]) => [key, value.trim() || undefined]),
  );
  return queryOptions({
    queryKey: [...adminKeys.adminAudit, filters, page],
    queryFn: () =>
      call(auditAdminApi.list, { query: { ...query, page, pageSize: AUDIT_PAGE_SIZE } }),
  });
};

export function useAuditPage(filters: AuditFilters, page: number) {
  return useQuery({ ...auditPageQueryOptions(filters, page), placeholderData: keepPreviousData });
}

export const auditFacetsQueryOptions = queryOptions({
  queryKey: [...adminKeys.adminAudit, 'facets'],
  queryFn: () => call(auditAdminApi.facets),
});

export function useAuditFacets() {
  return useQuery(auditFacetsQueryOptions);
}
