import { catalogueApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const countryPricingQueryOptions = queryOptions({
  queryKey: queryKeys.countryPricing,
  queryFn: () => call(catalogueApi.countryPricing),
});

export function useCountryPricing() {
  return useQuery(countryPricingQueryOptions);
}

export const packagesQueryOptions = (service: string) =>
  queryOptions({
    queryKey: queryKeys.packages(service),
    queryFn: () => call(catalogueApi.packages, { query: { service } }),
  });

export function usePackages(service: string) {
  return useQuery(packagesQueryOptions(service));
}

/** Every active package, for pages that compare several services. */
export const allPackagesQueryOptions = queryOptions({
  queryKey: queryKeys.packages('*'),
  queryFn: () => call(catalogueApi.packages),
});

export function useAllPackages() {
  return useQuery(allPackagesQueryOptions);
}

export const sipDomainsQueryOptions = queryOptions({
  queryKey: queryKeys.sipDomains,
  queryFn: () => call(catalogueApi.sipDomains),
});

export function useSipDomains() {
  return useQuery(sipDomainsQueryOptions);
}
