import { IN_SERVICE, TRUNK_SERVICE_SLUGS } from '@parley/shared';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, packages, services } from '../../db/schema/index.js';

/**
 * The features, purchase dates and renewal state of the customer's packages in service
 * (plans, add-ons): what a plan's allowance is computed from. Read by voice and by
 * voice-monitoring, written once here. Trunks are not plans: their channels are their
 * own (decision 0068).
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
    .innerJoin(services, eq(services.id, packages.serviceId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.itemKind, 'package'),
        inArray(orders.status, IN_SERVICE),
        notInArray(services.slug, [...TRUNK_SERVICE_SLUGS]),
      ),
    );
}
