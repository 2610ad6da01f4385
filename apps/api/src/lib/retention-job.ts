import type { FastifyBaseLogger } from 'fastify';

/** One kind of row to prune: deletes at most `batch` rows older than its cut-off. */
export interface PruneTask {
  name: string;
  /** How old a row must be to go. */
  maxAgeMs: number;
  prune(before: Date, batch: number): Promise<number>;
}

const BATCH = 1000;

/**
 * The retention job: every `intervalMs`, each task deletes what is older than its age,
 * a batch at a time until nothing is left. Every instance runs it; the deletes are
 * idempotent (a row two instances both pick is deleted once), so no leader is needed.
 * A failed run is logged and tried again at the next interval.
 */
export function createRetentionJob(deps: {
  tasks: PruneTask[];
  intervalMs: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<Record<string, number>> | null = null;
  let stopped = false;

  async function pass(): Promise<Record<string, number>> {
    const pruned: Record<string, number> = {};
    for (const task of deps.tasks) {
      const before = new Date(now().getTime() - task.maxAgeMs);
      let total = 0;
      for (;;) {
        const n = await task.prune(before, BATCH);
        total += n;
        if (n < BATCH || stopped) break;
      }
      pruned[task.name] = total;
    }
    if (Object.values(pruned).some((n) => n > 0)) deps.log.info({ pruned }, 'retention job');
    return pruned;
  }

  /** One pass now (or the one under way); resolves with the rows pruned per task. */
  function runOnce(): Promise<Record<string, number>> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  function tick() {
    runOnce()
      .catch((err: unknown) => deps.log.error({ err }, 'retention job failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, deps.intervalMs).unref();
      });
  }

  return {
    runOnce,
    /** Runs a first pass at once, then every interval. */
    start() {
      stopped = false;
      if (!timer && !running) tick();
    },
    /** No new pass starts; the one under way is awaited. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}
export type RetentionJob = ReturnType<typeof createRetentionJob>;
