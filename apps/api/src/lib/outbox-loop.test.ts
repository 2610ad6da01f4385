import { describe, expect, it } from 'vitest';
import { createOutboxLoop } from './outbox-loop.js';

const quiet = { warn() {} };

describe('the outbox loop', () => {
  it('runs one pass at a time, and another right after when asked during one', async () => {
    let passes = 0;
    let release = () => {};
    const loop = createOutboxLoop({
      name: 'Test',
      pollMs: 60_000,
      log: quiet,
      drain: async () => {
        passes++;
        if (passes === 1) await new Promise<void>((r) => (release = r));
      },
    });
    const first = loop.runOnce();
    const during = loop.runOnce();
    expect(during).toBe(first);
    expect(passes).toBe(1);
    release();
    await first;
    await loop.runOnce();
    expect(passes).toBe(3);
  });

  it('stops: the pass under way finishes, sees stopping, and no other begins', async () => {
    const seen: boolean[] = [];
    let passes = 0;
    let release = () => {};
    const loop = createOutboxLoop({
      name: 'Test',
      pollMs: 60_000,
      log: quiet,
      drain: async (stopping) => {
        passes++;
        await new Promise<void>((r) => (release = r));
        seen.push(stopping());
      },
    });
    loop.start();
    loop.wake();
    const stopped = loop.stop();
    release();
    await stopped;
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([true]);
    expect(passes).toBe(1);
  });

  it('logs a failed pass and keeps going', async () => {
    const warned: string[] = [];
    let fail = true;
    const loop = createOutboxLoop({
      name: 'Test',
      pollMs: 60_000,
      log: { warn: (_o, m) => warned.push(m) },
      drain: async () => {
        if (fail) throw new Error('down');
      },
    });
    await loop.runOnce();
    fail = false;
    await loop.runOnce();
    expect(warned).toEqual(['Test pass failed']);
  });
});
