import { z } from 'zod';
import { count, optional } from './env-fields.js';

/** Customers' SMTP relays (decision 0069): what Parley's servers need of them. */
export interface MailRelayConfig {
  /** MAIL_HOST: the edge's public name (submission host; `_spf.` and `bounces.` under it). */
  host: string;
  submissionPort: number;
  smtpsPort: number;
  /** MAIL_DNS_SERVERS: the resolvers a domain check asks (ip or ip:port); null: the system's. */
  dnsServers: string[] | null;
  /** MAIL_EDGE_SECRET: the mail edge's proof on /internal/mail/*; null: the edge is off. */
  edgeSecret: string | null;
  /** MAIL_ENCRYPTION_KEY: seals the DKIM private keys; null: the session secret. */
  encryptionKey: string | null;
  /** Recipients per customer per UTC day, whatever the package. */
  dailyCap: number;
  /** A recipient still queued or deferred after this long is settled as expired. */
  deliveryDeadlineMs: number;
}

const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9-]{1,63}$/i;
const RESOLVER = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\])(?::\d{1,5})?$|^[0-9a-f:]+$/i;

/** The environment keys of the relay (read by config/env.ts); the edge reads more. */
export const mailRelayEnvShape = {
  MAIL_HOST: optional(
    z.string().trim().regex(HOST, 'must be a host name such as mail.example.com'),
  ),
  MAIL_EDGE_SUBMISSION_PORT: count(1, 65535),
  MAIL_EDGE_SMTPS_PORT: count(1, 65535),
  MAIL_DNS_SERVERS: optional(
    z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim()))
      .pipe(
        z.array(
          z.string().regex(RESOLVER, 'must be IP addresses (ip or ip:port), comma-separated'),
        ),
      ),
  ),
  MAIL_EDGE_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  MAIL_ENCRYPTION_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  MAIL_DAILY_CAP: count(1, 10_000_000),
  MAIL_DELIVERY_DEADLINE_HOURS: count(1, 24 * 14),
};

type MailRelayEnv = {
  MAIL_HOST?: string;
  MAIL_EDGE_SUBMISSION_PORT?: number;
  MAIL_EDGE_SMTPS_PORT?: number;
  MAIL_DNS_SERVERS?: string[];
  MAIL_EDGE_SECRET?: string;
  MAIL_ENCRYPTION_KEY?: string;
  MAIL_DAILY_CAP?: number;
  MAIL_DELIVERY_DEADLINE_HOURS?: number;
};

/** The relay's settings; without MAIL_HOST, `mail.` and the public URL's host. */
export function mailRelayConfig(e: MailRelayEnv, publicUrl: string | undefined): MailRelayConfig {
  const publicHost = publicUrl ? new URL(publicUrl).hostname : 'parley.localhost';
  return {
    host: (e.MAIL_HOST ?? `mail.${publicHost}`).toLowerCase(),
    submissionPort: e.MAIL_EDGE_SUBMISSION_PORT ?? 587,
    smtpsPort: e.MAIL_EDGE_SMTPS_PORT ?? 465,
    dnsServers: e.MAIL_DNS_SERVERS ?? null,
    edgeSecret: e.MAIL_EDGE_SECRET ?? null,
    encryptionKey: e.MAIL_ENCRYPTION_KEY ?? null,
    dailyCap: e.MAIL_DAILY_CAP ?? 50_000,
    deliveryDeadlineMs: (e.MAIL_DELIVERY_DEADLINE_HOURS ?? 72) * 3_600_000,
  };
}
