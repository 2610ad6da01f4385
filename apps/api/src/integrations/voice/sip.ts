import type { GatewayEvent, VoiceGateway } from './port.js';

/** The edge counts as connected while it was heard from within this. */
export const EDGE_SEEN_MS = 120_000;

type Dialog = { h_entry?: number; h_id?: number; state?: number };

/** Every object in a JSON-RPC result that describes a dialog (its shape varies by version). */
function dialogsIn(result: unknown): Dialog[] {
  if (Array.isArray(result)) return result.flatMap(dialogsIn);
  if (result && typeof result === 'object') {
    const r = result as Record<string, unknown>;
    if (typeof r.h_entry === 'number' && typeof r.h_id === 'number') return [r as Dialog];
    return Object.values(r).flatMap(dialogsIn);
  }
  return [];
}

/**
 * Calls through the SIP edge (Kamailio): the edge dials, and reports through
 * `/internal/voice/*` rather than through events here. A web call waits, with its token,
 * for the browser's softphone to send the INVITE the edge authorises. Ending an answered
 * call is asked of Kamailio over JSON-RPC (`rpcUrl`, with the edge's secret).
 */
export function createSipVoiceGateway(opts: {
  rpcUrl: string;
  secret: string | null;
  now?: () => number;
  /** How often each instance asks the edge's RPC whether it is up (0: never). */
  pingMs?: number;
}): VoiceGateway & {
  /** The edge was heard from (any /internal/voice request). */
  touch(): void;
} {
  const now = opts.now ?? Date.now;
  let seenAt = 0;

  async function rpc(method: string, params: unknown[]): Promise<unknown> {
    const res = await fetch(opts.rpcUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${opts.secret ?? ''}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }),
      signal: AbortSignal.timeout(3000),
    });
    if (!res.ok) throw new Error(`edge RPC ${method}: HTTP ${res.status}`);
    const body = (await res.json()) as { result?: unknown; error?: { message?: string } };
    if (body.error) throw new Error(`edge RPC ${method}: ${body.error.message ?? 'error'}`);
    return body.result;
  }

  // Every instance hears for itself whether the edge is up: from the edge's requests,
  // which may all go to another instance, and from asking its RPC.
  const pingMs = opts.pingMs ?? 10_000;
  const ping = () =>
    rpc('core.version', []).then(
      () => {
        seenAt = now();
      },
      () => {},
    );
  const pinger = pingMs > 0 && opts.secret ? setInterval(ping, pingMs) : null;
  pinger?.unref();
  if (pinger) void ping();

  return {
    mode: 'sip',
    connected: () => now() - seenAt < EDGE_SEEN_MS,
    touch() {
      seenAt = now();
    },
    dial() {},
    hangup: () => false,
    async endOnEdge(edgeCallId: string) {
      if (!opts.secret) return false;
      try {
        const [dialog] = dialogsIn(await rpc('dlg.list_match', ['callid', 'eq', edgeCallId]));
        if (!dialog) return false;
        await rpc('dlg.end_dlg', [dialog.h_entry, dialog.h_id]);
        return true;
      } catch {
        return false;
      }
    },
    async reloadTrunkSources() {
      if (!opts.secret) return false;
      try {
        // The permissions module reads sip_trunk_sources again (its address table).
        await rpc('permissions.addressReload', []);
        return true;
      } catch {
        return false;
      }
    },
    running: () => [],
    onEvent(_listener: (e: GatewayEvent) => Promise<void>) {},
    async close() {
      if (pinger) clearInterval(pinger);
    },
  };
}
