import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { senderIds, users } from '../../db/schema/index.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import { ownedNumbers } from '../orders/orders.store.js';

export type SenderIdRow = typeof senderIds.$inferSelect;
export type NewSenderId = Pick<
  typeof senderIds.$inferInsert,
  'senderId' | 'senderKey' | 'kind' | 'reason'
>;

const decider = alias(users, 'decider');

/** Sender ID requests, the numbers a customer rents, and the admin's decisions. */
export function createSenderIdsRepo(db: Db) {
  return {
    /** A customer's requests, newest first (at most `limit`). */
    listForUser(userId: string, limit = 100): Promise<SenderIdRow[]> {
      return db
        .select()
        .from(senderIds)
        .where(eq(senderIds.userId, userId))
        .orderBy(desc(senderIds.createdAt), desc(senderIds.id))
        .limit(limit);
    },

    /** The numbers assigned to the customer through an active order (E.164). */
    ownedNumbers: (userId: string) => ownedNumbers(db, userId),

    /**
     * Writes a request unless the customer already has `pendingMax` waiting. The
     * customer's row is locked first, so concurrent requests count one after another.
     * 'duplicate' when the same sender was asked for twice at once (the unique index
     * kept one).
     */
    async create(
      userId: string,
      values: NewSenderId,
      pendingMax: number,
    ): Promise<SenderIdRow | 'limit' | 'duplicate'> {
      const created = db.transaction(async (tx): Promise<SenderIdRow | 'limit'> => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [open] = await tx
          .select({ n: count() })
          .from(senderIds)
          .where(and(eq(senderIds.userId, userId), eq(senderIds.status, 'pending')));
        if ((open?.n ?? 0) >= pendingMax) return 'limit';
        const [row] = await tx
          .insert(senderIds)
          .values({ ...values, userId })
          .returning();
        if (!row) throw new Error('sender id was not written');
        return row;
      });
      return created.catch((err) => {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return 'duplicate' as const;
        throw err;
      });
    },

    async adminList(status: string | undefined, page: number, pageSize: number) {
      const where: SQL | undefined = status ? eq(senderIds.status, status) : undefined;
      const items = await db
        .select({ row: senderIds, email: users.email, decidedBy: decider.email })
        .from(senderIds)
        .innerJoin(users, eq(users.id, senderIds.userId))
        .leftJoin(decider, eq(decider.id, senderIds.decidedBy))
        .where(where)
        .orderBy(desc(senderIds.createdAt), desc(senderIds.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(senderIds).where(where);
      return { items, total: total?.n ?? 0 };
    },

    /**
     * Approves or rejects a pending request and writes the audit row in the same
     * transaction. Only a pending request changes: 'decided' when it was decided
     * already (by another admin a moment before), 'not-found' when there is none.
     */
    async decide(input: {
      id: string;
      status: 'approved' | 'rejected';
      note: string | null;
      adminId: string;
      ip: string | null;
      at: Date;
    }): Promise<SenderIdRow | 'not-found' | 'decided' | 'own'> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(senderIds)
          .where(eq(senderIds.id, input.id))
          .for('update');
        if (!before) return 'not-found';
        if (before.status !== 'pending') return 'decided';
        if (before.userId === input.adminId) return 'own';
        const [after] = await tx
          .update(senderIds)
          .set({
            status: input.status,
            adminNote: input.note,
            decidedBy: input.adminId,
            decidedAt: input.at,
          })
          .where(and(eq(senderIds.id, input.id), eq(senderIds.status, 'pending')))
          .returning();
        if (!after) return 'decided';
        const view = (r: SenderIdRow) => ({
          userId: r.userId,
          senderId: r.senderId,
          status: r.status,
          adminNote: r.adminNote,
        });
        await writeAudit(tx, {
          actorId: input.adminId,
          action: input.status === 'approved' ? 'sender_id.approve' : 'sender_id.reject',
          targetType: 'sender_id',
          targetId: after.id,
          before: view(before),
          after: view(after),
          ip: input.ip,
        });
        return after;
      });
    },
  };
}
export type SenderIdsRepo = ReturnType<typeof createSenderIdsRepo>;
