import path from 'node:path';
import { DEFAULT_SENDER_ID, senderIdProblem } from '@parley/shared';
import { z } from 'zod';
import { accountsEnvShape } from './accounts-config.js';
import { chainsConfig, chainsEnvShape } from './chains-config.js';
import { type Config, LOG_LEVELS } from './config.js';
import { count, duration, optional, optionalAll } from './env-fields.js';
import { explorerEnvShape, explorersConfig } from './explorers.js';
import { mailConfig, mailEnvShape, mailProblems } from './mail-config.js';
import { mailRelayConfig, mailRelayEnvShape } from './mail-relay-config.js';
import { ratesConfig, ratesEnvShape, ratesProblems } from './rates-config.js';
import { sipTrunkConfig, sipTrunkEnvShape } from './sip-trunk-config.js';
import { smppServerEnvShape, smppServerSettings } from './smpp-server-config.js';
import { smsEnvShape, smsSettings } from './sms-config.js';
import { trustProxySchema } from './trust-proxy.js';
import { voiceConfig, voiceEnvShape, voiceProblems } from './voice-config.js';
import { webhooksConfig, webhooksEnvShape } from './webhooks-config.js';

export type { Config } from './config.js';

const API_ROOT = path.resolve(import.meta.dirname, '../..');

const envSchema = z.object({
  ...optionalAll(voiceEnvShape),
  ...explorerEnvShape(optional),
  ...chainsEnvShape,
  ...webhooksEnvShape,
  ...smppServerEnvShape,
  ...sipTrunkEnvShape,
  ...mailRelayEnvShape,
  MAX_OPEN_QUOTES: count(1, 1000),
  MAX_PENDING_PAYMENTS: count(1, 1000),
  QUOTE_RETENTION_HOURS: count(1, 24 * 365),
  EVENT_RETENTION_DAYS: count(1, 3650),
  RETENTION_INTERVAL_MINUTES: count(1, 24 * 60),
  RENEWAL_GRACE_DAYS: count(0, 90),
  RENEWAL_RELEASE_DAYS: count(0, 365),
  RENEWAL_REMINDER_DAYS: count(0, 31),
  RENEWAL_INTERVAL_SECONDS: count(1, 3600),
  LOW_BALANCE_INTERVAL_SECONDS: count(5, 24 * 3600),
  ANALYTICS_MAX_AGE_SECONDS: count(10, 24 * 3600),
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  PORT: optional(
    z.coerce
      .number({ error: 'must be a port number' })
      .int()
      .min(0)
      .max(65535, 'must be at most 65535'),
  ),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }),
  ),
  DATABASE_POOL_SIZE: count(1, 500),
  DATABASE_JOBS_POOL_SIZE: count(1, 100),
  DATABASE_STATEMENT_TIMEOUT: optional(duration(100, 86_400_000)),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  WEB_DIST_DIR: optional(z.string()),
  TRUST_PROXY: optional(trustProxySchema),
  REDIS_URL: optional(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }),
  ),
  REDIS_KEY_PREFIX: optional(
    z.string().max(64, 'must be at most 64 characters').regex(/^\S+$/, 'must have no spaces'),
  ),
  CATALOGUE_SEARCH_LIMIT: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100_000),
  ),
  AUTH_LIMIT_FACTOR: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(1000),
  ),
  ...optionalAll(ratesEnvShape),
  SMS_DEFAULT_SENDER: optional(
    z.string().refine((v) => senderIdProblem(v) === null, 'must be a valid sender ID'),
  ),
  SMS_PER_MINUTE: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000),
  ),
  CALLER_ID_CODES_PER_HOUR: count(1, 100_000),
  API_KEY_PER_MINUTE: count(1, 1_000_000),
  CHAT_PER_MINUTE: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(10_000),
  ),
  SMS_SENDER_PENDING_MAX: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100),
  ),
  ...accountsEnvShape,
  SALES_EMAIL: optional(z.email({ error: 'must be an email address' })),
  SUPPORT_EMAIL: optional(z.email({ error: 'must be an email address' })),
  WHATSAPP_URL: optional(z.url({ protocol: /^https$/, error: 'must be an https URL' })),
  TELEGRAM_URL: optional(z.url({ protocol: /^https$/, error: 'must be an https URL' })),
  EVENT_STREAMS_PER_USER: optional(
    z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(1000),
  ),
  EVENT_STREAMS_TOTAL: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1)
      .max(1_000_000),
  ),
  EVENT_HEARTBEAT_MS: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(50, 'must be at least 50')
      .max(300_000, 'must be at most 300000'),
  ),
  ...optionalAll(smsEnvShape),
  ...optionalAll(mailEnvShape),
  INSTANCE_ID: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1–64 letters, digits, dots, dashes or underscores'),
  ),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The process's environment. This file is the only reader of `process.env`; the SIP
 * edge's settings (voice-edge-config.ts) take it from here.
 */
export function processEnv(): NodeJS.ProcessEnv {
  return process.env;
}

/**
 * Parley's settings from the environment. Throws a ConfigError naming every bad key
 * (never its value, which may be a secret).
 */
export function loadConfig(env: NodeJS.ProcessEnv = processEnv()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const problems: string[] = [];
  if (nodeEnv === 'production' && !e.SESSION_SECRET) {
    problems.push('SESSION_SECRET: is required when NODE_ENV=production');
  }
  // Production never falls into the sandbox by accident: the operator says which it is.
  if (nodeEnv === 'production' && !e.SMS_GATEWAY) {
    problems.push("SMS_GATEWAY: is required when NODE_ENV=production ('sandbox' or 'smpp')");
  }
  // Simulated calls must never be billed to real customers by accident either.
  if (nodeEnv === 'production' && !e.VOICE_GATEWAY) {
    problems.push("VOICE_GATEWAY: is required when NODE_ENV=production ('sandbox' or 'sip')");
  }
  if (nodeEnv === 'production' && chainsConfig(e).testPause)
    problems.push('CHAIN_TEST_PAUSE: is for crash tests only, never NODE_ENV=production');
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    problems.push(
      `${e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'}: is required with the other`,
    );
  }
  if (e.ADMIN_TOTP_SECRET && !e.ADMIN_EMAIL) {
    problems.push('ADMIN_TOTP_SECRET: needs ADMIN_EMAIL and ADMIN_PASSWORD');
  }
  const sms = smsSettings(e);
  problems.push(...sms.problems);
  const host = e.HOST ?? '127.0.0.1';
  const smppServer = smppServerSettings(e, {
    host,
    publicHost: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : host,
  });
  problems.push(...smppServer.problems);
  problems.push(...ratesProblems(e), ...voiceProblems(e), ...mailProblems(e));
  if (problems.length) throw new ConfigError(problems);
  return {
    nodeEnv,
    port: e.PORT ?? 5000,
    host,
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    databasePool: {
      max: e.DATABASE_POOL_SIZE ?? 10,
      jobsMax: e.DATABASE_JOBS_POOL_SIZE ?? 3,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT ?? null,
    },
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    sessionSecret: e.SESSION_SECRET,
    publicUrl: e.PUBLIC_URL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(API_ROOT, '../web/dist')),
    salesEmail: e.SALES_EMAIL ?? 'sales@parley.example',
    supportEmail: e.SUPPORT_EMAIL ?? 'support@parley.example',
    whatsappUrl: e.WHATSAPP_URL ?? null,
    telegramUrl: e.TELEGRAM_URL ?? null,
    trustProxy: e.TRUST_PROXY ?? false,
    secureCookies: nodeEnv === 'production' || e.PUBLIC_URL?.startsWith('https:') === true,
    sessions: {
      // Customers keep 30 days of idle time; the absolute lifetime caps it.
      customer: {
        idleSeconds: 30 * 86_400,
        maxSeconds: Math.round((e.CUSTOMER_SESSION_MAX_DAYS ?? 30) * 86_400),
      },
      admin: {
        idleSeconds: Math.round((e.ADMIN_SESSION_IDLE_MINUTES ?? 30) * 60),
        maxSeconds: Math.round((e.ADMIN_SESSION_MAX_HOURS ?? 12) * 3600),
      },
    },
    eventStreams: {
      perUser: e.EVENT_STREAMS_PER_USER ?? 5,
      total: e.EVENT_STREAMS_TOTAL ?? 1000,
      heartbeatMs: e.EVENT_HEARTBEAT_MS ?? 20_000,
    },
    redis: e.REDIS_URL
      ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX ?? 'parley:limits:' }
      : null,
    catalogueSearchPerMinute: (e.CATALOGUE_SEARCH_LIMIT ?? 120) * (e.AUTH_LIMIT_FACTOR ?? 1),
    authLimitFactor: e.AUTH_LIMIT_FACTOR ?? 1,
    rates: ratesConfig(e, nodeEnv),
    voice: voiceConfig(e),
    sipTrunks: sipTrunkConfig(e, {
      listen: e.VOICE_EDGE_LISTEN ?? '127.0.0.1',
      trunk: e.VOICE_TRUNK_URI?.replace(/^sips?:/, '') ?? null,
    }),
    mailRelay: mailRelayConfig(e, e.PUBLIC_URL),
    smsSenders: {
      defaultSender: e.SMS_DEFAULT_SENDER?.trim() ?? DEFAULT_SENDER_ID,
      pendingMax: e.SMS_SENDER_PENDING_MAX ?? 5,
    },
    smsPerMinute: (e.SMS_PER_MINUTE ?? 600) * (e.AUTH_LIMIT_FACTOR ?? 1),
    callerIdCodesPerHour: (e.CALLER_ID_CODES_PER_HOUR ?? 100) * (e.AUTH_LIMIT_FACTOR ?? 1),
    chatPerMinute: (e.CHAT_PER_MINUTE ?? 20) * (e.AUTH_LIMIT_FACTOR ?? 1),
    apiKeyPerMinute: (e.API_KEY_PER_MINUTE ?? 600) * (e.AUTH_LIMIT_FACTOR ?? 1),
    paymentLimits: {
      openQuotes: e.MAX_OPEN_QUOTES ?? 5,
      pendingPayments: e.MAX_PENDING_PAYMENTS ?? 5,
    },
    explorers: explorersConfig(e),
    chains: chainsConfig(e),
    retention: {
      quoteGraceMs: (e.QUOTE_RETENTION_HOURS ?? 24) * 3_600_000,
      eventMaxAgeMs: (e.EVENT_RETENTION_DAYS ?? 30) * 86_400_000,
      intervalMs: (e.RETENTION_INTERVAL_MINUTES ?? 60) * 60_000,
    },
    lowBalanceIntervalMs: (e.LOW_BALANCE_INTERVAL_SECONDS ?? 60) * 1000,
    analyticsMaxAgeMs: (e.ANALYTICS_MAX_AGE_SECONDS ?? 60) * 1000,
    sms: sms.config,
    smppServer: smppServer.config,
    renewals: {
      graceMs: (e.RENEWAL_GRACE_DAYS ?? 7) * 86_400_000,
      releaseMs: (e.RENEWAL_RELEASE_DAYS ?? 30) * 86_400_000,
      reminderMs: (e.RENEWAL_REMINDER_DAYS ?? 5) * 86_400_000,
      intervalMs: (e.RENEWAL_INTERVAL_SECONDS ?? 300) * 1000,
    },
    mail: mailConfig(e, e.PUBLIC_URL),
    webhooks: webhooksConfig(e),
    instanceId: e.INSTANCE_ID ?? null,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? {
            email: e.ADMIN_EMAIL.toLowerCase(),
            password: e.ADMIN_PASSWORD,
            totpSecret: e.ADMIN_TOTP_SECRET?.replace(/=+$/, '') ?? null,
          }
        : null,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
  };
}
