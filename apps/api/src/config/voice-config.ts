import { DEFAULT_VOICE_INCREMENTS, type Increments, parseIncrements } from '@parley/shared';
import { z } from 'zod';

export interface VoiceConfig {
  /** `sandbox` simulates calls in-process; `sip` hands them to the SIP edge. */
  gateway: 'sandbox' | 'sip';
  /** VOICE_BILLING_INCREMENTS: first/next seconds (60/60 by default, 1/1 per second). */
  increments: Increments;
  incrementsText: string;
  /** What softphones are told: the SIP domain (digest realm) and ports. */
  domain: string;
  ports: { udp: number; tcp: number; tls: number };
  wssUrl: string;
  /** The edge's shared secret for /internal/voice/*; null refuses every edge request. */
  edgeSecret: string | null;
  /** Encrypts SIP passwords at rest; when unset, derived from the session secret. */
  encryptionKey: string | null;
  /** A call not answered within this is ended (no answer) and costs nothing. */
  ringTimeoutMs: number;
  /** Where the SIP edge (npm run voice:edge) listens, on SIP_PORT_UDP/TCP. */
  edgeListen: string;
  /** The carrier's trunk the edge sends allowed calls to (host:port), or null. */
  trunk: string | null;
  /** Parley's address as the edge reaches it (VOICE_EDGE_PARLEY_URL), or null: then
   * http://127.0.0.1:PORT. */
  edgeParleyUrl: string | null;
  /** Kamailio's JSON-RPC (VOICE_EDGE_RPC_URL): Parley ends calls there; the edge listens
   * on its address and port. */
  edgeRpcUrl: string;
}

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a port number')
  .min(1, 'must be a port number')
  .max(65535, 'must be at most 65535');

/** The environment keys of voice (read by config/env.ts). */
export const voiceEnvShape = {
  VOICE_GATEWAY: z.enum(['sandbox', 'sip'], { error: "must be 'sandbox' or 'sip'" }),
  VOICE_BILLING_INCREMENTS: z
    .string()
    .refine((v) => parseIncrements(v) !== null, 'must be first/next seconds such as 60/60 or 1/1'),
  SIP_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
      'must be a host name such as sip.example.com',
    ),
  SIP_PORT_UDP: port,
  SIP_PORT_TCP: port,
  SIP_PORT_TLS: port,
  SIP_WSS_URL: z.url({ protocol: /^wss?$/, error: 'must be a wss:// URL' }),
  VOICE_EDGE_SECRET: z.string().min(32, 'must be at least 32 characters'),
  VOICE_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters'),
  VOICE_EDGE_LISTEN: z.union([z.ipv4(), z.ipv6()], 'must be an IP address such as 0.0.0.0'),
  VOICE_TRUNK_URI: z
    .string()
    .trim()
    .regex(
      /^sips?:(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/,
      'must be a SIP URI of the trunk, such as sip:trunk.example.net:5060',
    ),
  VOICE_EDGE_PARLEY_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  VOICE_EDGE_RPC_URL: z
    .url({ protocol: /^http$/, error: 'must be an http:// URL such as http://10.0.0.4:5071/rpc' })
    .refine(
      (v) => /^\[?[0-9a-fA-F:.]+\]?$/.test(new URL(v).hostname) && new URL(v).port !== '',
      'must name the edge by IP address and port, such as http://10.0.0.4:5071/rpc',
    ),
  VOICE_RING_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(5, 'must be at least 5')
    .max(600, 'must be at most 600'),
};

type VoiceEnv = { [K in keyof typeof voiceEnvShape]?: z.output<(typeof voiceEnvShape)[K]> };

export function voiceProblems(e: VoiceEnv): string[] {
  return e.VOICE_GATEWAY === 'sip' && !e.VOICE_EDGE_SECRET
    ? ['VOICE_EDGE_SECRET: is required when VOICE_GATEWAY=sip']
    : [];
}

export function voiceConfig(e: VoiceEnv): VoiceConfig {
  const incrementsText = e.VOICE_BILLING_INCREMENTS?.trim() ?? DEFAULT_VOICE_INCREMENTS;
  const domain = e.SIP_DOMAIN ?? 'sip.parley.example';
  return {
    gateway: e.VOICE_GATEWAY ?? 'sandbox',
    increments: parseIncrements(incrementsText) ?? { first: 60, next: 60 },
    incrementsText,
    domain,
    ports: {
      udp: e.SIP_PORT_UDP ?? 5060,
      tcp: e.SIP_PORT_TCP ?? 5060,
      tls: e.SIP_PORT_TLS ?? 5061,
    },
    wssUrl: e.SIP_WSS_URL ?? `wss://${domain}:8443/ws`,
    edgeSecret: e.VOICE_EDGE_SECRET ?? null,
    encryptionKey: e.VOICE_ENCRYPTION_KEY ?? null,
    ringTimeoutMs: (e.VOICE_RING_TIMEOUT_SECONDS ?? 60) * 1000,
    edgeListen: e.VOICE_EDGE_LISTEN ?? '127.0.0.1',
    trunk: e.VOICE_TRUNK_URI?.replace(/^sips?:/, '') ?? null,
    edgeParleyUrl: e.VOICE_EDGE_PARLEY_URL ?? null,
    edgeRpcUrl: e.VOICE_EDGE_RPC_URL ?? 'http://127.0.0.1:5071/rpc',
  };
}
