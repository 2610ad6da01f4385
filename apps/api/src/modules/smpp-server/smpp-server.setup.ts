import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { SmppServerConfig } from '../../config/smpp-server-config.js';
import type { Db } from '../../db/client.js';
import { createRateLimiter, type LimitStore } from '../../lib/rate-limiter.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import type { SmsService } from '../sms/sms.service.js';
import { createSmppAccountsRepo } from './smpp-accounts.repo.js';
import { createSmppAccountsService } from './smpp-accounts.service.js';
import {
  BIND_FAILURES_PER_IP,
  BIND_FAILURES_PER_SYSTEM_ID,
  BIND_LIMITER_NAMES,
} from './smpp-bind-auth.js';
import { createSmppRuntime, type SmppRuntimeSms, type SmppTimings } from './smpp-listener.setup.js';
import { smppServerRoutes } from './smpp-server.routes.js';
import { smppServerAdminRoutes } from './smpp-server-admin.routes.js';

/** The accounts service: the API's, and the listener's check of every bind. */
export function smppAccountsOf(opts: {
  db: Db;
  config: SmppServerConfig;
  limitStore: LimitStore;
  ports?: () => { port: number | null; tlsPort: number | null };
  now?: () => Date;
}) {
  return createSmppAccountsService({
    repo: createSmppAccountsRepo(opts.db),
    server: opts.config,
    ports: opts.ports,
    limits: {
      perSystemId: createRateLimiter(
        opts.limitStore,
        BIND_LIMITER_NAMES.perSystemId,
        BIND_FAILURES_PER_SYSTEM_ID,
      ),
      perIp: createRateLimiter(opts.limitStore, BIND_LIMITER_NAMES.perIp, BIND_FAILURES_PER_IP),
    },
    now: opts.now,
  });
}

/**
 * Parley's SMPP server for customers' gateways (decision 0066): the accounts API, the
 * admin's sessions, and `accounts.authenticate` for the listener's binds (failed binds
 * counted in the shared limit store, so every instance sees them).
 */
export function setUpSmppServer(opts: {
  db: Db;
  log: FastifyBaseLogger;
  config: Pick<Config, 'smppServer' | 'smsSenders' | 'sms'>;
  limitStore: LimitStore;
  /** This instance's stable id: its sessions are written under it. */
  instanceId: string;
  /** The SMS module's send path and sender rules: submit_sm goes through them. */
  sms: { sms: Pick<SmsService, 'send'>; senders: SmppRuntimeSms['senders'] };
  timings?: SmppTimings;
  now?: () => Date;
}) {
  const { config } = opts;
  const server = config.smppServer;
  const accounts = smppAccountsOf({ ...opts, config: server, ports: () => listener.ports() });
  const listener = createSmppRuntime({
    ...opts,
    config: server,
    sms: { send: opts.sms.sms.send, senders: opts.sms.senders },
    defaultSender: config.smsSenders.defaultSender,
    receiptTimeoutMs: config.sms.receiptTimeoutMs,
    authenticate: accounts.authenticate,
  });
  const module: ModuleSetup = {
    routes: [
      routesOf(smppServerRoutes, { accounts }),
      routesOf(smppServerAdminRoutes, { accounts }),
    ],
    jobs: [{ start: () => listener.start(), stop: () => listener.stop() }],
    decorations: { smppServer: listener },
  };
  return { ...module, accounts };
}
