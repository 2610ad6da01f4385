import { z } from 'zod';
import type { EdgeSettings } from '../integrations/voice/kamailio-config.js';
import type { MediaSettings } from '../integrations/voice/rtpengine-config.js';
import { type Config, processEnv } from './env.js';

/** Failed digest answers from one address before it is refused for AUTH_BAN_SECONDS. */
const AUTH_FAIL_LIMIT = 10;
const AUTH_BAN_SECONDS = 600;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const ip = z.union([z.ipv4(), z.ipv6()], 'must be an IP address');
const port = z.coerce.number().int().min(1).max(65535, 'must be a port number');

/** Settings only the edge reads (npm run voice:edge); Parley's servers never need them. */
const edgeEnvSchema = z.object({
  VOICE_MEDIA_ADDRESS: z.preprocess(blank, ip.optional()),
  VOICE_MEDIA_PUBLIC_ADDRESS: z.preprocess(blank, ip.optional()),
  VOICE_MEDIA_PORTS: z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{4,5}-\d{4,5}$/, 'must be a range such as 30000-40000')
      .refine((v) => {
        const [min, max] = v.split('-').map(Number) as [number, number];
        return min >= 1024 && max <= 65535 && min < max;
      }, 'must be a range between 1024 and 65535')
      .optional(),
  ),
  VOICE_MEDIA_CONTROL_PORT: z.preprocess(blank, port.optional()),
  VOICE_TRUNK_USERNAME: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[\x21-\x7e]{1,128}$/)
      .optional(),
  ),
  VOICE_TRUNK_PASSWORD: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[\x21-\x7e]{1,128}$/)
      .optional(),
  ),
  SIP_TLS_CERT: z.preprocess(
    blank,
    z
      .string()
      .regex(/^\/[\w./-]+$/, 'must be an absolute path')
      .optional(),
  ),
  SIP_TLS_KEY: z.preprocess(
    blank,
    z
      .string()
      .regex(/^\/[\w./-]+$/, 'must be an absolute path')
      .optional(),
  ),
  VOICE_EDGE_WS_PORT: z.preprocess(blank, port.optional()),
  // Given, never guessed: a phone on an address taken for the carrier's calls without
  // authentication. `none` when the trunk never calls in.
  VOICE_TRUNK_SOURCES: z.preprocess(
    blank,
    z
      .string()
      .transform((v) =>
        v.trim().toLowerCase() === 'none' ? [] : v.split(',').map((s) => s.trim()),
      )
      .pipe(z.array(ip, "must be the carrier's IP addresses, comma-separated, or none"))
      .optional(),
  ),
  // Kamailio's own role on Parley's database: it reads the edge's views only (EDGE_READS).
  VOICE_EDGE_DATABASE_URL: z.preprocess(
    blank,
    z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
});

/**
 * Kamailio's and rtpengine's settings from Parley's config and the edge's own variables,
 * or the problems that stop it (each naming its variable).
 */
export function edgeSettings(
  config: Config,
  env: NodeJS.ProcessEnv = processEnv(),
): { settings: EdgeSettings; media: MediaSettings } | { problems: string[] } {
  const parsed = edgeEnvSchema.safeParse(env);
  if (!parsed.success)
    return { problems: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`) };
  const e = parsed.data;
  const problems: string[] = [];
  if (!e.VOICE_EDGE_DATABASE_URL)
    problems.push(
      "VOICE_EDGE_DATABASE_URL: is required: Parley's PostgreSQL as the edge's own role, which may read only the edge's views (npm run voice:edge -- role-sql); the embedded database is for the sandbox only",
    );
  if (!config.voice.edgeSecret) problems.push('VOICE_EDGE_SECRET: is required');
  if (!config.voice.trunk) problems.push('VOICE_TRUNK_URI: is required (the carrier trunk)');
  if (Boolean(e.VOICE_TRUNK_USERNAME) !== Boolean(e.VOICE_TRUNK_PASSWORD))
    problems.push('VOICE_TRUNK_USERNAME and VOICE_TRUNK_PASSWORD: give both or neither');
  const wildcard = ['0.0.0.0', '::'].includes(config.voice.edgeListen);
  const mediaAddress = e.VOICE_MEDIA_ADDRESS ?? (wildcard ? undefined : config.voice.edgeListen);
  if (!mediaAddress)
    problems.push('VOICE_MEDIA_ADDRESS: is required when VOICE_EDGE_LISTEN is a wildcard');
  const sources = e.VOICE_TRUNK_SOURCES;
  if (!sources)
    problems.push(
      "VOICE_TRUNK_SOURCES: is required: the IP addresses the carrier's calls come from, comma-separated, or none",
    );
  if (Boolean(e.SIP_TLS_CERT) !== Boolean(e.SIP_TLS_KEY))
    problems.push('SIP_TLS_CERT and SIP_TLS_KEY: give both or neither');
  // The browser's address says where the edge takes WebSockets: ws:// plainly (a TLS
  // proxy in front, or a test), wss:// with the certificate; VOICE_EDGE_WS_PORT adds a
  // plain listener for a proxy.
  const wss = new URL(config.voice.wssUrl);
  const wssPort = Number(wss.port || (wss.protocol === 'wss:' ? 443 : 80));
  const tlsGiven = Boolean(e.SIP_TLS_CERT && e.SIP_TLS_KEY);
  if (wss.protocol === 'wss:' && !tlsGiven && !e.VOICE_EDGE_WS_PORT)
    problems.push(
      'SIP_TLS_CERT and SIP_TLS_KEY: are required for SIP_WSS_URL wss:// (or set VOICE_EDGE_WS_PORT for a TLS proxy in front)',
    );
  const websocket = {
    ...(wss.protocol === 'ws:' ? { port: wssPort } : {}),
    ...(e.VOICE_EDGE_WS_PORT ? { port: e.VOICE_EDGE_WS_PORT } : {}),
    ...(wss.protocol === 'wss:' && tlsGiven ? { securePort: wssPort } : {}),
  };
  if (problems.length > 0 || !mediaAddress || !sources) return { problems };
  const rpc = new URL(config.voice.edgeRpcUrl);
  const [min, max] = (e.VOICE_MEDIA_PORTS ?? '30000-40000').split('-').map(Number) as [
    number,
    number,
  ];
  const control = { address: '127.0.0.1', port: e.VOICE_MEDIA_CONTROL_PORT ?? 2223 };
  return {
    settings: {
      domain: config.voice.domain,
      listen: {
        address: config.voice.edgeListen,
        port: config.voice.ports.udp,
        tcpPort: config.voice.ports.tcp,
      },
      databaseUrl: e.VOICE_EDGE_DATABASE_URL ?? '',
      parleyUrl: config.voice.edgeParleyUrl ?? `http://127.0.0.1:${config.port}`,
      edgeSecret: config.voice.edgeSecret ?? '',
      trunk: config.voice.trunk ?? '',
      ...(e.VOICE_TRUNK_USERNAME && e.VOICE_TRUNK_PASSWORD
        ? { trunkAuth: { username: e.VOICE_TRUNK_USERNAME, password: e.VOICE_TRUNK_PASSWORD } }
        : {}),
      trunkSources: sources,
      websocket,
      ...(e.SIP_TLS_CERT && e.SIP_TLS_KEY
        ? {
            tls: {
              port: config.voice.ports.tls,
              certificate: e.SIP_TLS_CERT,
              privateKey: e.SIP_TLS_KEY,
            },
          }
        : {}),
      rpc: { address: rpc.hostname.replace(/^\[|\]$/g, ''), port: Number(rpc.port) },
      ringTimeoutSeconds: config.voice.ringTimeoutMs / 1000,
      media: control,
      authFailLimit: AUTH_FAIL_LIMIT,
      authBanSeconds: AUTH_BAN_SECONDS,
    },
    media: {
      address: mediaAddress,
      ...(e.VOICE_MEDIA_PUBLIC_ADDRESS ? { advertised: e.VOICE_MEDIA_PUBLIC_ADDRESS } : {}),
      ports: { min, max },
      control,
    },
  };
}
