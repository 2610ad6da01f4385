import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const countryPricingQueryOptions = queryOptions({
  queryKey: queryKeys.countryPricing,
  queryFn: () => call('catalogue.countryPricing'),
});

export function useCountryPricing() {
  return useQuery(countryPricingQueryOptions);
}

export const packagesQueryOptions = (service: string) =>
  queryOptions({
    queryKey: queryKeys.packages(service),
    queryFn: () => call('catalogue.packages', { query: { service } }),
  });

export function usePackages(service: string) {
  return useQuery(packagesQueryOptions(service));
}

/** Every active package, for pages that compare several services. */
export const allPackagesQueryOptions = queryOptions({
  queryKey: queryKeys.packages('*'),
  queryFn: () => call('catalogue.packages'),
});

export function useAllPackages() {
  return useQuery(allPackagesQueryOptions);
}

export const sipDomainsQueryOptions = queryOptions({
  queryKey: queryKeys.sipDomains,
  queryFn: () => call('catalogue.sipDomains'),
});

export function useSipDomains() {
  return useQuery(sipDomainsQueryOptions);
}
