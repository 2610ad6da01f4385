import { and, eq, lt, sql } from 'drizzle-orm';
import type { IdempotencyStore, KeyClaim, StoredKey } from '../lib/idempotency-keys.js';
import type { Db } from './client.js';
import { idempotencyKeys } from './schema/index.js';

const t = idempotencyKeys;

/** The columns a fresh claim writes over a new or an expired row. */
const claimed = (c: KeyClaim) => ({
  route: c.route,
  fingerprint: c.fingerprint,
  token: c.token,
  state: 'running',
  responseStatus: null,
  responseType: null,
  responseBody: null,
  lockedUntil: c.lockedUntil,
  createdAt: c.now,
  expiresAt: c.expiresAt,
});

/**
 * Idempotency-Key rows in `idempotency_keys` (decision 0064). A claim is one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE expired`, so of concurrent repeats exactly one
 * claims the key, on any instance; the others read the row that holds it.
 */
export function createIdempotencyStore(db: Db): IdempotencyStore {
  const mine = (userId: string, key: string, token: string) =>
    and(eq(t.userId, userId), eq(t.key, key), eq(t.token, token));
  return {
    async claim(c) {
      const won = await db
        .insert(t)
        .values({ userId: c.userId, key: c.key, ...claimed(c) })
        .onConflictDoUpdate({
          target: [t.userId, t.key],
          set: claimed(c),
          setWhere: lt(t.expiresAt, c.now),
        })
        .returning({ token: t.token });
      if (won.length > 0) return null;
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.userId, c.userId), eq(t.key, c.key)));
      // Pruned between the two statements: as busy as a running claim, for a moment.
      if (!row) {
        const { route, fingerprint, lockedUntil } = c;
        return { route, fingerprint, token: '', state: 'running', lockedUntil, answer: null };
      }
      const answer =
        row.responseStatus === null
          ? null
          : { status: row.responseStatus, contentType: row.responseType, body: row.responseBody };
      return {
        route: row.route,
        fingerprint: row.fingerprint,
        token: row.token,
        state: row.state === 'done' ? 'done' : 'running',
        lockedUntil: row.lockedUntil,
        answer,
      } satisfies StoredKey;
    },

    async takeOver(c, fromToken) {
      const rows = await db
        .update(t)
        .set({ token: c.token, lockedUntil: c.lockedUntil })
        .where(and(mine(c.userId, c.key, fromToken), eq(t.state, 'running')))
        .returning({ token: t.token });
      return rows.length > 0;
    },

    async finish(userId, key, token, answer) {
      await db
        .update(t)
        .set({
          state: 'done',
          responseStatus: answer.status,
          responseType: answer.contentType,
          responseBody: answer.body,
        })
        .where(and(mine(userId, key, token), eq(t.state, 'running')));
    },

    async release(userId, key, token) {
      await db.delete(t).where(and(mine(userId, key, token), eq(t.state, 'running')));
    },

    async prune(before, batch) {
      const expired = db
        .select({ userId: t.userId, key: t.key })
        .from(t)
        .where(lt(t.expiresAt, before))
        .limit(batch);
      const gone = await db
        .delete(t)
        .where(sql`(${t.userId}, ${t.key}) in ${expired}`)
        .returning({ key: t.key });
      return gone.length;
    },
  };
}
