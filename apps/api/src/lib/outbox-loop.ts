/**
 * The loop of an outbox sender (mail, webhooks): `drain` now and every `pollMs`, one
 * pass at a time; a wake-up during a pass asks for another right after it. `drain` reads
 * `stopping()` between items, so stop() lets the item in hand finish and leaves the rest
 * in the table; stop() waits for that pass.
 */
export function createOutboxLoop(deps: {
  name: string;
  pollMs: number;
  drain: (stopping: () => boolean) => Promise<void>;
  log: { warn(o: object, m: string): void };
}) {
  let timer: NodeJS.Timeout | null = null;
  let stopping = false;
  let current: Promise<void> | null = null;
  let again = false;
  const isStopping = () => stopping;

  /** One pass now (or, when one is under way, another right after it). */
  function runOnce(): Promise<void> {
    if (current) {
      again = true;
      return current;
    }
    current = deps
      .drain(isStopping)
      .catch((err: unknown) => deps.log.warn({ err }, `${deps.name} pass failed`))
      .finally(() => {
        current = null;
        if (again && !stopping) {
          again = false;
          void runOnce();
        }
      });
    return current;
  }

  return {
    runOnce,
    start() {
      stopping = false;
      timer ??= setInterval(() => void runOnce(), deps.pollMs);
      void runOnce();
    },
    /** Something was written for it: look now rather than at the next poll. */
    wake() {
      if (timer) void runOnce();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await current;
    },
  };
}
