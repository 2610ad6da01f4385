import type { CsvImportResult } from '@parley/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The catalogue collections under /api/admin, each with the same CRUD shape. */
export type CatalogueResource =
  | 'services'
  | 'packages'
  | 'country-pricing'
  | 'sip-domains'
  | 'numbers';

export const adminListQueryOptions = <T>(resource: CatalogueResource) =>
  queryOptions({
    queryKey: ['admin', resource],
    queryFn: () => apiFetch<T[]>(`/api/admin/${resource}`),
  });

export function useAdminList<T>(resource: CatalogueResource) {
  return useQuery(adminListQueryOptions<T>(resource));
}

/**
 * After a change every admin list (a renamed service shows in Packages) and every
 * customer-facing catalogue query reload, number searches included.
 */
function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['admin'], ['catalogue'], ['numbers']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSaveItem<T>(resource: CatalogueResource) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: unknown }) =>
      apiFetch<T>(id ? `/api/admin/${resource}/${id}` : `/api/admin/${resource}`, {
        method: id ? 'PUT' : 'POST',
        body: JSON.stringify(body),
      }),
    onSuccess: refresh,
  });
}

export function useDeleteItem(resource: CatalogueResource) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/admin/${resource}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** Sends a CSV file; without `commit` the server only answers with its per-line preview. */
export function useCsvImport(resource: 'country-pricing' | 'numbers') {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ csv, commit }: { csv: string; commit: boolean }) =>
      apiFetch<CsvImportResult>(`/api/admin/${resource}/import?commit=${commit}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: csv,
      }),
    onSuccess: (result) => (result.committed ? refresh() : undefined),
  });
}
