import { and, count, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { asEpochMs, asIsoText, preparedRead } from '../../db/raw.js';
import { apiKeys, users } from '../../db/schema/index.js';
import type { SessionUserRow } from '../auth/auth-user.js';

/** A live key and the account it acts for, as a request with it needs them. */
export type KeyRow = SessionUserRow & {
  keyId: string;
  /** Space-separated: both drivers read text alike. */
  scopes: string;
  lastUsedMs: number | null;
};

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = Pick<
  typeof apiKeys.$inferInsert,
  'userId' | 'name' | 'prefix' | 'tokenHash' | 'scopes' | 'expiresAt'
>;
/** Who revokes: the owner, or an admin (any customer's key). */
export interface Revoker {
  actorId: string;
  ip: string | null;
  ownerOnly: boolean;
}

const live = (now: Date) =>
  and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));

export function createApiKeysRepo(db: Db) {
  // Every request with a key runs this: a prepared read (decision 0033), by the hash only.
  const findQuery = preparedRead<KeyRow>(
    db,
    `select k.id as "keyId", array_to_string(k.scopes, ' ') as "scopes",
       ${asEpochMs('k.last_used_at')} as "lastUsedMs",
       u.id, u.email, u.first_name as "firstName", u.last_name as "lastName",
       u.profile_image_url as "profileImageUrl", u.crypto_balance::text as "cryptoBalance",
       u.is_admin as "isAdmin", ${asIsoText('u.created_at')} as "createdAt",
       ${asIsoText('u.updated_at')} as "updatedAt"
     from api_keys k join users u on u.id = k.user_id
     where k.token_hash = $1 and k.revoked_at is null
       and (k.expires_at is null or k.expires_at > $2::timestamptz) and u.disabled_at is null`,
  );

  return {
    async findLive(tokenHash: string, now: Date): Promise<KeyRow | undefined> {
      const [row] = await findQuery([tokenHash, now.toISOString()]);
      return row;
    },

    /** Records a use unless one was recorded in the last minute (another instance may have). */
    async touch(id: string, ip: string, now: Date): Promise<void> {
      const minuteAgo = new Date(now.getTime() - 60_000);
      await db
        .update(apiKeys)
        .set({ lastUsedAt: now, lastUsedIp: ip })
        .where(
          and(
            eq(apiKeys.id, id),
            or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, minuteAgo)),
          ),
        );
    },

    /**
     * Inserts the key and its audit row unless the owner already holds `max` live keys;
     * the owner's row is locked so two creations cannot both pass the count.
     */
    async insert(key: NewApiKey, max: number, now: Date, ip: string | null) {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, key.userId)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, key.userId), live(now)));
        if ((held?.n ?? 0) >= max) return 'limit' as const;
        const [row] = await tx.insert(apiKeys).values(key).returning();
        if (!row) throw new Error('the key was not inserted');
        await writeAudit(tx, {
          actorId: key.userId,
          ip,
          action: 'api_key.create',
          targetType: 'api_key',
          targetId: row.id,
          after: { name: row.name, prefix: row.prefix, scopes: row.scopes },
        });
        return row;
      });
    },

    /** Keys not revoked (expired ones included, marked by their time), newest first. */
    async listOf(userId: string): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    /** Revokes the key and writes its audit row; undefined when there is no such live key. */
    async revoke(id: string, by: Revoker, now: Date): Promise<ApiKeyRow | undefined> {
      return db.transaction(async (tx) => {
        const owner = by.ownerOnly ? eq(apiKeys.userId, by.actorId) : undefined;
        const [row] = await tx
          .update(apiKeys)
          .set({ revokedAt: now, revokedBy: by.actorId })
          .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt), owner))
          .returning();
        if (!row) return undefined;
        await writeAudit(tx, {
          actorId: by.actorId,
          ip: by.ip,
          action: by.ownerOnly ? 'api_key.revoke' : 'api_key.admin_revoke',
          targetType: 'api_key',
          targetId: row.id,
          before: { name: row.name, prefix: row.prefix, owner: row.userId },
        });
        return row;
      });
    },
  };
}
export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
