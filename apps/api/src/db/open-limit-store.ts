import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.js';
import { createRedisLimitStore } from '../lib/limit-store-redis.js';
import type { LimitStore } from '../lib/rate-limiter.js';
import type { Db } from './client.js';
import { createDbLimitStore } from './limit-store.js';

/**
 * The one place the rate-limit store is chosen: Redis when REDIS_URL is set, otherwise
 * the database (PostgreSQL or the embedded one). Either way every instance sharing it
 * shares every count.
 */
export function openLimitStore(config: Config, db: Db, log: FastifyBaseLogger): LimitStore {
  if (!config.redis) return createDbLimitStore(db);
  return createRedisLimitStore({
    url: config.redis.url,
    prefix: config.redis.keyPrefix,
    onError: (message) => log.warn({ redisError: message }, 'rate limits: Redis unreachable'),
  });
}
