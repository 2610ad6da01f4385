import type { CountryPricing } from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SipTrunkConfig } from '../../config/sip-trunk-config.js';
import type { VoiceConfig } from '../../config/voice-config.js';
import type { Db } from '../../db/client.js';
import type { VoiceGateway } from '../../integrations/voice/port.js';
import { createSandboxVoiceGateway, type SandboxTiming } from '../../integrations/voice/sandbox.js';
import { createSipVoiceGateway } from '../../integrations/voice/sip.js';
import type { EventBus } from '../../lib/event-bus.js';
import { createRateLimiter, type LimitStore } from '../../lib/rate-limiter.js';
import type { CacheGroup } from '../../lib/short-cache.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createSecretBox } from '../auth/secret-box.js';
import type { RatesService } from '../payments/rates.service.js';
import type { SmsService } from '../sms/sms.service.js';
import { createCallJobs } from './call-jobs.js';
import { createCallPricing } from './call-pricing.js';
import {
  CODES_PER_CUSTOMER,
  CODES_PER_NUMBER,
  createCallerIdsService,
} from './caller-ids.service.js';
import { createCallsRepo } from './calls.repo.js';
import { createCallsService, DEADLINE_GRACE_MS } from './calls.service.js';
import { createEdgeService } from './edge.service.js';
import { createLateReports } from './late-reports.js';
import { createLateReportsRepo } from './late-reports.repo.js';
import { createSipAccountsService } from './sip-accounts.service.js';
import { createTrunksRepo } from './trunks.repo.js';
import { voiceAdminRoutes, voiceRoutes } from './voice.routes.js';
import { createVoiceAccountsRepo } from './voice-accounts.repo.js';
import { voiceEdgeRoutes } from './voice-edge.routes.js';

export interface VoiceDeps {
  /** The sandbox's timings (tests shorten them). */
  sandboxTiming?: SandboxTiming;
  /** A gateway of the test's own. */
  gateway?: VoiceGateway;
  /** How often the settling job runs (5 s). */
  jobIntervalMs?: number;
  /** How long prices and rates are reused (5 s; tests that change prices use 0). */
  priceCacheMs?: number;
  now?: () => Date;
}

/** The voice gateway, the services around it and the job that settles what is left. */
export function setUpVoice(opts: {
  db: Db;
  log: FastifyBaseLogger;
  config: VoiceConfig;
  /** Customers' SIP trunks: their channel maximum and failover ring time. */
  trunks: Pick<SipTrunkConfig, 'maxChannels' | 'failoverSeconds'>;
  rates: RatesService;
  countryPricing: () => Promise<CountryPricing[]>;
  /** The instance's price caches (catalogue/pricing-cache.ts): calls keep theirs there. */
  priceCaches: Pick<CacheGroup, 'add'>;
  events: EventBus;
  instanceId: string;
  /** VOICE_ENCRYPTION_KEY, else the session secret (a purpose of its own is derived). */
  keyMaterial: string;
  sendSms: (number: string, text: string) => Promise<void>;
  /** The paid SMS path's rules, which a caller ID code must meet too. */
  checkSms: SmsService['checkSendable'];
  /** Caller ID codes sent per hour in all (CALLER_ID_CODES_PER_HOUR), and AUTH_LIMIT_FACTOR. */
  codes: { perHour: number; limitFactor: number };
  /** The SMS gateway is the sandbox: codes are shown to admins and logged instead. */
  smsSandbox: boolean;
  limitStore: LimitStore;
  deps?: VoiceDeps;
}) {
  const { config, log } = opts;
  const sip =
    config.gateway === 'sip'
      ? createSipVoiceGateway({ rpcUrl: config.edgeRpcUrl, secret: config.edgeSecret })
      : null;
  const gateway = opts.deps?.gateway ?? sip ?? createSandboxVoiceGateway(opts.deps?.sandboxTiming);
  const repo = createCallsRepo(opts.db);
  const accountsRepo = createVoiceAccountsRepo(opts.db);
  const hourly = (name: string, max: number) =>
    createRateLimiter(opts.limitStore, name, { max, windowMs: 3_600_000 });
  const { perHour, limitFactor } = opts.codes;
  const callerIds = createCallerIdsService({
    repo: accountsRepo,
    checkSms: (userId, number, text) =>
      opts.checkSms(userId, number, text, { path: 'body.number', code: 'CALLER_ID_INVALID' }),
    sendSms: opts.sendSms,
    limits: {
      customer: hourly('voice.verifyPerCustomer', CODES_PER_CUSTOMER * limitFactor),
      number: hourly('voice.verifyPerNumber', CODES_PER_NUMBER * limitFactor),
      overall: hourly('voice.verifyOverall', perHour),
    },
    sandbox: opts.smsSandbox,
    log,
    now: opts.deps?.now,
  });
  const calls = createCallsService({
    repo,
    accounts: accountsRepo,
    pricing: createCallPricing({
      rates: opts.rates,
      countryPricing: opts.countryPricing,
      cacheMs: opts.deps?.priceCacheMs,
      caches: opts.priceCaches,
    }),
    gateway,
    events: opts.events,
    config,
    callerIdAllowed: callerIds.allowed,
    instanceId: opts.instanceId,
    log,
    now: opts.deps?.now,
  });
  const accounts = createSipAccountsService({
    repo: accountsRepo,
    box: createSecretBox(opts.keyMaterial, 'sip-password-encryption'),
    config,
    activeCalls: (userId) => repo.openCount(userId),
  });
  const late = createLateReports({
    repo: { ...createLateReportsRepo(opts.db), markEnding: repo.markEnding },
    gateway,
    events: opts.events,
    graceMs: DEADLINE_GRACE_MS,
    log,
    now: opts.deps?.now,
  });
  const edge = createEdgeService({
    calls,
    late,
    repo,
    accounts: accountsRepo,
    callerIds,
    trunks: createTrunksRepo(opts.db),
    maxChannels: opts.trunks.maxChannels,
    failoverSeconds: opts.trunks.failoverSeconds,
    touch: () => sip?.touch(),
  });
  const jobs = createCallJobs({
    repo,
    gateway,
    settle: calls.settle,
    instanceId: opts.instanceId,
    intervalMs: opts.deps?.jobIntervalMs ?? 5000,
    now: opts.deps?.now,
    log,
  });
  const job = {
    start: () => jobs.start(),
    stop: async () => {
      await jobs.stop();
      // A graceful stop ends this instance's sandbox calls now, billed for the time they ran.
      for (const id of gateway.running())
        await calls.settle(id, { at: new Date(), cause: 'restart', by: 'system' });
      await gateway.close();
    },
  };
  const module: ModuleSetup = {
    routes: [
      routesOf(voiceRoutes, { calls, accounts, callerIds }),
      routesOf(voiceEdgeRoutes, { edge, secret: config.edgeSecret }),
      routesOf(voiceAdminRoutes, { calls, callerIds }),
    ],
    jobs: [job],
    decorations: { voiceJobs: jobs },
  };
  return { ...module, calls, gateway };
}
