import { describe, expect, it } from 'vitest';
import { batchedWrites } from './batched-writes.js';

/** A write that records each batch and answers when told to. */
function recorder() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  let failNext = false;
  const write = (items: number[]) => {
    batches.push(items);
    const fail = failNext;
    failNext = false;
    return new Promise<string[]>((resolve, reject) =>
      pending.push(() => (fail ? reject(new Error('boom')) : resolve(items.map((n) => `#${n}`)))),
    );
  };
  const finishOne = async () => {
    pending.shift()?.();
    // Let the answers and the next batch's start run.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { batches, write, finishOne, failNext: () => (failNext = true) };
}

describe('batchedWrites', () => {
  it('writes alone when idle, and what came meanwhile together, each getting its own answer', async () => {
    const r = recorder();
    const put = batchedWrites(r.write, { max: 10 });
    const first = put(1);
    await Promise.resolve();
    expect(r.batches).toEqual([[1]]);
    const later = [put(2), put(3), put(4)];
    expect(r.batches).toEqual([[1]]);
    await r.finishOne();
    expect(await first).toBe('#1');
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
    await r.finishOne();
    expect(await Promise.all(later)).toEqual(['#2', '#3', '#4']);
  });

  it('takes the calls of one turn in one write, `max` at a time', async () => {
    const r = recorder();
    const put = batchedWrites(r.write, { max: 3 });
    const all = [1, 2, 3, 4, 5, 6, 7].map((n) => put(n));
    await Promise.resolve();
    expect(r.batches).toEqual([[1, 2, 3]]);
    await r.finishOne();
    await r.finishOne();
    await r.finishOne();
    expect(r.batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(await Promise.all(all)).toEqual(['#1', '#2', '#3', '#4', '#5', '#6', '#7']);
  });

  it('fails only the callers of a write that failed; the next write still runs', async () => {
    const r = recorder();
    const put = batchedWrites(r.write, { max: 10 });
    r.failNext();
    const failed = [put(1), put(2)];
    await Promise.resolve();
    const after = put(3);
    await r.finishOne();
    await expect(failed[0]).rejects.toThrow('boom');
    await expect(failed[1]).rejects.toThrow('boom');
    await r.finishOne();
    expect(await after).toBe('#3');
    expect(r.batches).toEqual([[1, 2], [3]]);
    // Idle again: the next call starts a write of its own.
    const again = put(4);
    await Promise.resolve();
    expect(r.batches.at(-1)).toEqual([4]);
    await r.finishOne();
    expect(await again).toBe('#4');
  });
});
