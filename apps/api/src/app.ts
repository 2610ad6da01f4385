import { randomUUID } from 'node:crypto';
import type { PublicConfig } from '@parley/shared';
import Fastify, { type FastifyInstance, type FastifySchema, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import { resolveInstanceId } from './config/instance-id.js';
import type { Database } from './db/client.js';
import type { EventBus } from './lib/event-bus.js';
import { openLimitStore } from './lib/open-limit-store.js';
import { createRateLimiter, type LimitStore } from './lib/rate-limiter.js';
import { createRetentionJob, type RetentionJob } from './lib/retention-job.js';
import { createAnalyticsRepo } from './modules/analytics/analytics.repo.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { createAnalyticsService } from './modules/analytics/analytics.service.js';
import { createAuditRepo } from './modules/audit/audit.repo.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createAuthRepo } from './modules/auth/auth.repo.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { type AuthLimits, createAuthService, scaledLimits } from './modules/auth/auth.service.js';
import { setUpPasswordReset } from './modules/auth/password-reset.setup.js';
import { createSecondFactor } from './modules/auth/second-factor.js';
import { createSecondFactorRepo } from './modules/auth/second-factor.repo.js';
import { createSecretBox } from './modules/auth/secret-box.js';
import { createSecurityCheck } from './modules/auth/security-check.js';
import { createCatalogueRepo } from './modules/catalogue/catalogue.repo.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { createCatalogueService } from './modules/catalogue/catalogue.service.js';
import { createCatalogueAdminRepo } from './modules/catalogue/catalogue-admin.repo.js';
import { catalogueAdminRoutes } from './modules/catalogue/catalogue-admin.routes.js';
import { createCatalogueAdminService } from './modules/catalogue/catalogue-admin.service.js';
import { cachedCountryPricing, createPriceCaches } from './modules/catalogue/pricing-cache.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { setUpChat } from './modules/chat/chat.setup.js';
import { chatAdminRoutes } from './modules/chat/chat-admin.routes.js';
import { createDashboardRepo } from './modules/dashboard/dashboard.repo.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createStreamRegistry, endStreamsOnClose } from './modules/events/event-stream.js';
import { createEventsRepo } from './modules/events/events.repo.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { createStoredEventBus } from './modules/events/stored-event-bus.js';
import { createGuardrailsRepo } from './modules/guardrails/guardrails.repo.js';
import { guardrailsRoutes } from './modules/guardrails/guardrails.routes.js';
import { createGuardrailsService } from './modules/guardrails/guardrails.service.js';
import { createLowBalanceJob, type LowBalanceJob } from './modules/guardrails/low-balance-job.js';
import { createHealthRepo } from './modules/health/health.repo.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createHealthService } from './modules/health/health.service.js';
import { createLedgerRepo } from './modules/ledger/ledger.repo.js';
import { ledgerRoutes } from './modules/ledger/ledger.routes.js';
import { createLedgerService } from './modules/ledger/ledger.service.js';
import type { MailOutbox } from './modules/notifications/mail-outbox.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { type MailDeps, setUpNotifications } from './modules/notifications/notifications.setup.js';
import { createOrdersRepo } from './modules/orders/orders.repo.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createPayableCoins } from './modules/payments/payable-coins.js';
import { createPaymentsRepo } from './modules/payments/payments.repo.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { paymentsAdminRoutes } from './modules/payments/payments-admin.routes.js';
import { createRatesRepo } from './modules/payments/rates.repo.js';
import { createRatesService } from './modules/payments/rates.service.js';
import { createRatesFeed, type RatesFeed } from './modules/payments/rates-feed.js';
import { createWalletsRepo } from './modules/payments/wallets.repo.js';
import { createWalletsService } from './modules/payments/wallets.service.js';
import { renewalsRoutes } from './modules/renewals/renewals.routes.js';
import { setUpRenewals } from './modules/renewals/renewals.setup.js';
import { createSetupRepo } from './modules/setup/setup.repo.js';
import { setupRoutes } from './modules/setup/setup.routes.js';
import { createSetupService } from './modules/setup/setup.service.js';
import { createSipTrunkRepo } from './modules/sip-trunk/sip-trunk.repo.js';
import { sipTrunkRoutes } from './modules/sip-trunk/sip-trunk.routes.js';
import { createSipTrunkService } from './modules/sip-trunk/sip-trunk.service.js';
import { senderIdsRoutes } from './modules/sms/sender-ids.routes.js';
import { senderIdsAdminRoutes } from './modules/sms/sender-ids-admin.routes.js';
import { smsRoutes } from './modules/sms/sms.routes.js';
import { type SmsDeps, setUpSms } from './modules/sms/sms.setup.js';
import { smsAdminRoutes } from './modules/sms/sms-admin.routes.js';
import { createUsersRepo } from './modules/users/users.repo.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { voiceAdminRoutes, voiceRoutes } from './modules/voice/voice.routes.js';
import { setUpVoice, type VoiceDeps } from './modules/voice/voice.setup.js';
import { voiceEdgeRoutes } from './modules/voice/voice-edge.routes.js';
import { createVoiceMonitoringRepo } from './modules/voice-monitoring/voice-monitoring.repo.js';
import { voiceMonitoringRoutes } from './modules/voice-monitoring/voice-monitoring.routes.js';
import { createVoiceMonitoringService } from './modules/voice-monitoring/voice-monitoring.service.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { handleError, registerErrorHandling } from './plugins/errors.js';
import { lazyChildLogger } from './plugins/lazy-child-logger.js';
import { safeLogging } from './plugins/log-safety.js';
import { registerNoStore } from './plugins/no-store.js';
import { responseSerializer } from './plugins/response-serializer.js';
import { registerSameOriginCheck } from './plugins/same-origin.js';
import { registerSecurity } from './plugins/security.js';
import { registerSessions } from './plugins/session.js';
import { sharedScope } from './plugins/shared-scope.js';
import { registerTextGuard } from './plugins/text-guard.js';
import { registerWebApp } from './plugins/web.js';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, so tests can walk them (e.g. every admin route). */
    registeredRoutes: { method: string; url: string; schema?: FastifySchema }[];
    /** The event bus the app publishes on and its streams read. */
    events: EventBus;
    /** The exchange-rate feed unless turned off (tests run it by hand). */
    ratesFeed: RatesFeed | null;
    /** Prunes expired quotes and old events; started with the app, stopped on close. */
    retention: RetentionJob;
    /** Tells customers whose balance fell under their alert; tests run it by hand. */
    lowBalance: LowBalanceJob;
    /** Settles overdue and orphaned calls (tests run it by hand). */
    voiceJobs: { tick(): Promise<void> };
    /** Charges due renewals, moves grace and suspension on, reminds (tests run it by hand). */
    renewalJob: { runOnce(): Promise<{ changed: number; reminded: number }> };
    /** Emails notices when SMTP is configured (tests run it by hand); null otherwise. */
    mailOutbox: MailOutbox | null;
  }
}

function publicConfigOf(config: Config): PublicConfig {
  return {
    salesEmail: config.salesEmail,
    supportEmail: config.supportEmail,
    whatsappUrl: config.whatsappUrl,
    telegramUrl: config.telegramUrl,
    sipDomain: config.voice.domain,
  };
}

/** Assembles the server from its dependencies; main.ts and the tests both call this. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...safeLogging,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    childLoggerFactory: lazyChildLogger,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // Behind a proxy every client would share its address, and so its rate limits; only
    // the proxies named (by hop count or address) are believed, never any client.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Errors Fastify raises before routing (a malformed URL…) take the same path.
    frameworkErrors: handleError,
  }).withTypeProvider<ZodTypeProvider>();

  const routes: FastifyInstance['registeredRoutes'] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, schema: route.schema });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerErrorHandling(app);
  registerTextGuard(app);
  registerNoStore(app);
  await registerSecurity(app, config);

  const { db } = database;
  const eventsRepo = createEventsRepo(db);
  let events: EventBus;
  if (deps.events) events = deps.events;
  else {
    const stored = await createStoredEventBus({ repo: eventsRepo, database, log: app.log });
    app.addHook('onClose', () => stored.stop());
    events = stored;
  }
  const limitStore = deps.limitStore ?? openLimitStore(config, db, app.log);
  if (!deps.limitStore) app.addHook('onClose', () => limitStore.close());
  const authRepo = createAuthRepo(db);
  const authLimits = deps.authLimits ?? scaledLimits(config.authLimitFactor);
  const securityCheck = createSecurityCheck({
    secret: deps.sessionSecret,
    counterRange: deps.challengeCounterRange,
    useOnce: (signature, expiresAt) => authRepo.useChallenge(signature, expiresAt, new Date()),
  });
  const auth = createAuthService({
    repo: authRepo,
    events,
    limitStore,
    limits: authLimits,
    lifetimes: config.sessions,
    now: deps.now,
    secondFactor: createSecondFactor({
      repo: createSecondFactorRepo(db),
      box: createSecretBox(config.totpEncryptionKey ?? deps.sessionSecret),
    }),
    securityCheck,
  });
  registerSameOriginCheck(app, config.publicUrl);
  await registerApiDocs(app, config.webDistDir);
  const cookies = await registerSessions(app, { auth, secure: config.secureCookies });

  await app.register(sharedScope(healthRoutes), {
    service: createHealthService({ repo: createHealthRepo(db) }),
  });
  await app.register(sharedScope(authRoutes), { auth, cookies });
  const catalogue = createCatalogueService({
    repo: createCatalogueRepo(db),
    // Read at request time: the rates service is made further down.
    rates: { rate: (from, to) => rates.rate(from, to) },
  });
  await app.register(sharedScope(catalogueRoutes), {
    catalogue,
    searchLimit: createRateLimiter(limitStore, 'catalogue.searchPerIp', {
      max: config.catalogueSearchPerMinute,
      windowMs: 60_000,
    }),
  });
  await app.register(sharedScope(sipTrunkRoutes), {
    trunk: createSipTrunkService({ repo: createSipTrunkRepo(db) }),
  });
  await app.register(sharedScope(dashboardRoutes), {
    dashboard: createDashboardService({ repo: createDashboardRepo(db) }),
  });
  const walletsRepo = createWalletsRepo(db);
  const wallets = createWalletsService({ repo: walletsRepo });
  // Prices and rates cached on the SMS and call paths; a change drops them (pricing-cache.ts).
  const priceCaches = createPriceCaches(events);
  app.addHook('onClose', async () => priceCaches.stop());
  const rates = createRatesService({
    repo: createRatesRepo(db),
    maxAge: config.rates.maxAge,
    onChange: priceCaches.clear,
  });
  const ratesFeed = config.rates.feed
    ? createRatesFeed({ rates, feed: config.rates.feed, log: app.log })
    : null;
  app.decorate('ratesFeed', ratesFeed);
  if (ratesFeed) {
    app.addHook('onReady', async () => ratesFeed.start());
    app.addHook('onClose', () => ratesFeed.stop());
  }
  const orders = createOrdersService({ repo: createOrdersRepo(db), rates });
  const paymentsRepo = createPaymentsRepo(db);
  const payments = createPaymentsService({
    repo: paymentsRepo,
    orders,
    wallets: walletsRepo,
    rates,
    events,
    limits: config.paymentLimits,
    explorers: config.explorers,
  });
  app.decorate('events', events);
  const retention = createRetentionJob({
    intervalMs: config.retention.intervalMs,
    log: app.log,
    tasks: [
      // Never one a payment refers to (the repo keeps those).
      { name: 'quotes', maxAgeMs: config.retention.quoteGraceMs, prune: paymentsRepo.pruneQuotes },
      { name: 'events', maxAgeMs: config.retention.eventMaxAgeMs, prune: eventsRepo.pruneBefore },
    ],
  });
  app.decorate('retention', retention);
  app.addHook('onReady', async () => retention.start());
  app.addHook('onClose', () => retention.stop());
  const guardrailsRepo = createGuardrailsRepo(db);
  await app.register(sharedScope(guardrailsRoutes), {
    guardrails: createGuardrailsService({ repo: guardrailsRepo }),
  });
  const lowBalance = createLowBalanceJob({
    repo: guardrailsRepo,
    events,
    intervalMs: config.lowBalanceIntervalMs,
    log: app.log,
  });
  app.decorate('lowBalance', lowBalance);
  app.addHook('onReady', async () => lowBalance.start());
  app.addHook('onClose', () => lowBalance.stop());
  const coins = createPayableCoins({ wallets: walletsRepo, rates });
  await app.register(sharedScope(paymentsRoutes), { payments, coins });
  await app.register(sharedScope(ordersRoutes), { orders });
  const instanceId = deps.instanceId ?? resolveInstanceId(config);
  const pricing = cachedCountryPricing(
    () => catalogue.countryPricing({ admin: false }),
    priceCaches,
  );
  const sms = setUpSms(app, {
    db,
    config: config.sms,
    rates,
    countryPricing: pricing.get,
    priceCaches,
    instanceId,
    senders: config.smsSenders,
    events,
    perMinute: config.smsPerMinute,
    limitStore,
    deps: deps.sms,
  });
  await app.register(sharedScope(smsRoutes), { sms: sms.sms });
  await app.register(sharedScope(senderIdsRoutes), { senders: sms.senders });
  const voice = setUpVoice(app, {
    db,
    config: config.voice,
    rates,
    // Calls keep prices in call-pricing's own short cache (tests set its lifetime).
    countryPricing: () => catalogue.countryPricing({ admin: false }),
    priceCaches,
    events,
    instanceId,
    keyMaterial: config.voice.encryptionKey ?? deps.sessionSecret,
    sendSms: sms.sendService,
    checkSms: sms.sms.checkSendable,
    codes: { perHour: config.callerIdCodesPerHour, limitFactor: config.authLimitFactor },
    smsSandbox: config.sms.gateway === 'sandbox',
    limitStore,
    deps: deps.voice,
  });
  app.decorate('voiceJobs', voice.jobs);
  await app.register(sharedScope(voiceRoutes), voice);
  await app.register(sharedScope(voiceEdgeRoutes), {
    edge: voice.edge,
    secret: config.voice.edgeSecret,
  });
  // SIP monitoring: the customer's own call records.
  await app.register(sharedScope(voiceMonitoringRoutes), {
    monitoring: createVoiceMonitoringService({ repo: createVoiceMonitoringRepo(db) }),
  });
  const chat = setUpChat({ db, events, limitStore, perMinute: config.chatPerMinute });
  await app.register(sharedScope(chatRoutes), { chat: chat.chat });
  const renewals = setUpRenewals(app, { db, events, settings: config.renewals, now: deps.now });
  app.decorate('renewalJob', renewals.job);
  await app.register(sharedScope(renewalsRoutes), { renewals: renewals.renewals });
  const notices = setUpNotifications(app, {
    db,
    config: config.mail,
    events,
    now: deps.now,
    deps: deps.mail,
  });
  app.decorate('mailOutbox', notices.outbox);
  await app.register(sharedScope(notificationsRoutes), { notifications: notices.service });
  const passwordResets = await setUpPasswordReset(app, {
    db,
    mailer: notices.mailer,
    publicUrl: config.publicUrl,
    securityCheck,
    limitStore,
    limits: authLimits,
    now: deps.now,
  });
  const streamDeps = {
    bus: events,
    repo: eventsRepo,
    streams: createStreamRegistry(config.eventStreams),
    heartbeatMs: config.eventStreams.heartbeatMs,
    currentUser: (token: string) => auth.currentUser(token),
  };
  endStreamsOnClose(app, streamDeps.streams);
  await app.register(sharedScope(eventsRoutes), streamDeps);
  // Admin endpoints: each route's guard answers 401 to visitors and 403 to customers.
  await app.register(sharedScope(analyticsRoutes), {
    analytics: createAnalyticsService({ repo: createAnalyticsRepo(db) }),
  });
  await app.register(sharedScope(usersRoutes), {
    users: createUsersService({ repo: createUsersRepo(db) }),
    issueReset: passwordResets.issue,
  });
  await app.register(sharedScope(ledgerRoutes), {
    ledger: createLedgerService({ repo: createLedgerRepo(db), events }),
  });
  await app.register(sharedScope(smsAdminRoutes), {
    status: sms.status,
    inbound: sms.inbound,
    history: sms.sms.history,
  });
  await app.register(sharedScope(senderIdsAdminRoutes), { senders: sms.senders });
  await app.register(sharedScope(voiceAdminRoutes), voice);
  await app.register(sharedScope(paymentsAdminRoutes), { payments, wallets, rates });
  await app.register(sharedScope(chatAdminRoutes), { chat: chat.admin });
  await app.register(sharedScope(setupRoutes), {
    setup: createSetupService({
      repo: createSetupRepo(db),
      coins: coins.states,
      rates: rates.list,
      feed: () => ratesFeed?.status() ?? null,
      gateways: { sms: config.sms.gateway, voice: config.voice.gateway },
      mailConfigured: config.mail.smtp !== null,
    }),
  });
  await app.register(sharedScope(auditRoutes), {
    audit: createAuditService({ repo: createAuditRepo(db) }),
  });
  // Its own scope: the CSV parser is for its imports alone.
  await app.register(catalogueAdminRoutes, {
    admin: createCatalogueAdminService({
      repo: createCatalogueAdminRepo(db),
      events,
      priceCaches,
    }),
    catalogue,
  });

  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    publicConfig: publicConfigOf(config),
  });
  return app;
}
