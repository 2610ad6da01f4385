import path from 'node:path';
import { z } from 'zod';
import type { MailEdgeSettings } from '../integrations/mail-edge/settings.js';
import { type Config, processEnv } from './env.js';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const ip = z.union([z.ipv4(), z.ipv6()], 'must be an IP address');
const port = z.coerce.number().int().min(1).max(65535, 'must be a port number');
const absolute = z.string().regex(/^\/[\w./-]+$/, 'must be an absolute path');
/** Haraka's retry schedule: "5s*3,1m,10m*2" (seconds, minutes, hours, days; each ≥ 5 s). */
const SCHEDULE = /^\s*\d{1,6}[smhd](\*\d{1,3})?(\s*,\s*\d{1,6}[smhd](\*\d{1,3})?)*\s*$/;

/** smtp://[user:pass@]host:port, nothing else. */
const relayUrl = z
  .url({ protocol: /^smtp$/, error: 'must be smtp://[user:password@]host:port' })
  .refine((v) => {
    const u = new URL(v);
    return Boolean(u.hostname && u.port) && (u.pathname === '' || u.pathname === '/');
  }, 'must be smtp://[user:password@]host:port');

/** Settings only the mail edge reads (npm run mail:edge); Parley's servers never need them. */
const edgeEnvSchema = z.object({
  MAIL_EDGE_LISTEN: z.preprocess(blank, ip.optional()),
  MAIL_EDGE_BOUNCE_PORT: z.preprocess(blank, port.optional()),
  MAIL_EDGE_TLS_CERT: z.preprocess(blank, absolute.optional()),
  MAIL_EDGE_TLS_KEY: z.preprocess(blank, absolute.optional()),
  MAIL_EDGE_PARLEY_URL: z.preprocess(
    blank,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  MAIL_RELAY_URL: z.preprocess(blank, relayUrl.optional()),
  MAIL_EDGE_DELIVERY_PORT: z.preprocess(blank, port.optional()),
  MAIL_EDGE_QUEUE_DIR: z.preprocess(blank, absolute.optional()),
  MAIL_EDGE_RETRY_INTERVALS: z.preprocess(
    blank,
    z
      .string()
      .regex(SCHEDULE, 'must be intervals such as 1m,5m*2,1h*3')
      .refine(
        (v) => v.split(',').every((part) => !/^\s*[0-4]s/.test(part)),
        'each interval must be at least 5s',
      )
      .optional(),
  ),
  MAIL_EDGE_LOCAL_MX_OK: z.preprocess(
    blank,
    z.enum(['true', 'false', '1', '0'], 'must be true or false').optional(),
  ),
});

/**
 * The mail edge's settings from Parley's config and the edge's own variables, or the
 * problems that stop it (each naming its variable, never its value).
 */
export function mailEdgeSettings(
  config: Config,
  env: NodeJS.ProcessEnv = processEnv(),
): { settings: MailEdgeSettings } | { problems: string[] } {
  const parsed = edgeEnvSchema.safeParse(env);
  if (!parsed.success)
    return { problems: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`) };
  const e = parsed.data;
  const relay = config.mailRelay;
  const problems: string[] = [];
  if (!relay.edgeSecret) problems.push('MAIL_EDGE_SECRET: is required');
  if (!e.MAIL_EDGE_TLS_CERT || !e.MAIL_EDGE_TLS_KEY)
    problems.push(
      'MAIL_EDGE_TLS_CERT and MAIL_EDGE_TLS_KEY: are required (AUTH is offered only over TLS)',
    );
  const bouncePort = e.MAIL_EDGE_BOUNCE_PORT ?? 25;
  const ports = [relay.submissionPort, relay.smtpsPort, bouncePort];
  if (new Set(ports).size !== ports.length)
    problems.push(
      'MAIL_EDGE_SUBMISSION_PORT, MAIL_EDGE_SMTPS_PORT and MAIL_EDGE_BOUNCE_PORT: must differ',
    );
  if (problems.length > 0) return { problems };
  const smarthost = e.MAIL_RELAY_URL ? new URL(e.MAIL_RELAY_URL) : null;
  return {
    settings: {
      host: relay.host,
      listen: e.MAIL_EDGE_LISTEN ?? '127.0.0.1',
      ports: { submission: relay.submissionPort, smtps: relay.smtpsPort, bounce: bouncePort },
      tls: { certificate: e.MAIL_EDGE_TLS_CERT ?? '', privateKey: e.MAIL_EDGE_TLS_KEY ?? '' },
      parleyUrl: (e.MAIL_EDGE_PARLEY_URL ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, ''),
      edgeSecret: relay.edgeSecret ?? '',
      dnsServers: relay.dnsServers,
      relay: smarthost
        ? {
            host: smarthost.hostname.replace(/^\[|\]$/g, ''),
            port: Number(smarthost.port),
            ...(smarthost.username
              ? {
                  username: decodeURIComponent(smarthost.username),
                  password: decodeURIComponent(smarthost.password),
                }
              : {}),
          }
        : null,
      deliveryPort: e.MAIL_EDGE_DELIVERY_PORT ?? 25,
      queueDir: e.MAIL_EDGE_QUEUE_DIR ?? path.join(config.dataDir, 'mail-edge'),
      retryIntervals: e.MAIL_EDGE_RETRY_INTERVALS?.replace(/\s+/g, '') ?? null,
      localMxOk: e.MAIL_EDGE_LOCAL_MX_OK === 'true' || e.MAIL_EDGE_LOCAL_MX_OK === '1',
    },
  };
}
