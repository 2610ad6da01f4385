import type { Network } from '@parley/shared';
import type { ChainsConfig } from './chains-config.js';
import type { MailConfig } from './mail-config.js';
import type { MailRelayConfig } from './mail-relay-config.js';
import type { RatesConfig } from './rates-config.js';
import type { SipTrunkConfig } from './sip-trunk-config.js';
import type { SmppServerConfig } from './smpp-server-config.js';
import type { SmsConfig } from './sms-config.js';
import type { TrustProxy } from './trust-proxy.js';
import type { VoiceConfig } from './voice-config.js';
import type { WebhooksConfig } from './webhooks-config.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Parley's settings, as `loadConfig` (env.ts) makes them from the environment. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the embedded database folder (also holds the generated session secret). */
  dataDir: string;
  /** When set, PostgreSQL at this URL instead of the embedded database. */
  databaseUrl: string | undefined;
  /**
   * On PostgreSQL: connections per instance for the requests (DATABASE_POOL_SIZE, 10) and
   * for the background jobs (DATABASE_JOBS_POOL_SIZE, 3), and the longest a statement may
   * run (DATABASE_STATEMENT_TIMEOUT; null: no limit). Migrations run on a connection of
   * their own, without the limit.
   */
  databasePool: { max: number; jobsMax: number; statementTimeoutMs: number | null };
  logLevel: (typeof LOG_LEVELS)[number];
  /** From the environment; in development it may be absent and is then generated in dataDir. */
  sessionSecret: string | undefined;
  publicUrl: string | undefined;
  webDistDir: string;
  salesEmail: string;
  supportEmail: string;
  whatsappUrl: string | null;
  telegramUrl: string | null;
  /** Which proxies' X-Forwarded-For to believe: none, a hop count, or their addresses. */
  trustProxy: TrustProxy;
  /** The session cookie is sent only over https: in production, or when PUBLIC_URL is https. */
  secureCookies: boolean;
  /**
   * Session lifetimes in seconds. A session ends after `idle` without a request, and in
   * any case `max` after sign-in.
   */
  sessions: {
    customer: { idleSeconds: number; maxSeconds: number };
    admin: { idleSeconds: number; maxSeconds: number };
  };
  /** Server-sent event streams: caps per user and per instance, and the heartbeat. */
  eventStreams: { perUser: number; total: number; heartbeatMs: number };
  /** Rate-limit counters in this Redis instead of the database, when set. */
  redis: { url: string; keyPrefix: string } | null;
  /** Public catalogue searches allowed per client address per minute. */
  catalogueSearchPerMinute: number;
  /** Multiplies every rate limit (tests and trusted load tests raise it). */
  authLimitFactor: number;
  /**
   * An admin to create (or promote) at start, when both are set; `totpSecret`
   * (ADMIN_TOTP_SECRET, base32) provisions their second factor too.
   */
  admin: { email: string; password: string; totpSecret: string | null } | null;
  /** Encrypts TOTP secrets at rest; when unset, derived from the session secret. */
  totpEncryptionKey: string | undefined;
  /** The chain watchers: a node per network (CHAIN_<NETWORK>_RPC_URL), confirmations, tokens. */
  chains: ChainsConfig;
  /** How old an exchange rate may get per currency, and the optional price feed. */
  rates: RatesConfig;
  /** Calls: the gateway, billing increments, what softphones are told, the edge's secret. */
  voice: VoiceConfig;
  /** Customers' SIP trunks (decision 0068). */
  sipTrunks: SipTrunkConfig;
  mailRelay: MailRelayConfig;
  /** This instance's id (INSTANCE_ID), or null: then one kept in DATA_DIR (instance-id.ts). */
  instanceId: string | null;
  /** Sender IDs: the brand sender used until one is approved; open requests allowed. */
  smsSenders: { defaultSender: string; pendingMax: number };
  /** SMS a customer may send per minute (a batch counts each message), on every instance. */
  smsPerMinute: number;
  /** Caller ID verification codes sent per hour to all customers together, on every instance. */
  callerIdCodesPerHour: number;
  /** Live chat messages a customer may send per minute, on every instance together. */
  chatPerMinute: number;
  /** Requests an API key may make per minute (API_KEY_PER_MINUTE), on every instance together. */
  apiKeyPerMinute: number;
  /** Per customer: open (unexpired, unsubmitted) quotes and payments awaiting approval. */
  paymentLimits: { openQuotes: number; pendingPayments: number };
  /** Per network, the https URL a transaction hash is appended to for the admin's link. */
  explorers: Record<Network, string>;
  /** The retention job: what it keeps and how often it runs (on every instance). */
  retention: { quoteGraceMs: number; eventMaxAgeMs: number; intervalMs: number };
  /** How often the low-balance alert job looks for balances under their alert. */
  lowBalanceIntervalMs: number;
  /** How old the admin's analytics may be before a read counts them again (decision 0072). */
  analyticsMaxAgeMs: number;
  /** Where SMS go (config/sms-config.ts). */
  sms: SmsConfig;
  /** Parley's SMPP server for customers' gateways (config/smpp-server-config.ts). */
  smppServer: SmppServerConfig;
  /** Monthly renewals: grace before suspension, suspension before the end, reminders, the job's interval. */
  renewals: { graceMs: number; releaseMs: number; reminderMs: number; intervalMs: number };
  /** Notices by email: SMTP when set, and the outbox's settings (config/mail-config.ts). */
  mail: MailConfig;
  /** Webhook deliveries: hosts allowed http and private addresses (config/webhooks-config.ts). */
  webhooks: WebhooksConfig;
}
