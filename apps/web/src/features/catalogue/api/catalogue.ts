import type { CountryPricing, Package, SipDomain } from '@parley/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const countryPricingQueryOptions = queryOptions({
  queryKey: ['catalogue', 'country-pricing'],
  queryFn: () => apiFetch<CountryPricing[]>('/api/country-pricing'),
});

export function useCountryPricing() {
  return useQuery(countryPricingQueryOptions);
}

export const packagesQueryOptions = (service: string) =>
  queryOptions({
    queryKey: ['catalogue', 'packages', service],
    queryFn: () => apiFetch<Package[]>(`/api/packages?service=${encodeURIComponent(service)}`),
  });

export function usePackages(service: string) {
  return useQuery(packagesQueryOptions(service));
}

/** Every active package, for pages that compare several services. */
export const allPackagesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'packages', '*'],
  queryFn: () => apiFetch<Package[]>('/api/packages'),
});

export function useAllPackages() {
  return useQuery(allPackagesQueryOptions);
}

export const sipDomainsQueryOptions = queryOptions({
  queryKey: ['catalogue', 'sip-domains'],
  queryFn: () => apiFetch<SipDomain[]>('/api/sip-domains'),
});

export function useSipDomains() {
  return useQuery(sipDomainsQueryOptions);
}
