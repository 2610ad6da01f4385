import { ChainNodeError } from './port.js';

export interface JsonRpcOptions {
  /** The node's URL; user:password in it become Basic credentials and are never shown. */
  url: string;
  /** Per call (default 10 s): a node that hangs is unreachable, not a stuck watcher. */
  timeoutMs?: number;
  /**
   * Numbers in the answer kept exactly as the node wrote them, as strings: the names of
   * the object keys whose values are amounts (Bitcoin Core's `value`, `fee`…), which a
   * float would round.
   */
  exactKeys?: readonly string[];
}

/** The URL without its credentials, and the Authorization header they make. */
export function splitCredentials(raw: string): { url: string; authorization: string | null } {
  const u = new URL(raw);
  if (!u.username && !u.password) return { url: raw, authorization: null };
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  u.username = '';
  u.password = '';
  return {
    url: u.toString(),
    authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
  };
}

/**
 * Rewrites `"key": 1.23` as `"key": "1.23"` for each exact key, before JSON.parse turns
 * the number into a float. Only bare JSON numbers after one of those keys are touched.
 */
export function quoteExactNumbers(text: string, keys: readonly string[]): string {
  if (keys.length === 0) return text;
  const names = keys.map((k) => k.replace(/[^A-Za-z0-9_]/g, '')).join('|');
  const pattern = new RegExp(
    `("(?:${names})"\\s*:\\s*)(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)`,
    'g',
  );
  return text.replace(pattern, '$1"$2"');
}

let nextId = 1;

/**
 * One JSON-RPC 2.0 call (Bitcoin Core accepts it too). Failures become ChainNodeError
 * codes: the node not answering or answering HTTP errors is CHAIN_UNREACHABLE, an answer
 * that is not JSON-RPC is CHAIN_BAD_ANSWER; an RPC error object is returned to the caller
 * as `{ error }`, since some are expected (a height above the tip).
 */
export async function jsonRpc<T>(
  opts: JsonRpcOptions,
  method: string,
  params: unknown[] = [],
): Promise<{ result: T } | { error: { code: number; message: string } }> {
  const { url, authorization } = splitCredentials(opts.url);
  const id = nextId++;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
  } catch {
    throw new ChainNodeError('CHAIN_UNREACHABLE', `The node did not answer ${method}.`);
  }
  const text = await res.text().catch(() => '');
  let body: { result?: T; error?: { code: number; message: string } | null } | null = null;
  try {
    body = JSON.parse(quoteExactNumbers(text, opts.exactKeys ?? []));
  } catch {
    body = null;
  }
  // Bitcoin Core answers an RPC error with HTTP 500 and a JSON-RPC body: that is an answer.
  if (body && typeof body === 'object' && body.error)
    return { error: { code: Number(body.error.code), message: String(body.error.message) } };
  if (!res.ok)
    throw new ChainNodeError(
      'CHAIN_UNREACHABLE',
      `The node answered ${method} with HTTP ${res.status}.`,
    );
  if (!body || typeof body !== 'object' || !('result' in body))
    throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node's answer to ${method} is not JSON-RPC.`);
  return { result: body.result as T };
}

/** A call whose RPC error is a failure too (CHAIN_BAD_ANSWER with the node's code). */
export async function jsonRpcResult<T>(
  opts: JsonRpcOptions,
  method: string,
  params: unknown[] = [],
): Promise<T> {
  const answer = await jsonRpc<T>(opts, method, params);
  if ('error' in answer)
    throw new ChainNodeError(
      'CHAIN_BAD_ANSWER',
      `The node refused ${method} (error ${answer.error.code}).`,
    );
  return answer.result;
}
