import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type CatalogueItem,
  findCatalogueItem,
  type PlaceOrderInput,
  placeOrder,
} from '../../db/orders.js';
import { orders } from '../../db/schema/index.js';

export function createOrdersRepo(db: Db) {
  return {
    findItem: (id: string): Promise<CatalogueItem | null> => findCatalogueItem(db, id),
    /** Sells the item from the balance: all of it commits, or none of it. */
    buy: (input: PlaceOrderInput) =>
      db.transaction(async (tx) => {
        // Read again inside the transaction: it may have been withdrawn meanwhile.
        const item = await findCatalogueItem(tx, input.item.id);
        return placeOrder(tx, { ...input, item: item ?? { ...input.item, available: false } });
      }),
    async findOrder(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)));
      return row;
    },
    async orderExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      return row !== undefined;
    },
    listForUser(userId: string) {
      return db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt))
        .limit(200);
    },
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
export type OrderRow = Awaited<ReturnType<OrdersRepo['listForUser']>>[number];
