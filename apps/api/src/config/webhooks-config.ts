import { z } from 'zod';
import { count, optional } from './env-fields.js';

/** Webhook deliveries: which hosts may be plain http or private, and how often to look. */
export interface WebhooksConfig {
  /**
   * Host names or addresses (lower case, as a URL writes them, IPv6 without brackets)
   * allowed plain http and private, loopback or link-local addresses: a test receiver,
   * a customer's system on the operator's own network. Empty: https to public addresses only.
   */
  allowedHosts: string[];
  /** How often the sender looks for due deliveries (a new one wakes it at once). */
  pollMs: number;
}

const hostList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ''),
      )
      .filter(Boolean),
  )
  .refine(
    (hosts) => hosts.every((h) => /^[a-z0-9.:_-]{1,253}$/.test(h)),
    'must be host names or addresses separated by commas',
  );

/** The environment keys of webhooks (read by config/env.ts). */
export const webhooksEnvShape = {
  WEBHOOK_ALLOWED_HOSTS: optional(hostList),
  WEBHOOK_POLL_SECONDS: count(1, 3600),
};

type WebhooksEnv = {
  WEBHOOK_ALLOWED_HOSTS?: string[];
  WEBHOOK_POLL_SECONDS?: number;
};

export function webhooksConfig(e: WebhooksEnv): WebhooksConfig {
  return {
    allowedHosts: e.WEBHOOK_ALLOWED_HOSTS ?? [],
    pollMs: (e.WEBHOOK_POLL_SECONDS ?? 5) * 1000,
  };
}
