import { catalogueApi } from '@parley/shared/api';
import { useQuery } from '@tanstack/react-query';
import { call } from './api';
import { queryKeys } from './query-keys';

/**
 * Active services in the reader's language `lang` (the server falls back to English),
 * as the landing page, the signed-in home and the service pages show them.
 */
export function useServices(lang: string) {
  return useQuery({
    queryKey: queryKeys.services(lang),
    queryFn: () => call(catalogueApi.services, { query: { lang } }),
  });
}
