import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { smsInbound } from '../../db/schema/index.js';

export type NewInbound = typeof smsInbound.$inferInsert;

/** deliver_sm that were not receipts of ours: kept, and listed for admins. */
export function createSmsInboundRepo(db: Db) {
  return {
    async storeInbound(row: NewInbound) {
      await db.insert(smsInbound).values(row);
    },

    async inbound(page: number, pageSize: number) {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(smsInbound)
          .orderBy(desc(smsInbound.receivedAt), desc(smsInbound.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(smsInbound),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  };
}
export type SmsInboundRepo = ReturnType<typeof createSmsInboundRepo>;
