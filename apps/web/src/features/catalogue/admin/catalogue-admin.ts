import { catalogueAdminApi, type Endpoints, type OutputOf } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_SIGN_IN } from '@/lib/admin-errors';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The endpoints of each catalogue collection, all with the same list/create/update/delete shape. */
const ENDPOINTS = {
  services: {
    list: catalogueAdminApi.services,
    create: catalogueAdminApi.createService,
    update: catalogueAdminApi.updateService,
    remove: catalogueAdminApi.deleteService,
  },
  packages: {
    list: catalogueAdminApi.packages,
    create: catalogueAdminApi.createPackage,
    update: catalogueAdminApi.updatePackage,
    remove: catalogueAdminApi.deletePackage,
  },
  'country-pricing': {
    list: catalogueAdminApi.countryPricing,
    create: catalogueAdminApi.createCountryPricing,
    update: catalogueAdminApi.updateCountryPricing,
    remove: catalogueAdminApi.deleteCountryPricing,
  },
  'sip-domains': {
    list: catalogueAdminApi.sipDomains,
    create: catalogueAdminApi.createSipDomain,
    update: catalogueAdminApi.updateSipDomain,
    remove: catalogueAdminApi.deleteSipDomain,
  },
  numbers: {
    list: catalogueAdminApi.numbers,
    create: catalogueAdminApi.createNumber,
    update: catalogueAdminApi.updateNumber,
    remove: catalogueAdminApi.deleteNumber,
  },
} as const;

export type CatalogueResource = keyof typeof ENDPOINTS;
/** A row of a collection, as its list endpoint answers it. */
export type RowOf<R extends CatalogueResource> =
  OutputOf<Endpoints[(typeof ENDPOINTS)[R]['list']['name']]> extends readonly (infer Row)[]
    ? Row
    : never;

// The form's values go as they are: the server checks them against the contract.
type FormBody = { body: never };

export const adminListQueryOptions = <R extends CatalogueResource>(resource: R) =>
  queryOptions({
    queryKey: adminKeys.adminCatalogue(resource),
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
      [adminKeys.admin, queryKeys.catalogue, queryKeys.numbers].map((queryKey) =>
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
  const route =
    resource === 'numbers'
      ? catalogueAdminApi.importNumbers
      : catalogueAdminApi.importCountryPricing;
  return useMutation({
    meta: ADMIN_SIGN_IN,
    mutationFn: ({ csv, commit }: { csv: string; commit: boolean }) =>
      call(route, { query: { commit: commit ? 'true' : 'false' }, body: csv }),
    onSuccess: (result) => (result.committed ? refresh() : undefined),
  });
}
