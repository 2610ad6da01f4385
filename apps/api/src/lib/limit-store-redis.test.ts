import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { createRedisLimitStore } from './limit-store-redis.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = net.connect({ host: '127.0.0.1', port: 6379, timeout: 500 });
  const done = (up: boolean) => {
    socket.destroy();
    resolve(up);
  };
  socket.once('connect', () => done(true));
  socket.once('error', () => done(false));
  socket.once('timeout', () => done(false));
});

describe('the Redis limit store', () => {
  it('answers 503 rather than letting attempts through when Redis is unreachable', async () => {
    const errors: string[] = [];
    const store = createRedisLimitStore({
      url: 'redis://127.0.0.1:1',
      prefix: 'x:',
      onError: (message) => errors.push(message),
    });
    const failure = await store.increment('k', 1000).catch((err: unknown) => err);
    await store.close();
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('SERVICE_UNAVAILABLE');
    expect(errors.length).toBeGreaterThan(0);
  });

  describe.skipIf(!redisUp)('on a reachable Redis', () => {
    const prefix = `parley-test-${randomUUID()}:`;
    const store = createRedisLimitStore({ url: REDIS_URL, prefix });
    afterAll(async () => {
      await store.close();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it('counts atomically within a window that expires by itself', async () => {
      const counts = await Promise.all(
        Array.from({ length: 20 }, () => store.increment('burst', 60_000)),
      );
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect((await store.peek('burst'))?.ttlMs).toBeGreaterThan(55_000);
      await store.delete(['burst']);
      expect(await store.peek('burst')).toBeNull();
      expect(await store.increment('short', 50)).toMatchObject({ count: 1 });
      await new Promise((r) => setTimeout(r, 120));
      expect(await store.peek('short')).toBeNull();
      expect((await store.increment('short', 50)).count).toBe(1);
    });
  });
});
