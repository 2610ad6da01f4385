import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatCannedReplies } from '../../db/schema/index.js';
import { refusedAs } from '../../lib/pg-errors.js';

/** Canned replies: the admins' saved answers, by title. */
export function createChatCannedRepo(db: Db) {
  return {
    canned() {
      return db
        .select()
        .from(chatCannedReplies)
        .orderBy(sql`lower(${chatCannedReplies.title})`, asc(chatCannedReplies.id));
    },

    /** A ConstraintError 'duplicate' when the title is taken (any case). */
    async createCanned(values: { title: string; body: string }) {
      const [row] = await refusedAs('write', () =>
        db.insert(chatCannedReplies).values(values).returning(),
      );
      if (!row) throw new Error('canned reply was not written');
      return row;
    },

    /** Null when there is no such reply; a ConstraintError 'duplicate' for a taken title. */
    async updateCanned(id: string, values: { title: string; body: string }) {
      const [row] = await refusedAs('write', () =>
        db.update(chatCannedReplies).set(values).where(eq(chatCannedReplies.id, id)).returning(),
      );
      return row ?? null;
    },

    async deleteCanned(id: string): Promise<boolean> {
      const rows = await db
        .delete(chatCannedReplies)
        .where(eq(chatCannedReplies.id, id))
        .returning({ id: chatCannedReplies.id });
      return rows.length > 0;
    },
  };
}
