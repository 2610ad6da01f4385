import { authApi } from '@parley/shared/api';
import { call } from '@/lib/api';

/**
 * Fetches a challenge and solves it (SHA-256 proof of work, well under a second on a
 * phone). The solver is loaded on first use so it stays out of the landing bundle.
 * Returns the `altcha` field the sign-in and sign-up requests carry.
 */
export async function solveSecurityCheck(signal?: AbortSignal): Promise<string> {
  const [challenge, { solveChallenge }, { deriveKey }] = await Promise.all([
    call(authApi.challenge),
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
  ]);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 30_000 });
  if (!solution) throw new Error('The security check could not be completed.');
  return btoa(JSON.stringify({ challenge, solution }));
}
