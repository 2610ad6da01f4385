import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export function createUsersRepo(db: Db) {
  return {
    async list() {
      return db.select().from(users).orderBy(asc(users.createdAt));
    },

    /** Sets or clears the disabled flag; disabling also ends every session, in one transaction. */
    async setDisabled(id: string, disabled: boolean, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ disabledAt: disabled ? now : null, updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        if (row && disabled) await tx.delete(sessions).where(eq(sessions.userId, id));
        return row;
      });
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
