import type { CountryPricing } from '@parley/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { SmsGateway } from '../../integrations/sms/port.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';
import { createSmppGateway } from '../../integrations/sms/smpp.js';
import { createRateLimiter, type LimitStore } from '../../lib/rate-limiter.js';
import type { RatesService } from '../payments/rates.service.js';
import { createSenderIdsRepo } from './sender-ids.repo.js';
import { createSenderIdsService } from './sender-ids.service.js';
import { createSmsRepo } from './sms.repo.js';
import { createSmsService } from './sms.service.js';
import { createSmsOutbox } from './sms-outbox.js';

export interface SmsDeps {
  /** A gateway of the test's own; otherwise the configured one. */
  gateway?: SmsGateway;
  pollMs?: number;
  retryDelayMs?: (attempt: number) => number;
}

/** The configured gateway (sandbox or SMPP), the outbox worker and the service. */
export function setUpSms(
  app: FastifyInstance,
  opts: {
    db: Db;
    config: Config['sms'];
    rates: RatesService;
    countryPricing: () => Promise<CountryPricing[]>;
    /** The brand sender and the open requests allowed (SMS_DEFAULT_SENDER…). */
    senders: Config['smsSenders'];
    /** SMS per customer per minute, counted in the shared limit store. */
    perMinute: number;
    limitStore: LimitStore;
    deps?: SmsDeps;
  },
) {
  const senders = createSenderIdsService({
    repo: createSenderIdsRepo(opts.db),
    ...opts.senders,
  });
  const gateway =
    opts.deps?.gateway ??
    (opts.config.gateway === 'smpp'
      ? createSmppGateway({ ...opts.config, log: app.log })
      : createSandboxGateway({ delayMs: opts.config.delayMs }));
  const repo = createSmsRepo(opts.db);
  const outbox = createSmsOutbox({
    repo,
    gateway,
    log: app.log,
    pollMs: opts.deps?.pollMs,
    retryDelayMs: opts.deps?.retryDelayMs,
  });
  const sms = createSmsService({
    repo,
    rates: opts.rates,
    countryPricing: opts.countryPricing,
    senders,
    limit: createRateLimiter(opts.limitStore, 'sms.perCustomer', {
      max: opts.perMinute,
      windowMs: 60_000,
    }),
    wake: outbox.wake,
  });
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => {
    await outbox.stop();
    await gateway.close();
    outbox.detach();
  });
  const status = async () => ({
    mode: gateway.mode,
    connected: 'bound' in gateway ? Boolean((gateway as { bound: boolean }).bound) : true,
    queued: await repo.queuedCount(),
  });
  return { sms, status, senders };
}
