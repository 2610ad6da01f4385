import type { Service } from '@parley/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Active services, as the landing page, the signed-in home and the dashboard show them. */
export const servicesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'services'],
  queryFn: () => apiFetch<Service[]>('/api/services'),
});

export function useServices() {
  return useQuery(servicesQueryOptions);
}
