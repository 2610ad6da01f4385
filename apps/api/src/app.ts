import type { Network } from '@parley/shared';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Config } from './config/env.js';
import { resolveInstanceId } from './config/instance-id.js';
import type { Database } from './db/client.js';
import { createIdempotencyStore } from './db/idempotency-store.js';
import { openLimitStore } from './db/open-limit-store.js';
import type { ChainWatcher } from './integrations/chains/port.js';
import type { MailDns } from './integrations/mail/dns.js';
import type { EventBus } from './lib/event-bus.js';
import type { LimitStore } from './lib/rate-limiter.js';
import type { RetentionJob } from './lib/retention-job.js';
import { setUpAnalytics } from './modules/analytics/analytics.setup.js';
import { setUpApiKeys } from './modules/api-keys/api-keys.setup.js';
import { setUpAudit } from './modules/audit/audit.setup.js';
import type { AuthLimits } from './modules/auth/auth.service.js';
import { setUpAuth } from './modules/auth/auth.setup.js';
import { setUpPasswordReset } from './modules/auth/password-reset.setup.js';
import { setUpCatalogue } from './modules/catalogue/catalogue.setup.js';
import { setUpChains } from './modules/chains/chains.setup.js';
import { setUpChat } from './modules/chat/chat.setup.js';
import { setUpDashboard } from './modules/dashboard/dashboard.setup.js';
import { setUpEventBus, setUpEventStreams } from './modules/events/events.setup.js';
import { setUpFulfilment } from './modules/fulfilment/fulfilment.setup.js';
import { setUpGuardrails } from './modules/guardrails/guardrails.setup.js';
import type { LowBalanceJob } from './modules/guardrails/low-balance-job.js';
import { setUpHealth } from './modules/health/health.setup.js';
import { setUpLedger } from './modules/ledger/ledger.setup.js';
import { setUpMail } from './modules/mail/mail.setup.js';
import type { MailOutbox } from './modules/notifications/mail-outbox.js';
import { type MailDeps, setUpNotifications } from './modules/notifications/notifications.setup.js';
import { setUpOrders } from './modules/orders/orders.setup.js';
import { setUpPayments, setUpRates } from './modules/payments/payments.setup.js';
import type { RatesFeed } from './modules/payments/rates-feed.js';
import { setUpRenewals } from './modules/renewals/renewals.setup.js';
import { setUpSetup } from './modules/setup/setup.setup.js';
import { setUpSipTrunk } from './modules/sip-trunk/sip-trunk.setup.js';
import type { SmppListener } from './modules/smpp-server/smpp-listener.js';
import type { SmppTimings } from './modules/smpp-server/smpp-listener.setup.js';
import { setUpSmppServer } from './modules/smpp-server/smpp-server.setup.js';
import { type SmsDeps, setUpSms } from './modules/sms/sms.setup.js';
import { setUpUsers } from './modules/users/users.setup.js';
import { setUpVoice, type VoiceDeps } from './modules/voice/voice.setup.js';
import { setUpVoiceMonitoring } from './modules/voice-monitoring/voice-monitoring.setup.js';
import { setUpWebhooks, type WebhookDeps } from './modules/webhooks/webhooks.setup.js';
import { registerOperatorDocs } from './plugins/api-docs.js';
import { type ModuleSetup, useModule } from './plugins/module-setup.js';
import { registerSessions } from './plugins/session.js';
import { registerWebApp } from './plugins/web.js';
import { setUpRetention } from './retention.js';
import { createServer, publicConfigOf } from './server.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** SESSION_SECRET, or the one generated in the data folder. */
  sessionSecret: string;
  events?: EventBus;
  /** Tests shrink these to reach the limits quickly. */
  authLimits?: AuthLimits;
  /** Where rate limits count; by default chosen from the config (Redis or the database). */
  limitStore?: LimitStore;
  challengeCounterRange?: [number, number];
  /** Where log lines go (standard output when absent); tests read them. */
  logStream?: NodeJS.WritableStream;
  sms?: SmsDeps;
  voice?: VoiceDeps;
  /** A mailer and outbox timings of the test's own. */
  mail?: MailDeps;
  /** The clock sessions are judged by; tests move it to reach their lifetimes. */
  now?: () => Date;
  /** This instance's stable id; by default INSTANCE_ID or the one kept in DATA_DIR. */
  instanceId?: string;
  /** Chain adapters of the test's own (a fake chain); by default one per CHAIN_*_RPC_URL. */
  chainWatchers?: ChainWatcher[];
  /** Webhook name resolution, back-off randomness and lease of the test's own. */
  webhooks?: WebhookDeps;
  /** The SMPP server's heartbeat, receipt and sweep timings of the test's own. */
  smppServer?: SmppTimings;
  /** The DNS sending domains are checked against; by default MAIL_DNS_SERVERS'. */
  mailDns?: MailDns;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, so tests can walk them (e.g. every admin route). */
    registeredRoutes: { method: string; url: string; schema?: FastifySchema }[];
    /** The event bus the app publishes on and its streams read. */
    events: EventBus;
    /** The exchange-rate feed unless turned off (tests run it by hand). */
    ratesFeed: RatesFeed | null;
    /** Prunes expired quotes, old events and expired Idempotency-Keys; started with the app, stopped on close. */
    retention: RetentionJob;
    /** Tells customers whose balance fell under their alert; tests run it by hand. */
    lowBalance: LowBalanceJob;
    /** Settles overdue and orphaned calls (tests run it by hand). */
    voiceJobs: { tick(): Promise<void> };
    /** Charges due renewals, moves grace and suspension on, reminds (tests run it by hand). */
    renewalJob: { runOnce(): Promise<{ changed: number; reminded: number }> };
    /** Emails notices when SMTP is configured (tests run it by hand); null otherwise. */
    mailOutbox: MailOutbox | null;
    /** Expires mail recipients past the delivery deadline, prunes the log (tests run it). */
    mailSettle: () => Promise<{ expired: number; pruned: number }>;
    /** Parley's SMPP server for customers' gateways: its ports, and its jobs run now. */
    smppServer: SmppListener;
    /** One watcher pass of a network now; null when it has no node (tests run it by hand). */
    chainWatch: { passOnce(network: Network): Promise<unknown> | null };
  }
}

/** The rate-limit store from the config unless a test brings one; closed with the app. */
function limitStoreOf(deps: AppDeps, log: FastifyInstance['log']) {
  if (deps.limitStore) return { limitStore: deps.limitStore };
  const limitStore = openLimitStore(deps.config, deps.database.db, log);
  return { limitStore, jobs: [{ stop: () => limitStore.close() }] };
}

/**
 * Assembles the server from its dependencies; main.ts and the tests both call this.
 * Modules come in dependency order (each one's set-up is `modules/<module>/<module>.setup.ts`);
 * the web app comes last, as it answers every other GET.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, now } = deps;
  const { db } = database;
  const idempotency = createIdempotencyStore(db);
  const app = await createServer(config, idempotency, deps.logStream);
  const log = app.log;
  const use = (setup: ModuleSetup) => useModule(app, setup);

  const bus = await setUpEventBus({ database, log, events: deps.events });
  await use(bus);
  const { events } = bus;
  const limits = limitStoreOf(deps, log);
  await use(limits);
  const { limitStore } = limits;
  const auth = setUpAuth({
    db,
    config,
    sessionSecret: deps.sessionSecret,
    events,
    limitStore,
    limits: deps.authLimits,
    challengeCounterRange: deps.challengeCounterRange,
    now,
  });
  const apiKeys = setUpApiKeys({ db, limitStore, perMinute: config.apiKeyPerMinute, now });
  const sessionOpts = { auth: auth.auth, secure: config.secureCookies, keys: apiKeys.apiKeys };
  const cookies = registerSessions(app, sessionOpts);
  await use(setUpHealth({ db }));
  await use(auth.module(cookies));
  await use(apiKeys);
  const catalogue = setUpCatalogue({
    db,
    events,
    limitStore,
    searchPerMinute: config.catalogueSearchPerMinute,
    // Read at request time: the rates are made further down.
    rates: { rate: (from, to) => rates.rates.rate(from, to) },
  });
  await use(catalogue);
  await use(setUpDashboard({ db }));
  const { priceCaches } = catalogue;
  const rates = setUpRates({ db, config: config.rates, onChange: priceCaches.clear, log });
  await use(rates);
  const orders = setUpOrders({ db, rates: rates.rates, events });
  const payments = setUpPayments({ db, rates, orders: orders.orders, events, log, config });
  await use(payments);
  await use(orders);
  const prunes = { quotes: payments.pruneQuotes, keys: idempotency.prune };
  await use(setUpRetention(config, log, { ...prunes, events: bus.repo.pruneBefore }));
  await use(setUpGuardrails({ db, events, intervalMs: config.lowBalanceIntervalMs, log }));
  const instanceId = deps.instanceId ?? resolveInstanceId(config);
  const countryPricing = () => catalogue.catalogue.countryPricing({ admin: false });
  const common = { db, log, events, limitStore, instanceId, priceCaches, rates: rates.rates };
  const sms = setUpSms({
    ...common,
    jobsDb: database.jobsDb,
    config: config.sms,
    countryPricing,
    senders: config.smsSenders,
    perMinute: config.smsPerMinute,
    deps: deps.sms,
  });
  await use(sms);
  await use(setUpSmppServer({ ...common, config, sms, timings: deps.smppServer, now }));

  const voiceKey = config.voice.encryptionKey ?? deps.sessionSecret;
  const voice = setUpVoice({
    ...common,
    config: config.voice,
    trunks: config.sipTrunks,
    // Calls keep prices in call-pricing's own short cache (tests set its lifetime).
    countryPricing,
    keyMaterial: voiceKey,
    sendSms: sms.sendService,
    checkSms: sms.sms.checkSendable,
    codes: { perHour: config.callerIdCodesPerHour, limitFactor: config.authLimitFactor },
    smsSandbox: config.sms.gateway === 'sandbox',
    deps: deps.voice,
  });
  await use(voice);
  await use(setUpSipTrunk({ db, config, keyMaterial: voiceKey, gateway: voice.gateway, now }));
  await use(setUpVoiceMonitoring({ db }));
  await use(setUpMail({ ...common, config, sessionSecret: deps.sessionSecret, deps, now }));
  await use(setUpChat({ db, events, limitStore, perMinute: config.chatPerMinute }));
  await use(setUpRenewals({ db, events, settings: config.renewals, now, log }));
  const notices = setUpNotifications({
    db,
    config: config.mail,
    events,
    now,
    log,
    deps: deps.mail,
  });
  await use(notices);
  await use(setUpWebhooks({ ...common, config, deps }));
  const passwordResets = setUpPasswordReset({
    db,
    mailer: notices.mailer,
    publicUrl: config.publicUrl,
    securityCheck: auth.securityCheck,
    limitStore,
    limits: auth.limits,
    now,
    log,
  });
  await use(passwordResets);
  const currentUser = (token: string) => auth.auth.currentUser(token);
  await use(setUpEventStreams({ bus, config: config.eventStreams, currentUser }));
  // Admin-only modules: each route's guard answers 401 to visitors and 403 to customers.
  await use(setUpAnalytics({ db, maxAgeMs: config.analyticsMaxAgeMs, now, log }));
  await use(setUpUsers({ db, issueReset: passwordResets.resets.issue }));
  await use(setUpLedger({ db, events }));
  await use(setUpFulfilment({ db, events, now }));
  const chains = { config: config.chains, explorers: config.explorers, rates: rates.rates };
  await use(setUpChains({ ...common, ...chains, watchers: deps.chainWatchers }));
  await use(setUpSetup({ db, config, rates, coins: payments.coins }));
  await use(setUpAudit({ db }));
  await registerOperatorDocs(app, config.webDistDir);

  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    publicConfig: publicConfigOf(config),
    eventsCursor: () => bus.repo.lastId(),
  });
  return app;
}
