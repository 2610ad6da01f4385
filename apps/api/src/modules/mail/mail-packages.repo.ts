import { IN_SERVICE } from '@parley/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, packages, services } from '../../db/schema/index.js';
import type { MailPackage } from './mail-plan.js';

/** The customer's SMTP packages in service, with their features as the catalogue has them now. */
export async function mailPackages(db: Db, userId: string): Promise<MailPackage[]> {
  return db
    .select({
      name: packages.name,
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
        eq(services.slug, 'smtp'),
      ),
    );
}
