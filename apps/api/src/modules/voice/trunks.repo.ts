import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { didNumbers, orders, sipTrunks, users } from '../../db/schema/index.js';

/** A customer's SIP trunk as the edge's questions need it (read only: modules/sip-trunk
 * owns trunks; this reads what a call is decided from). */
export interface EdgeTrunk {
  id: string;
  userId: string;
  username: string | null;
  authMethod: string;
  codec: string;
  packageChannels: number | null;
  channels: number | null;
  callerId: string | null;
  inboundHost: string | null;
  failoverHost: string | null;
  /** The trunk order's status: active, grace, suspended or cancelled. */
  orderStatus: string;
  /** The failover add-on's order status; null without one. */
  failoverStatus: string | null;
  disabled: boolean;
}

/** The trunks the SIP edge's calls name (by id, by username, by a number routed to one). */
export function createTrunksRepo(db: Db) {
  const failoverOrders = alias(orders, 'failover_orders');
  const one = async (where: SQL | undefined): Promise<EdgeTrunk | null> => {
    const [row] = await db
      .select({
        id: sipTrunks.id,
        userId: sipTrunks.userId,
        username: sipTrunks.username,
        authMethod: sipTrunks.authMethod,
        codec: sipTrunks.codec,
        packageChannels: sipTrunks.packageChannels,
        channels: sipTrunks.channels,
        callerId: sipTrunks.callerId,
        inboundHost: sipTrunks.inboundHost,
        failoverHost: sipTrunks.failoverHost,
        orderStatus: orders.status,
        failoverStatus: failoverOrders.status,
        disabledAt: users.disabledAt,
      })
      .from(sipTrunks)
      .innerJoin(orders, eq(orders.id, sipTrunks.orderId))
      .innerJoin(users, eq(users.id, sipTrunks.userId))
      .leftJoin(failoverOrders, eq(failoverOrders.id, sipTrunks.failoverOrderId))
      .where(where)
      .limit(1);
    if (!row) return null;
    const { disabledAt, ...trunk } = row;
    return { ...trunk, disabled: disabledAt !== null };
  };
  return {
    trunkById: (id: string) => one(eq(sipTrunks.id, id)),
    trunkByUsername: (username: string) => one(eq(sipTrunks.username, username)),
    /** The trunk a number is routed to, when it is the number holder's own trunk. */
    async trunkOfNumber(number: string, holderId: string) {
      const [row] = await db
        .select({ trunkId: didNumbers.trunkId })
        .from(didNumbers)
        .where(eq(didNumbers.number, number));
      if (!row?.trunkId) return null;
      return one(and(eq(sipTrunks.id, row.trunkId), eq(sipTrunks.userId, holderId)));
    },
  };
}
export type TrunksRepo = ReturnType<typeof createTrunksRepo>;
