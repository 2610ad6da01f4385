import { randomInt, randomUUID } from 'node:crypto';
import type { CountryPricing, SmsInboundList } from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { SmsGateway } from '../../integrations/sms/port.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';
import { createSmppGateway } from '../../integrations/sms/smpp.js';
import type { EventBus } from '../../lib/event-bus.js';
import { createRateLimiter, type LimitStore } from '../../lib/rate-limiter.js';
import type { CacheGroup } from '../../lib/short-cache.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { cachedCountryPricing } from '../catalogue/pricing-cache.js';
import type { RatesService } from '../payments/rates.service.js';
import { createSenderIdsRepo } from './sender-ids.repo.js';
import { senderIdsRoutes } from './sender-ids.routes.js';
import { createSenderIdsService } from './sender-ids.service.js';
import { senderIdsAdminRoutes } from './sender-ids-admin.routes.js';
import { createSmsRepo } from './sms.repo.js';
import { smsRoutes } from './sms.routes.js';
import { createSmsService } from './sms.service.js';
import { smsAdminRoutes } from './sms-admin.routes.js';
import { createSmsInboundRepo } from './sms-inbound.repo.js';
import { createSmsOutbox } from './sms-outbox.js';
import { createSmsOutboxRepo } from './sms-outbox.repo.js';
import { createSmsSettleRepo } from './sms-settle.repo.js';

type SandboxGateway = ReturnType<typeof createSandboxGateway>;

export interface SmsDeps {
  /** A gateway of the test's own; otherwise the configured one. */
  gateway?: SmsGateway;
  /** How often the sandbox looks for due receipts in the database. */
  sandboxSweepMs?: number;
  pollMs?: number;
  retryDelayMs?: (attempt: number) => number;
}

/** The configured gateway (sandbox or SMPP), the outbox worker and the service. */
export function setUpSms(opts: {
  db: Db;
  /** The outbox's and the receipts' (Database.jobsDb). */
  jobsDb: Db;
  log: FastifyBaseLogger;
  config: Config['sms'];
  rates: RatesService;
  /** The catalogue's active country prices; kept in the price caches for the send path. */
  countryPricing: () => Promise<CountryPricing[]>;
  /** The instance's price caches (catalogue/pricing-cache.ts): the GBP rates go there. */
  priceCaches: Pick<CacheGroup, 'add'>;
  /** This instance's stable id (config/instance-id.ts). */
  instanceId: string;
  /** The brand sender and the open requests allowed (SMS_DEFAULT_SENDER…). */
  senders: Config['smsSenders'];
  /** Sender ID requests and decisions are published here. */
  events: Pick<EventBus, 'publish'>;
  /** SMS per customer per minute, counted in the shared limit store. */
  perMinute: number;
  limitStore: LimitStore;
  deps?: SmsDeps;
}) {
  const { config, log } = opts;
  const senders = createSenderIdsService({
    repo: createSenderIdsRepo(opts.db),
    events: opts.events,
    ...opts.senders,
  });
  const gateway =
    opts.deps?.gateway ??
    (config.gateway === 'smpp'
      ? createSmppGateway({ ...config, validityMs: config.receiptTimeoutMs, log })
      : createSandboxGateway({ delayMs: config.delayMs, sweepMs: opts.deps?.sandboxSweepMs }));
  const repo = createSmsRepo(opts.db);
  // The gateway's side works on the jobs' pool, so a busy request pool never holds up a
  // hand-over or a receipt; the admins' inbound list reads the requests' pool.
  const { jobsDb } = opts;
  const inboundRepo = createSmsInboundRepo(opts.db);
  const outboxRepo = createSmsOutboxRepo(jobsDb);
  // The sandbox's receipts come from what is stored, so they survive a restart.
  if ('useSentStore' in gateway) (gateway as SandboxGateway).useSentStore(outboxRepo.sandboxDue);
  const outbox = createSmsOutbox({
    repo: { ...outboxRepo, ...createSmsSettleRepo(jobsDb), ...createSmsInboundRepo(jobsDb) },
    gateway,
    instanceId: opts.instanceId,
    receiptTimeoutMs: config.receiptTimeoutMs,
    log,
    pollMs: opts.deps?.pollMs,
    retryDelayMs: opts.deps?.retryDelayMs,
  });
  const sms = createSmsService({
    repo,
    rates: opts.rates,
    countryPricing: cachedCountryPricing(opts.countryPricing, opts.priceCaches).get,
    caches: opts.priceCaches,
    senders,
    limit: createRateLimiter(opts.limitStore, 'sms.perCustomer', {
      max: opts.perMinute,
      windowMs: 60_000,
    }),
    wake: outbox.wake,
  });
  const job = {
    start: () => outbox.start(),
    stop: async () => {
      await outbox.stop();
      await gateway.close();
      outbox.detach();
    },
  };
  const status = async () => ({
    mode: gateway.mode,
    connected: 'bound' in gateway ? Boolean((gateway as { bound: boolean }).bound) : true,
    queued: await repo.queuedCount(),
  });
  /** Admins: deliver_sm that were not receipts of ours, newest first. */
  const inbound = async (page: number, pageSize: number): Promise<SmsInboundList> => {
    const { items, total } = await inboundRepo.inbound(page, pageSize);
    return {
      items: items.map((r) => ({
        id: r.id,
        source: r.source,
        destination: r.destination,
        message: r.message,
        kind: r.kind as SmsInboundList['items'][number]['kind'],
        receivedAt: r.receivedAt.toISOString(),
      })),
      total,
      page,
      pageSize,
    };
  };
  /**
   * A service message of Parley's own (a verification code): straight to the gateway
   * under the brand sender, free and not in anyone's history. Losing one costs nothing:
   * the customer asks for another.
   */
  const sendService = async (recipient: string, message: string) => {
    await gateway.submit({
      id: randomUUID(),
      senderId: opts.senders.defaultSender,
      recipient,
      message,
      reference: randomInt(0, 256),
    });
  };
  const module: ModuleSetup = {
    routes: [
      routesOf(smsRoutes, { sms }),
      routesOf(senderIdsRoutes, { senders }),
      routesOf(smsAdminRoutes, { status, inbound, history: sms.history }),
      routesOf(senderIdsAdminRoutes, { senders }),
    ],
    jobs: [job],
  };
  return { ...module, sms, senders, sendService };
}
