import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import smpp, { type Server } from 'smpp';
import type { SmppServerConfig } from '../../config/smpp-server-config.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { createReceiptSender } from './smpp-receipt-sender.js';
import type { SmppReceiptsRepo } from './smpp-receipts.repo.js';
import { type LocalSession, type SessionDeps, serveSession } from './smpp-session.js';
import type { SmppSessionsRepo } from './smpp-sessions.repo.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** One submit_sm a second per account on this instance, at most the account's own rate. */
function createThrottle() {
  const seconds = new Map<string, { second: number; count: number }>();
  const take = (account: { id: string; maxPerSecond: number }) => {
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
  /** Forgets the accounts that sent nothing this second. */
  const prune = () => {
    const second = Math.floor(Date.now() / 1000);
    for (const [id, w] of seconds) if (w.second !== second) seconds.delete(id);
  };
  return { take, prune };
}

/** Connections one address may hold, and all of them together. */
export const MAX_CONNECTIONS_PER_IP = 20;
const MAX_CONNECTIONS = 2000;

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
  const throttle = createThrottle();
  const connections = new Map<object, { ip: string; end(): Promise<void> }>();
  let stopping = false;

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
      throttle.prune();
      for (const id of await deps.sessions.heartbeat(instanceId, stats)) void live.get(id)?.end();
    },
  });

  const receipts = createReceiptSender({
    repo: deps.receipts,
    live: () => [...live.values()],
    log,
    intervalMs: deps.receiptPollMs ?? 1000,
  });

  const sweep = createPeriodicJob({
    name: 'smpp: parts sweep',
    intervalMs: deps.sweepMs ?? 30_000,
    log,
    pass: async () => {
      await deps.sweep();
      await deps.sessions.trim();
    },
  });

  const sessionDeps: SessionDeps = {
    ...deps.session,
    open: (account, ip, bindType) =>
      deps.sessions.open({ accountId: account.id, instanceId, remoteIp: ip, bindType }),
    take: throttle.take,
    window: config.window,
    accepting: () => !stopping,
    abandoned: (id) => {
      void deps.sessions.close(id).catch((err: unknown) => log.error({ err }, 'smpp: close'));
    },
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
    server.maxConnections = MAX_CONNECTIONS;
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
      const serve = (s: Parameters<typeof serveSession>[0]) => {
        const ip = s.socket.remoteAddress ?? '';
        const fromIp = [...connections.values()].filter((c) => c.ip === ip).length;
        if (stopping || fromIp >= MAX_CONNECTIONS_PER_IP) return void s.destroy();
        // Not spread: `end` is the connection's method, which a spread would leave behind.
        const connection = serveSession(s, sessionDeps);
        connections.set(s, { ip, end: () => connection.end() });
        s.on('close', () => connections.delete(s));
      };
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

    /** Refuses new binds, unbinds every session once its submits are answered, waits. */
    async stop() {
      stopping = true;
      for (const server of servers) server.close();
      const closing = [...connections.values()].map((c) => c.end());
      await Promise.race([Promise.all(closing), new Promise((r) => setTimeout(r, 15_000))]);
      await Promise.all([heartbeat.stop(), receipts.stop(), sweep.stop()]);
      servers.length = 0;
    },
  };
}
export type SmppListener = ReturnType<typeof createSmppListener>;
