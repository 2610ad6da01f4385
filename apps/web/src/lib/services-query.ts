import { catalogueApi } from '@parley/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api';
import { queryKeys } from './query-keys';

/** Active services, as the landing page, the signed-in home and the dashboard show them. */
export const servicesQueryOptions = queryOptions({
  queryKey: queryKeys.services,
  queryFn: () => call(catalogueApi.services),
});

export function useServices() {
  return useQuery(servicesQueryOptions);
}
