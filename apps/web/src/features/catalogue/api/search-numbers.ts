import { catalogueApi } from '@parley/shared/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, urlOf } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The number shop's page size (its first page is also read early: app/opened-at-reads.ts). */
export const NUMBER_SHOP_PAGE_SIZE = 50;

export interface NumberSearch {
  country?: string;
  type?: string;
  q?: string;
  areaCode?: string;
  page?: number;
  pageSize?: number;
}

export function numbersQueryOptions(search: NumberSearch) {
  const query = Object.fromEntries(Object.entries(search).filter(([, value]) => value));
  return queryOptions({
    queryKey: queryKeys.numberSearch(urlOf(catalogueApi.numbers, { query })),
    queryFn: () => call(catalogueApi.numbers, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useNumbers(search: NumberSearch) {
  return useQuery(numbersQueryOptions(search));
}
