import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import smpp, { type Server } from 'smpp';
import type { SmppServerConfig } from '../../config/smpp-server-config.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { receiptPdu } from './smpp-receipt-pdu.js';
import type { SmppReceiptsRepo } from './smpp-receipts.repo.js';
import { type LocalSession, type SessionDeps, serveSession } from './smpp-session.js';
import type { SmppSessionsRepo } from './smpp-sessions.repo.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** One submit_sm a second per account on this instance, at most the account's own rate. */
function createThrottle() {
  const seconds = new Map<string, { second: number; count: number }>();
  return (account: { id: string; maxPerSecond: number }) => {
    const second = Math.floor(Date.now() / 1000);
    const w = seconds.get(account.id);
    if (!w || w.second !== second) {
      seconds.set(account.id, { second, count: 1 });
      return true;
    }
    if (w.count >= account.maxPerSecond) return false;
    w.count += 1;
    return true;
  };
}

/**
 * Parley's SMPP server (decision 0066): a plain and a TLS listener, the sessions bound
 * on this instance, a heartbeat that writes them for every instance to see (and ends
 * those an admin ended or whose account was removed), the receipts to bound receivers,
 * and the sweep of long messages left waiting.
 */
export function createSmppListener(deps: {
  config: SmppServerConfig;
  instanceId: string;
  session: Pick<SessionDeps, 'authenticate' | 'submit'>;
  sessions: SmppSessionsRepo;
  receipts: SmppReceiptsRepo;
  sweep: () => Promise<void>;
  log: Log;
  heartbeatMs?: number;
  receiptPollMs?: number;
  sweepMs?: number;
}) {
  const { config, instanceId, log } = deps;
  const live = new Map<string, LocalSession>();
  const servers: Server[] = [];
  const take = createThrottle();

  const heartbeat = createPeriodicJob({
    name: 'smpp: heartbeat',
    intervalMs: deps.heartbeatMs ?? 5000,
    log,
    pass: async () => {
      const stats = [...live.values()].map((s) => ({
        id: s.id,
        submitted: s.submitted,
        perSecond: s.perSecond(),
      }));
      for (const id of await deps.sessions.heartbeat(instanceId, stats)) live.get(id)?.end();
    },
  });

  let turn = 0;
  /** A bound receiver of the account, in turn, so receipts spread over its sessions. */
  function receiverOf(accountId: string): LocalSession | undefined {
    const list = [...live.values()].filter(
      (s) => s.account.id === accountId && s.bindType !== 'transmitter',
    );
    turn += 1;
    return list[turn % Math.max(list.length, 1)];
  }

  const receipts = createPeriodicJob({
    name: 'smpp: receipts',
    intervalMs: deps.receiptPollMs ?? 1000,
    log,
    pass: async () => {
      const accounts = new Set<string>();
      for (const s of live.values()) if (s.bindType !== 'transmitter') accounts.add(s.account.id);
      const due = await deps.receipts.claim([...accounts], 30_000, 200);
      await Promise.all(
        due.map(async (r) => {
          const status = await receiverOf(r.accountId)?.deliver(receiptPdu(r));
          if (status === 0) await deps.receipts.sent(r.id);
          else await deps.receipts.release(r.id);
        }),
      );
    },
  });

  const sweep = createPeriodicJob({
    name: 'smpp: parts sweep',
    intervalMs: deps.sweepMs ?? 30_000,
    log,
    pass: deps.sweep,
  });

  const sessionDeps: SessionDeps = {
    ...deps.session,
    open: (account, ip, bindType) =>
      deps.sessions.open({ accountId: account.id, instanceId, remoteIp: ip, bindType }),
    take,
    window: config.window,
    bound: (s) => {
      live.set(s.id, s);
      if (s.bindType !== 'transmitter') void receipts.runOnce().catch(() => {});
    },
    closed: (s) => {
      live.delete(s.id);
      void deps.sessions.close(s.id).catch((err: unknown) => log.error({ err }, 'smpp: close'));
    },
    log,
  };

  async function listen(server: Server, port: number) {
    server.on('error', (err) => log.error({ err }, 'smpp: listener'));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    servers.push(server);
  }

  const portOf = (s: Server | undefined) => (s ? (s.address() as AddressInfo).port : null);

  return {
    /** Whether either listener is configured. */
    enabled: config.port !== null || config.tls !== null,

    async start() {
      if (config.port === null && config.tls === null) return;
      await deps.sessions.closeAll(instanceId);
      const serve = (s: Parameters<typeof serveSession>[0]) => serveSession(s, sessionDeps);
      if (config.port !== null) await listen(smpp.createServer(serve), config.port);
      if (config.tls)
        await listen(
          smpp.createServer({ key: config.tls.key, cert: config.tls.cert }, serve),
          config.tls.port,
        );
      heartbeat.start();
      receipts.start();
      sweep.start();
      log.info({ port: this.ports().port, tlsPort: this.ports().tlsPort }, 'smpp: listening');
    },

    /** The ports actually bound (a configured 0 picks a free one). */
    ports() {
      const plain = config.port !== null ? servers[0] : undefined;
      const tls = config.tls ? servers[config.port !== null ? 1 : 0] : undefined;
      return { port: portOf(plain), tlsPort: portOf(tls) };
    },

    /** Looks for receipts now (a test, or a message settled on this instance). */
    wakeReceipts: () => receipts.runOnce(),
    /** Runs the long-message sweep now. */
    sweepNow: () => sweep.runOnce(),
    /** The sessions bound here. */
    live: () => [...live.values()],

    async stop() {
      for (const server of servers) server.close();
      for (const s of live.values()) s.end();
      await Promise.all([heartbeat.stop(), receipts.stop(), sweep.stop()]);
      const deadline = Date.now() + 2500;
      while (live.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      servers.length = 0;
    },
  };
}
export type SmppListener = ReturnType<typeof createSmppListener>;
