/**
 * Provisioning a trunk: called by the orders store inside the sale's transaction, so a
 * trunk package is never sold without its trunk, and a trunk add-on never without a
 * trunk to attach to (decision 0068). Only `*.repo.ts` files and the orders store import it.
 */
import { IN_SERVICE, type TrunkRole } from '@parley/shared';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/ledger.js';
import { orders, sipTrunks } from '../../db/schema/index.js';
import { statusInService } from '../orders/in-service.repo.js';

/**
 * Makes the trunk of a trunk order, or attaches an add-on to the customer's trunk it is
 * for (else their oldest in service) that lacks one (an add-on whose own order lapsed
 * counts as lacking). False: an add-on with no such trunk (the caller refuses the sale).
 */
export async function provisionTrunk(
  tx: Tx,
  input: {
    userId: string;
    orderId: string;
    role: NonNullable<TrunkRole>;
    at: Date;
    /** The trunk an add-on is for; else the oldest in service that lacks it. */
    trunkId?: string;
  },
): Promise<boolean> {
  const { role } = input;
  if (role.kind === 'trunk') {
    await tx.insert(sipTrunks).values({
      userId: input.userId,
      orderId: input.orderId,
      packageChannels: role.channels,
      // A trunk sold with failover has it for as long as the trunk itself is paid.
      failoverOrderId: role.failoverIncluded ? input.orderId : null,
      analyticsOrderId: role.analyticsIncluded ? input.orderId : null,
      createdAt: input.at,
      updatedAt: input.at,
    });
    return true;
  }
  const column = role.kind === 'failover' ? sipTrunks.failoverOrderId : sipTrunks.analyticsOrderId;
  const lapsed = sql`not exists (select 1 from ${orders} a where a.id = ${column}
    and ${statusInService(sql.raw('a.status'))})`;
  const [trunk] = await tx
    .select({ id: sipTrunks.id, orderId: sipTrunks.orderId, replaced: column })
    .from(sipTrunks)
    .innerJoin(orders, eq(orders.id, sipTrunks.orderId))
    .where(
      and(
        eq(sipTrunks.userId, input.userId),
        input.trunkId ? eq(sipTrunks.id, input.trunkId) : undefined,
        inArray(orders.status, IN_SERVICE),
        or(isNull(column), lapsed),
      ),
    )
    .orderBy(asc(sipTrunks.createdAt))
    .limit(1)
    .for('update', { of: sipTrunks });
  if (!trunk) return false;
  await tx
    .update(sipTrunks)
    .set(
      role.kind === 'failover'
        ? { failoverOrderId: input.orderId, updatedAt: input.at }
        : { analyticsOrderId: input.orderId, updatedAt: input.at },
    )
    .where(eq(sipTrunks.id, trunk.id));
  // The lapsed add-on it replaces would otherwise renew (and charge) attached to nothing.
  if (trunk.replaced && trunk.replaced !== trunk.orderId)
    await tx.update(orders).set({ autoRenew: false }).where(eq(orders.id, trunk.replaced));
  return true;
}
