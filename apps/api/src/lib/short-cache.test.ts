import { describe, expect, it } from 'vitest';
import { shortCache } from './short-cache.js';

describe('shortCache', () => {
  it('loads once per key within its lifetime, shares a load, and forgets failures', async () => {
    let t = 0;
    let loads = 0;
    let fail = false;
    const cache = shortCache(
      1000,
      async (key) => {
        loads += 1;
        if (fail) throw new Error('down');
        return `${key}:${loads}`;
      },
      () => t,
    );
    expect(await Promise.all([cache.get('a'), cache.get('a')])).toEqual(['a:1', 'a:1']);
    expect(await cache.get('b')).toBe('b:2');
    t = 999;
    expect(await cache.get('a')).toBe('a:1');
    t = 1000;
    expect(await cache.get('a')).toBe('a:3');
    fail = true;
    t = 5000;
    await expect(cache.get('a')).rejects.toThrow('down');
    fail = false;
    expect(await cache.get('a')).toBe('a:5');
    cache.clear();
    expect(await cache.get('a')).toBe('a:6');
  });
});

describe('shortCache cleared while a load fails', () => {
  it('keeps the newer entry when the older load fails after a clear', async () => {
    let fail: (err: Error) => void = () => {};
    let loads = 0;
    const cache = shortCache(60_000, (): Promise<number> => {
      loads += 1;
      if (loads === 1) return new Promise((_, reject) => (fail = reject));
      return Promise.resolve(loads);
    });
    const first = cache.get();
    cache.clear();
    expect(await cache.get()).toBe(2);
    fail(new Error('down'));
    await expect(first).rejects.toThrow('down');
    expect(await cache.get()).toBe(2);
  });
});
