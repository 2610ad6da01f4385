import { IN_SERVICE } from '@parley/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, packages } from '../../db/schema/index.js';

/**
 * The features, purchase dates and renewal state of the customer's packages in service
 * (plans, add-ons): what a plan's allowance is computed from. Read by voice and by
 * voice-monitoring, written once here.
 */
export async function activePackages(db: Db, userId: string) {
  return db
    .select({
      features: packages.features,
      boughtAt: orders.createdAt,
      status: orders.status,
      renewsAt: orders.renewsAt,
      autoRenew: orders.autoRenew,
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.itemId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.itemKind, 'package'),
        inArray(orders.status, IN_SERVICE),
      ),
    );
}
