import { and, asc, eq } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { chatSessions, fulfilmentTasks, orders, users } from '../../db/schema/index.js';
import type { AuditBy } from '../../lib/audit-by.js';

/** A task with what the queue shows beside it: the customer, the order's date, the chat. */
export interface TaskRow {
  id: string;
  orderId: string;
  userId: string;
  email: string;
  itemId: string;
  itemName: string;
  status: string;
  orderedAt: Date;
  dueAt: Date;
  doneAt: Date | null;
  chatSessionId: string | null;
}

/** How many open tasks the queue lists at most (a team works through them in due order). */
export const QUEUE_LIMIT = 500;

export function createFulfilmentRepo(db: Db) {
  const columns = {
    id: fulfilmentTasks.id,
    orderId: fulfilmentTasks.orderId,
    userId: fulfilmentTasks.userId,
    email: users.email,
    itemId: fulfilmentTasks.itemId,
    itemName: fulfilmentTasks.itemName,
    status: fulfilmentTasks.status,
    orderedAt: orders.createdAt,
    dueAt: fulfilmentTasks.dueAt,
    doneAt: fulfilmentTasks.doneAt,
    chatSessionId: chatSessions.id,
  };
  const joined = () =>
    db
      .select(columns)
      .from(fulfilmentTasks)
      .innerJoin(orders, eq(orders.id, fulfilmentTasks.orderId))
      .innerJoin(users, eq(users.id, fulfilmentTasks.userId))
      .leftJoin(chatSessions, eq(chatSessions.userId, fulfilmentTasks.userId));

  return {
    /** Open tasks, the earliest due first (then the oldest order). */
    open(): Promise<TaskRow[]> {
      return joined()
        .where(eq(fulfilmentTasks.status, 'open'))
        .orderBy(asc(fulfilmentTasks.dueAt), asc(orders.createdAt), asc(fulfilmentTasks.id))
        .limit(QUEUE_LIMIT);
    },

    async one(id: string): Promise<TaskRow | null> {
      const [row] = await joined().where(eq(fulfilmentTasks.id, id));
      return row ?? null;
    },

    /**
     * Marks an open task done and audits it, together; false when it was not open (done
     * already, or no such task), so marking twice writes one audit row.
     */
    async markDone(id: string, by: AuditBy, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(fulfilmentTasks)
          .set({ status: 'done', doneAt: at, doneBy: by.actorId })
          .where(and(eq(fulfilmentTasks.id, id), eq(fulfilmentTasks.status, 'open')))
          .returning();
        if (!row) return false;
        await writeAudit(tx, {
          ...by,
          action: 'fulfilment.done',
          targetType: 'fulfilment_task',
          targetId: row.id,
          before: { status: 'open' },
          after: { status: 'done', orderId: row.orderId, item: row.itemName },
        });
        return true;
      });
    },
  };
}
export type FulfilmentRepo = ReturnType<typeof createFulfilmentRepo>;
