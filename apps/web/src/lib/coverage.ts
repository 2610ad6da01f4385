import { catalogueApi } from '@parley/shared/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from './api';
import { queryKeys } from './query-keys';

/** Shown where a count has not arrived (or could not be read). */
const UNKNOWN = '—';

/**
 * What the catalogue really covers (GET /api/coverage): the landing page's, the SIP
 * services page's and the number shop's country counts, in the reader's digits. Shared
 * by those features, so it lives here rather than in one of them.
 */
export function useCoverage() {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.coverage,
    queryFn: () => call(catalogueApi.coverage),
  });
  const format = (n: number | undefined) =>
    n === undefined ? UNKNOWN : new Intl.NumberFormat(i18n.language).format(n);
  return {
    countries: format(query.data?.countries),
    numberCountries: format(query.data?.numberCountries),
    loaded: query.isSuccess,
  };
}
