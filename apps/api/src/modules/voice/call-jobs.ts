import type { VoiceGateway } from '../../integrations/voice/port.js';
import { DEADLINE_GRACE_MS } from './call-authorise.js';
import type { CallEnd } from './call-decisions.js';
import type { CallRow, CallsRepo } from './calls.repo.js';

/** A sandbox call whose instance has not been seen for this long is settled by another. */
export const SANDBOX_STALE_MS = 30_000;

/**
 * Settles what nobody else will, on every instance, exactly once (settling locks the
 * row): calls past their deadline, and sandbox calls whose instance stopped. Also tells
 * the others that this instance still runs its sandbox calls.
 */
export function createCallJobs(deps: {
  repo: Pick<CallsRepo, 'overdue' | 'sandboxOpen' | 'heartbeat'>;
  gateway: VoiceGateway;
  settle: (id: string, end: CallEnd) => Promise<unknown>;
  instanceId: string;
  intervalMs: number;
  now?: () => Date;
  log: { error(obj: unknown, msg: string): void };
}) {
  const { repo, gateway } = deps;
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  /** A call the sandbox lost (its instance stopped): ended when it was last seen running. */
  const lost = (row: CallRow) =>
    deps.settle(row.id, { at: row.aliveAt ?? row.createdAt, cause: 'restart', by: 'system' });

  /** A call past its deadline: the edge never reported its end, or the sandbox lost it. */
  function overdue(row: CallRow) {
    if (row.gateway === 'sandbox' && row.aliveAt) return lost(row);
    const at = row.answeredAt
      ? new Date(row.answeredAt.getTime() + row.maxSeconds * 1000)
      : new Date(row.deadlineAt.getTime() - DEADLINE_GRACE_MS);
    return deps.settle(row.id, {
      at,
      cause: row.answeredAt ? 'deadline' : 'no_answer',
      by: 'system',
    });
  }

  async function tick() {
    const at = now();
    const mine = new Set(gateway.running());
    if (mine.size) await repo.heartbeat(deps.instanceId, at);
    for (const row of await repo.overdue(at)) {
      if (mine.has(row.id)) gateway.hangup(row.id, row.answeredAt ? 'cutoff' : 'normal', 'system');
      else await overdue(row);
    }
    const stale = new Date(at.getTime() - SANDBOX_STALE_MS);
    for (const row of await repo.sandboxOpen({ aliveBefore: stale }))
      if (!mine.has(row.id)) await lost(row);
  }

  const safeTick = () => {
    running ??= tick()
      .catch((err) => deps.log.error({ err }, 'voice: settling job failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    tick: safeTick,
    /** After a restart: this instance's sandbox calls died with it; settle them now. */
    async start() {
      // A database that is down now must not stop the server: the job tries again.
      try {
        const mine = new Set(gateway.running());
        for (const row of await repo.sandboxOpen({ owner: deps.instanceId }))
          if (!mine.has(row.id)) await lost(row);
      } catch (err) {
        deps.log.error({ err }, 'voice: settling calls at start failed');
      }
      timer = setInterval(() => void safeTick(), deps.intervalMs);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
