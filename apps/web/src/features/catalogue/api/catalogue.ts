import type { CountryPricing, Package } from '@parley/shared';
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
