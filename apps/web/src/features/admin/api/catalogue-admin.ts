import type { Endpoints, OutputOf, RouteName } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { ADMIN_SIGN_IN } from './admin-errors';

/** The endpoints of each catalogue collection, all with the same list/create/update/delete shape. */
const ENDPOINTS = {
  services: {
    list: 'catalogueAdmin.services',
    create: 'catalogueAdmin.createService',
    update: 'catalogueAdmin.updateService',
    remove: 'catalogueAdmin.deleteService',
  },
  packages: {
    list: 'catalogueAdmin.packages',
    create: 'catalogueAdmin.createPackage',
    update: 'catalogueAdmin.updatePackage',
    remove: 'catalogueAdmin.deletePackage',
  },
  'country-pricing': {
    list: 'catalogueAdmin.countryPricing',
    create: 'catalogueAdmin.createCountryPricing',
    update: 'catalogueAdmin.updateCountryPricing',
    remove: 'catalogueAdmin.deleteCountryPricing',
  },
  'sip-domains': {
    list: 'catalogueAdmin.sipDomains',
    create: 'catalogueAdmin.createSipDomain',
    update: 'catalogueAdmin.updateSipDomain',
    remove: 'catalogueAdmin.deleteSipDomain',
  },
  numbers: {
    list: 'catalogueAdmin.numbers',
    create: 'catalogueAdmin.createNumber',
    update: 'catalogueAdmin.updateNumber',
    remove: 'catalogueAdmin.deleteNumber',
  },
} as const satisfies Record<string, Record<'list' | 'create' | 'update' | 'remove', RouteName>>;

export type CatalogueResource = keyof typeof ENDPOINTS;
/** A row of a collection, as its list endpoint answers it. */
export type RowOf<R extends CatalogueResource> =
  OutputOf<Endpoints[(typeof ENDPOINTS)[R]['list']]> extends readonly (infer Row)[] ? Row : never;

// The form's values go as they are: the server checks them against the contract.
type FormBody = { body: never };

export const adminListQueryOptions = <R extends CatalogueResource>(resource: R) =>
  queryOptions({
    queryKey: queryKeys.adminCatalogue(resource),
    queryFn: () => call(ENDPOINTS[resource].list) as Promise<RowOf<R>[]>,
  });

export function useAdminList<R extends CatalogueResource>(resource: R) {
  return useQuery(adminListQueryOptions(resource));
}

/**
 * After a change every admin list (a renamed service shows in Packages) and every
 * customer-facing catalogue query reload, number searches included.
 */
function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.admin, queryKeys.catalogue, queryKeys.numbers].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSaveItem(resource: CatalogueResource) {
  const refresh = useRefreshCatalogue();
  const { create, update } = ENDPOINTS[resource];
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: ({ id, body }: { id?: string; body: unknown }) =>
      id
        ? call(update, { params: { id }, ...({ body } as FormBody) })
        : call(create, { body } as FormBody),
    onSuccess: refresh,
  });
}

export function useDeleteItem(resource: CatalogueResource) {
  const refresh = useRefreshCatalogue();
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: (id: string) => call(ENDPOINTS[resource].remove, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Sends a CSV file; without `commit` the server only answers with its per-line preview. */
export function useCsvImport(resource: 'country-pricing' | 'numbers') {
  const refresh = useRefreshCatalogue();
  const name =
    resource === 'numbers' ? 'catalogueAdmin.importNumbers' : 'catalogueAdmin.importCountryPricing';
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: ({ csv, commit }: { csv: string; commit: boolean }) =>
      call(name, { query: { commit: commit ? 'true' : 'false' }, body: csv }),
    onSuccess: (result) => (result.committed ? refresh() : undefined),
  });
}
