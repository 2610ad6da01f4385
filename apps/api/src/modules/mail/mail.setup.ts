import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Db } from '../../db/client.js';
import { createMailDns, type MailDns } from '../../integrations/mail/dns.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { createRateLimiter, type LimitStore } from '../../lib/rate-limiter.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createSecretBox } from '../auth/secret-box.js';
import { createMailRepo } from './mail.repo.js';
import { mailEdgeRoutes, mailRoutes } from './mail.routes.js';
import { createMailService } from './mail.service.js';
import { createMailDomainsService } from './mail-domains.service.js';
import { AUTH_FAILURES, createMailEdgeService } from './mail-edge.service.js';
import { createMailLogRepo } from './mail-log.repo.js';
import { meterMessage, usageNow } from './mail-meter.repo.js';
import { mailPackages } from './mail-packages.repo.js';
import { createSuppressionsRepo } from './mail-suppressions.repo.js';

/** Domain checks per customer per hour (each reads three records from the DNS). */
const VERIFY_PER_HOUR = { max: 60, windowMs: 3_600_000 };
/** How often delivery deadlines and the log's keeping time are applied. */
const SETTLE_INTERVAL_MS = 5 * 60_000;
const BATCH = 1000;

/**
 * Customers' SMTP relays (decision 0069): the customer's API, the mail edge's questions
 * (by MAIL_EDGE_SECRET), and a job that settles recipients left without an outcome past
 * the deadline and prunes the log past each message's keeping time.
 */
export function setUpMail(opts: {
  db: Db;
  config: Pick<Config, 'mailRelay'>;
  /** The DKIM keys are sealed with MAIL_ENCRYPTION_KEY, else this. */
  sessionSecret: string;
  limitStore: LimitStore;
  log: FastifyBaseLogger;
  deps?: { mailDns?: MailDns };
  now?: () => Date;
}): ModuleSetup {
  const { db } = opts;
  const config = opts.config.mailRelay;
  const now = opts.now ?? (() => new Date());
  const repo = createMailRepo(db);
  const log = createMailLogRepo(db);
  const keyMaterial = config.encryptionKey ?? opts.sessionSecret;
  const box = createSecretBox(keyMaterial, 'dkim-key-encryption');
  const packages = (userId: string) => mailPackages(db, userId);
  const suppressions = createSuppressionsRepo(db);
  const mail = createMailService({
    repo,
    suppressions,
    log,
    packages,
    usage: (userId, periodStart, at) => usageNow(db, userId, periodStart, at),
    config,
    now,
  });
  const domains = createMailDomainsService({
    repo,
    packages,
    dns: opts.deps?.mailDns ?? createMailDns(config.dnsServers),
    box,
    config,
    verifyLimit: createRateLimiter(opts.limitStore, 'mail.verify', VERIFY_PER_HOUR),
    now,
  });
  const edge = createMailEdgeService({
    repo,
    suppressions,
    log,
    packages,
    meter: (input) => meterMessage(db, input),
    todayCount: async (userId, at) => (await usageNow(db, userId, null, at)).today,
    box,
    config,
    authLimits: {
      perUser: createRateLimiter(opts.limitStore, 'mail.authPerUser', AUTH_FAILURES),
      perIp: createRateLimiter(opts.limitStore, 'mail.authPerIp', { ...AUTH_FAILURES, max: 50 }),
    },
    now,
  });
  async function settle() {
    const at = now();
    let expired = 0;
    let pruned = 0;
    for (let n = BATCH; n === BATCH; expired += n)
      n = await log.expireBefore(new Date(at.getTime() - config.deliveryDeadlineMs), BATCH, at);
    for (let n = BATCH; n === BATCH; pruned += n) n = await log.pruneBefore(at, BATCH);
    return { expired, pruned };
  }
  const job = createPeriodicJob({
    name: 'mail settle',
    intervalMs: SETTLE_INTERVAL_MS,
    pass: settle,
    log: opts.log,
  });
  return {
    routes: [
      routesOf(mailRoutes, { mail, domains }),
      routesOf(mailEdgeRoutes, { edge, secret: config.edgeSecret }),
    ],
    jobs: [job],
    decorations: { mailSettle: settle },
  };
}
