import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `pass` now and then every `intervalMs`, one pass at a time, on every instance
 * (passes must be safe to run on several at once). A failed pass is logged and tried
 * again at the next interval; stop() waits for the pass under way.
 */
export function createPeriodicJob<T>(deps: {
  name: string;
  intervalMs: number;
  pass: () => Promise<T>;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<T> | null = null;
  let stopped = true;

  /** One pass now, or the one under way. */
  function runOnce(): Promise<T> {
    running ??= deps.pass().finally(() => {
      running = null;
    });
    return running;
  }

  function tick() {
    runOnce()
      .catch((err: unknown) => deps.log.error({ err }, `${deps.name} failed`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, deps.intervalMs).unref();
      });
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}
export type PeriodicJob<T> = ReturnType<typeof createPeriodicJob<T>>;
