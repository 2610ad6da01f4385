import { and, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { countUpTo, one } from '../../db/count.js';
import { containing } from '../../db/raw.js';
import { sessions, USER_FULL_NAME, users } from '../../db/schema/index.js';

export interface UserSearch {
  /** Part of the email or the name, any case. */
  q?: string;
  status?: 'active' | 'suspended';
}

/** `q` as a LIKE pattern that matches it literally anywhere. */

function where({ q, status }: UserSearch): SQL | undefined {
  const pattern = q ? containing(q) : null;
  return and(
    pattern
      ? or(
          ilike(users.email, pattern),
          // The index's own expression, so that its trigrams answer (users_search_idx).
          ilike(USER_FULL_NAME, pattern),
        )
      : undefined,
    status === 'active' ? isNull(users.disabledAt) : undefined,
    status === 'suspended' ? isNotNull(users.disabledAt) : undefined,
  );
}

export function createUsersRepo(db: Db) {
  return {
    /** Newest first, a page at a time. */
    async search(filter: UserSearch, page: number, pageSize: number) {
      const condition = where(filter);
      const [items, total] = await Promise.all([
        db
          .select()
          .from(users)
          .where(condition)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        countUpTo(db, db.select({ one: one() }).from(users).where(condition).$dynamic()),
      ]);
      return { items, total };
    },

    async find(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /**
     * Sets or clears the disabled flag and writes the audit row; disabling also ends
     * every session. All in one transaction.
     */
    async setDisabled(
      id: string,
      disabled: boolean,
      by: { actorId: string; ip: string | null },
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ disabledAt: users.disabledAt })
          .from(users)
          .where(eq(users.id, id))
          .for('update');
        if (!before) return undefined;
        const [row] = await tx
          .update(users)
          .set({ disabledAt: disabled ? (before.disabledAt ?? now) : null, updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        if (disabled) await tx.delete(sessions).where(eq(sessions.userId, id));
        if (row && (before.disabledAt !== null) !== disabled)
          await writeAudit(tx, {
            ...by,
            action: disabled ? 'user.suspend' : 'user.reactivate',
            targetType: 'user',
            targetId: id,
            before: { suspended: !disabled },
            after: { suspended: disabled },
          });
        return row;
      });
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
export type UserRow = NonNullable<Awaited<ReturnType<UsersRepo['find']>>>;
