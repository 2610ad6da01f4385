import { splitCredentials } from './json-rpc.js';
import { ChainNodeError } from './port.js';

export interface TronHttpOptions {
  /** The node's base URL (a path prefix is kept); user:password become Basic credentials. */
  url: string;
  /** Per call (default 10 s). */
  timeoutMs?: number;
}

/** The endpoint's URL: the base URL's path, then `/wallet/…`, its query string kept. */
function endpoint(base: string, path: string): string {
  const u = new URL(base);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}${path}`;
  return u.toString();
}

/**
 * One POST to a java-tron HTTP endpoint (`/wallet/getnowblock`…). The node not answering
 * or answering an HTTP error is CHAIN_UNREACHABLE; a body that is not JSON, or java-tron's
 * `{"Error": …}`, is CHAIN_BAD_ANSWER. Neither message carries the URL nor the answer.
 */
export async function tronPost(
  opts: TronHttpOptions,
  path: string,
  body: Record<string, unknown> = {},
): Promise<unknown> {
  const { url, authorization } = splitCredentials(opts.url);
  let res: Response;
  try {
    res = await fetch(endpoint(url, path), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
  } catch {
    throw new ChainNodeError('CHAIN_UNREACHABLE', `The node did not answer ${path}.`);
  }
  const text = await res.text().catch(() => '');
  if (!res.ok)
    throw new ChainNodeError(
      'CHAIN_UNREACHABLE',
      `The node answered ${path} with HTTP ${res.status}.`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node's answer to ${path} is not JSON.`);
  }
  if (parsed && typeof parsed === 'object' && 'Error' in parsed)
    throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node refused ${path}.`);
  return parsed;
}
