import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTurn } from './after-paint';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('turns after paint', () => {
  it('hands out one turn per painted frame, in order', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('requestIdleCallback', undefined);
    const order: number[] = [];
    const turns = [1, 2, 3].map((n) => nextTurn().then(() => order.push(n)));
    const paint = async () => {
      const due = frames.splice(0);
      for (const cb of due) cb(0);
      await vi.advanceTimersByTimeAsync(0);
    };
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([]); // nothing before a frame has been painted
    await paint();
    expect(order).toEqual([1]);
    await paint();
    expect(order).toEqual([1, 2]);
    await paint();
    await Promise.all(turns);
    expect(order).toEqual([1, 2, 3]);
  });

  it('does not wait for frames that never come (a hidden tab)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    let done = false;
    const turn = nextTurn().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await turn;
    expect(done).toBe(true);
  });
});
