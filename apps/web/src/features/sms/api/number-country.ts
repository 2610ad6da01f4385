import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * The country of an international number, read with libphonenumber like the server does.
 * Its metadata is loaded only when asked (decision 0004): the page does not carry it.
 * Null when the number has no country; an error when the code could not be loaded.
 */
export function useNumberCountry(recipient: string | null) {
  return useQuery({
    queryKey: queryKeys.numberCountry(recipient ?? ''),
    queryFn: async () => {
      const { countryOfNumber } = await import('@parley/shared/phone');
      return countryOfNumber(recipient ?? '')?.country ?? null;
    },
    enabled: recipient !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
