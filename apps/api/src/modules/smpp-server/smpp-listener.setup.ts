import type { SenderChoice, SmsSendInput } from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SmppServerConfig } from '../../config/smpp-server-config.js';
import type { Db } from '../../db/client.js';
import { createSmppListener } from './smpp-listener.js';
import { createPartsSweep } from './smpp-parts-sweep.js';
import { createSmppReceiptsRepo } from './smpp-receipts.repo.js';
import type { SessionDeps } from './smpp-session.js';
import { createSmppSessionsRepo } from './smpp-sessions.repo.js';
import { createSmppSubmit } from './smpp-submit.js';
import { createSmppSubmitsRepo } from './smpp-submits.repo.js';

/** What the server needs of the SMS module. */
export interface SmppRuntimeSms {
  send(userId: string, input: SmsSendInput): Promise<unknown>;
  senders: { choose(userId: string, requested: string): Promise<SenderChoice> };
}

/** How often the listener's jobs run; tests shorten them. */
export interface SmppTimings {
  heartbeatMs?: number;
  receiptPollMs?: number;
  sweepMs?: number;
  partWaitMs?: number;
}

/**
 * The SMPP server's moving parts, wired: the listener with its sessions, submits
 * through the SMS send path, receipts and the sweep. Started and stopped as a job.
 */
export function createSmppRuntime(opts: {
  db: Db;
  log: FastifyBaseLogger;
  config: SmppServerConfig;
  instanceId: string;
  authenticate: SessionDeps['authenticate'];
  sms: SmppRuntimeSms;
  defaultSender: string;
  /** How long an SMS waits for its upstream receipt (SMS_RECEIPT_TIMEOUT). */
  receiptTimeoutMs: number;
  timings?: SmppTimings;
}) {
  const submits = createSmppSubmitsRepo(opts.db);
  const submit = createSmppSubmit({
    send: opts.sms.send,
    senders: opts.sms.senders,
    defaultSender: opts.defaultSender,
    repo: submits,
    // A receipt outlives its message's own expiry by a day, for a receiver to bind.
    defaultValidityMs: opts.receiptTimeoutMs + 86_400_000,
    log: opts.log,
  });
  return createSmppListener({
    config: opts.config,
    instanceId: opts.instanceId,
    session: { authenticate: opts.authenticate, submit: submit.submit },
    sessions: createSmppSessionsRepo(opts.db),
    receipts: createSmppReceiptsRepo(opts.db),
    sweep: createPartsSweep({
      repo: submits,
      assemble: submit.assemble,
      partWaitMs: opts.timings?.partWaitMs,
    }),
    log: opts.log,
    heartbeatMs: opts.timings?.heartbeatMs,
    receiptPollMs: opts.timings?.receiptPollMs,
    sweepMs: opts.timings?.sweepMs,
  });
}
