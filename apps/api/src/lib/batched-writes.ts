/**
 * Writes of one kind, coalesced: a write asked for while none is running runs at once
 * (with any asked for in the same turn); those asked for while one runs wait for it and
 * then run together, as one, `max` at most. Nothing waits on a timer, an idle sender pays
 * nothing, and a busy one spends one round trip on many writes instead of one each. Each
 * caller gets its own item's answer, or the error of the write that carried it.
 */
export function batchedWrites<T, R>(write: (items: T[]) => Promise<R[]>, options: { max: number }) {
  type Waiting = { item: T; resolve: (r: R) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  async function flush() {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, options.max);
      queue = queue.slice(batch.length);
      try {
        const answers = await write(batch.map((w) => w.item));
        for (const [i, w] of batch.entries()) w.resolve(answers[i] as R);
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    running = false;
  }

  return (item: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // After this turn's other callers (several workers start together) have joined.
      if (queue.length === 1 && !running) queueMicrotask(() => void flush());
    });
}
