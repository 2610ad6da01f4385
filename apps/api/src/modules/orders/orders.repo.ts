import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { asIsoText, preparedRead } from '../../db/raw.js';
import { orders } from '../../db/schema/index.js';
import { CHECK_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import type { OpenedTask } from '../fulfilment/fulfilment.store.js';
import {
  type CatalogueItem,
  findCatalogueItem,
  ItemUnavailableError,
  type PlaceOrderInput,
  packageNames,
  placeOrder,
  TrunkRequiredError,
} from './orders.store.js';

export type { CatalogueItem, PlaceOrderInput };

/**
 * Why a sale was refused: the item went meanwhile, the balance's CHECK refused the
 * debit, or a unique index did (the order id is taken, or the item is already sold).
 */
export type BuyRefusal = 'unavailable' | 'trunk-required' | 'balance-too-low' | 'duplicate';
export type BuyResult =
  | { ok: true; order: OrderRow; opened: OpenedTask | null }
  | { ok: false; reason: BuyRefusal };

/** A refused sale as its reason; any other failure is not ours to name, so null. */
export function buyRefusal(err: unknown): BuyRefusal | null {
  if (err instanceof TrunkRequiredError) return 'trunk-required';
  if (err instanceof ItemUnavailableError) return 'unavailable';
  const code = pgErrorCode(err);
  if (code === CHECK_VIOLATION) return 'balance-too-low';
  if (code === UNIQUE_VIOLATION) return 'duplicate';
  return null;
}

/** An order as the customer's list shows it: the answer's columns, times as ISO text. */
export type OrderListRow = Pick<
  OrderRow,
  | 'id'
  | 'itemKind'
  | 'itemId'
  | 'name'
  | 'price'
  | 'priceCurrency'
  | 'charged'
  | 'paidWith'
  | 'billingPeriod'
  | 'status'
> & { renewsAt: string | null; createdAt: string; fulfilment: string | null };

/** An order's columns and its fulfilment task's status (null for an automatic item). */
const withFulfilment = {
  ...getTableColumns(orders),
  // Qualified by hand: drizzle writes a lone table's columns unqualified, and inside the
  // subquery an unqualified "id" would be the task's.
  fulfilment: sql<string | null>`(select f.status from fulfilment_tasks f
    where f.order_id = "orders"."id")`,
};

export function createOrdersRepo(db: Db) {
  // The customer's orders page reads this on every visit: a prepared read straight on
  // the driver (decision 0033), only the columns the answer shows.
  const listForUserQuery = preparedRead<OrderListRow>(
    db,
    `select id, item_kind as "itemKind", item_id as "itemId", name, price::text as price,
       price_currency as "priceCurrency", charged::text as charged, paid_with as "paidWith",
       billing_period as "billingPeriod", status, ${asIsoText('renews_at')} as "renewsAt",
       ${asIsoText('created_at')} as "createdAt",
       (select f.status from fulfilment_tasks f where f.order_id = orders.id) as fulfilment
     from orders where user_id = $1 order by created_at desc limit 200`,
  );
  return {
    findItem: (id: string): Promise<CatalogueItem | null> => findCatalogueItem(db, id),
    /** The names these packages are sold under now, in every language. */
    packageNames: (ids: string[]) => packageNames(db, ids),
    /** Sells the item from the balance: all of it commits, or none of it. */
    async buy(input: PlaceOrderInput): Promise<BuyResult> {
      try {
        const order = await db.transaction(async (tx) => {
          // Read again inside the transaction: it may have been withdrawn meanwhile.
          const item = await findCatalogueItem(tx, input.item.id);
          return placeOrder(tx, { ...input, item: item ?? { ...input.item, available: false } });
        });
        return { ok: true, order, opened: order.opened };
      } catch (err) {
        const reason = buyRefusal(err);
        if (reason) return { ok: false, reason };
        throw err;
      }
    },
    async findOrder(userId: string, id: string) {
      const [row] = await db
        .select(withFulfilment)
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)));
      return row;
    },
    async orderExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      return row !== undefined;
    },
    /** One customer's orders, newest first, a page at a time, and how many in all. */
    async pageForUser(userId: string, page: number, pageSize: number) {
      const mine = eq(orders.userId, userId);
      const [items, [total]] = await Promise.all([
        db
          .select(withFulfilment)
          .from(orders)
          .where(mine)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(orders).where(mine),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    listForUser(userId: string): Promise<OrderListRow[]> {
      return listForUserQuery([userId]);
    },
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
export type OrderRow = typeof orders.$inferSelect;
