import { catalogueApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const countryPricingQueryOptions = queryOptions({
  queryKey: queryKeys.countryPricing,
  queryFn: () => call(catalogueApi.countryPricing),
});

export function useCountryPricing() {
  return useQuery(countryPricingQueryOptions);
}

/** A service's active packages in the reader's language (English where untranslated). */
export const packagesQueryOptions = (service: string, lang: string) =>
  queryOptions({
    queryKey: queryKeys.packages(service, lang),
    queryFn: () => call(catalogueApi.packages, { query: { service, lang } }),
  });

export function usePackages(service: string) {
  return useQuery(packagesQueryOptions(service, useTranslation().i18n.language));
}

/** Every active package, for pages that compare several services. */
export const allPackagesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: queryKeys.packages('*', lang),
    queryFn: () => call(catalogueApi.packages, { query: { lang } }),
  });

export function useAllPackages() {
  return useQuery(allPackagesQueryOptions(useTranslation().i18n.language));
}

export const sipDomainsQueryOptions = queryOptions({
  queryKey: queryKeys.sipDomains,
  queryFn: () => call(catalogueApi.sipDomains),
});

export function useSipDomains() {
  return useQuery(sipDomainsQueryOptions);
}
