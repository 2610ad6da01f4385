import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * A challenge from GET /api/auth/challenge solved as the browser's form solves it: the
 * `altcha` field the sign-up and sign-in requests carry. The API's tests and the browser
 * tests' sign-ups through the API both use it.
 */
export async function solvedAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
