import { Redis } from 'ioredis';
import { AppError } from './app-error.js';
import type { LimitCount, LimitStore } from './rate-limiter.js';

/**
 * INCR and, for a new window, PEXPIRE in one script, so a key can never be left
 * without an expiry and concurrent callers each see their own count.
 */
const INCREMENT = `
local by = tonumber(ARGV[2])
if by < 0 then
  local current = tonumber(redis.call('GET', KEYS[1]) or '0')
  if current <= 0 then return {0, 0} end
  if -by > current then by = -current end
end
local count = redis.call('INCRBY', KEYS[1], by)
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

export interface RedisLimitStoreOptions {
  url: string;
  /** Put before every key, so several installations (or tests) can share one Redis. */
  prefix: string;
  /** Connection trouble is reported here (the URL, which may hold a password, is not). */
  onError?: (message: string) => void;
}

/**
 * Rate-limit counters in Redis (REDIS_URL): shared by every instance using it, and
 * expired by Redis itself. When Redis cannot be reached the limited actions answer
 * 503 rather than going unlimited.
 */
export function createRedisLimitStore(options: RedisLimitStoreOptions): LimitStore {
  const redis = new Redis(options.url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    enableOfflineQueue: true,
  });
  let lastError = '';
  redis.on('error', (err: Error) => {
    if (err.message === lastError) return;
    lastError = err.message;
    options.onError?.(err.message);
  });
  redis.on('ready', () => {
    lastError = '';
  });
  const k = (key: string) => `${options.prefix}${key}`;

  async function run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (err) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'This is briefly unavailable. Please try again in a minute.',
        undefined,
        { cause: err, headers: { 'retry-after': '30' } },
      );
    }
  }

  return {
    async increment(key, windowMs, by = 1): Promise<LimitCount> {
      const [count, ttlMs] = (await run(() =>
        redis.eval(INCREMENT, 1, k(key), String(windowMs), String(by)),
      )) as [number, number];
      return { count, ttlMs };
    },
    async peek(key) {
      const found = (await run(() => redis.eval(PEEK, 1, k(key)))) as [number, number] | null;
      if (!found || found[1] <= 0) return null;
      return { count: found[0], ttlMs: found[1] };
    },
    async delete(keys) {
      if (keys.length) await run(() => redis.del(...keys.map(k)));
    },
    async close() {
      redis.disconnect();
    },
  };
}
