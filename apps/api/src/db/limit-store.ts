import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { LimitCount, LimitStore } from '../lib/rate-limiter.js';
import type { Db } from './client.js';
import { rateLimits } from './schema/index.js';

/** Expired rows are deleted at most this often per instance, a batch at a time. */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 1000;

const ttlMs = sql<number>`ceil(extract(epoch from (${rateLimits.expiresAt} - now())) * 1000)::int`;

/**
 * Rate-limit counters in the `rate_limits` table (PostgreSQL or the embedded PGlite),
 * so every instance on one database shares them. Each count is one
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING`: atomic however many instances hit it.
 * Times are the database's, so instances with skewed clocks still agree.
 */
export function createDbLimitStore(db: Db, nowMs: () => number = Date.now): LimitStore {
  let lastSweep = 0;

  async function sweep(): Promise<void> {
    const t = nowMs();
    if (t - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = t;
    const expired = db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(lt(rateLimits.expiresAt, sql`now()`))
      .limit(SWEEP_BATCH);
    await db.delete(rateLimits).where(inArray(rateLimits.key, expired));
  }

  // Every limited request (sign-in, SMS, chat, search) counts here: built once.
  const open = sql`${rateLimits.expiresAt} > now()`;
  const by = sql`${sql.placeholder('by')}::int`;
  const start = sql`${sql.placeholder('start')}::int`;
  const incrementQuery = db
    .insert(rateLimits)
    .values({
      key: sql.placeholder('key'),
      count: start,
      windowStart: sql`now()`,
      expiresAt: sql`now() + ${sql.placeholder('windowMs')}::int * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${open} then greatest(${rateLimits.count} + ${by}, 0) else ${start} end`,
        windowStart: sql`case when ${open} then ${rateLimits.windowStart} else excluded.window_start end`,
        expiresAt: sql`case when ${open} then ${rateLimits.expiresAt} else excluded.expires_at end`,
      },
    })
    .returning({ count: rateLimits.count, ttlMs })
    .prepare('rate_limit_increment');

  return {
    async increment(key, windowMs, by = 1): Promise<LimitCount> {
      await sweep();
      // Giving back (by < 0) never opens a window nor goes below zero.
      const [row] = await incrementQuery.execute({ key, windowMs, by, start: Math.max(by, 0) });
      if (!row) throw new Error('rate limit counter was not written');
      return row;
    },
    async peek(key) {
      const [row] = await db
        .select({ count: rateLimits.count, ttlMs })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, sql`now()`)));
      return row ?? null;
    },
    async delete(keys) {
      if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
    },
    async close() {},
  };
}
