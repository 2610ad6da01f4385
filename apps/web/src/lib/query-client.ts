import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized, type SignInAgain, signInAgain } from './session-expired';

declare module '@tanstack/react-query' {
  interface Register {
    /** `signInAgain`: a 401 answer shows this toast and leads to sign-in. */
    mutationMeta: { signInAgain?: SignInAgain };
  }
}

/**
 * No retry, no refetch on focus, no polling, data never stale. The one place a 401 is
 * handled: a change refused because the session ended signs in again, with the toast
 * its feature names in the mutation's `meta`.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (err, _variables, _context, mutation) => {
        const notice = mutation.meta?.signInAgain;
        if (notice && isUnauthorized(err)) signInAgain(notice);
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
