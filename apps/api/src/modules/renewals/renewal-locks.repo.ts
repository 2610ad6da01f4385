import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/ledger.js';
import { orders, users } from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;

/** The columns of an order its subscription shows (and the runway counts). */
export type SubscriptionRow = Pick<
  OrderRow,
  | 'id'
  | 'itemKind'
  | 'itemId'
  | 'name'
  | 'renewalCharge'
  | 'status'
  | 'autoRenew'
  | 'paidThrough'
  | 'renewsAt'
  | 'graceUntil'
  | 'suspendedAt'
  | 'endedAt'
  | 'createdAt'
>;

/** The customer's row, then the order's, locked in that order (as purchases and calls do). */
export async function lockOrder(tx: Tx, userId: string, orderId: string) {
  const [user] = await tx
    .select({ balance: users.cryptoBalance, held: users.held })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for('update');
  return user && order ? { user, order } : null;
}

/** An order by id alone (an admin's action), locked after its customer's row. */
export async function lockOrderById(tx: Tx, id: string) {
  const [found] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id));
  return found ? ((await lockOrder(tx, found.userId, id))?.order ?? null) : null;
}

/** An order paid up to `period`: active again, renewing at `renewsAt`, nothing unpaid. */
export const paidUpTo = (period: number, renewsAt: Date) => ({
  status: 'active',
  paidThrough: period,
  renewsAt,
  graceUntil: null,
  retryAt: null,
  suspendedAt: null,
});
