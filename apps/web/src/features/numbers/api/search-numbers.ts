import type { NumbersPage } from '@parley/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface NumberSearch {
  country?: string;
  type?: string;
  q?: string;
  page?: number;
  pageSize?: number;
}

export function numbersQueryOptions(search: NumberSearch) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value) params.set(key, String(value));
  return queryOptions({
    queryKey: ['numbers', params.toString()],
    queryFn: () => apiFetch<NumbersPage>(`/api/numbers?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useNumbers(search: NumberSearch) {
  return useQuery(numbersQueryOptions(search));
}
