import { IN_SERVICE } from '@parley/shared';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { callerIds, didNumbers, orders, sipTrunks } from '../../db/schema/index.js';
import { statusInService } from '../orders/in-service.repo.js';
import { ownedNumbers } from '../orders/orders.store.js';

/** The customer's numbers as trunks see them: which one each rings, which they may show. */
export function createTrunkNumbersRepo(db: Db) {
  return {
    /** The customer's rented numbers (in service) with the trunk each rings, if any. */
    async numbers(userId: string) {
      return db
        .select({ id: didNumbers.id, number: didNumbers.number, trunkId: didNumbers.trunkId })
        .from(orders)
        .innerJoin(didNumbers, eq(didNumbers.id, orders.itemId))
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.itemKind, 'number'),
            inArray(orders.status, IN_SERVICE),
          ),
        )
        .orderBy(asc(didNumbers.number));
    },

    /** Numbers the customer may show: rented ones and those verified by SMS code. */
    async callerIds(userId: string): Promise<string[]> {
      const verified = await db
        .select({ number: callerIds.number })
        .from(callerIds)
        .where(and(eq(callerIds.userId, userId), isNotNull(callerIds.verifiedAt)));
      return [...(await ownedNumbers(db, userId)), ...verified.map((v) => v.number)];
    },

    /**
     * Points a number at a trunk (or back, null); false unless both are the customer's and
     * in service (a suspended or cancelled trunk takes no new numbers).
     */
    async routeNumber(userId: string, numberId: string, trunkId: string | null) {
      const owned = sql`exists (select 1 from ${orders} o where o.item_id = ${didNumbers.id}
        and o.item_kind = 'number' and o.user_id = ${userId} and ${statusInService(sql.raw('o.status'))})`;
      const trunkOk = trunkId
        ? sql`exists (select 1 from ${sipTrunks} t join ${orders} o on o.id = t.order_id
            where t.id = ${trunkId} and t.user_id = ${userId} and ${statusInService(sql.raw('o.status'))})`
        : sql`true`;
      const rows = await db
        .update(didNumbers)
        .set({ trunkId })
        .where(and(eq(didNumbers.id, numberId), owned, trunkOk))
        .returning({ id: didNumbers.id });
      return rows.length > 0;
    },
  };
}
