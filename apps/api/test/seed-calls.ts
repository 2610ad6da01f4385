import type { Database } from '../src/db/client.js';
import { calls, orders, packages, services } from '../src/db/schema/index.js';

export type SeedCall = Partial<typeof calls.$inferInsert> & { userId: string };

let serial = 0;

/**
 * Writes a call record straight into `calls`, as the voice core leaves one: an ended
 * 60/60 call to a UK number at £0.1200 a minute unless the test says otherwise.
 */
export async function seedCall(database: Database, call: SeedCall) {
  serial += 1;
  const createdAt = call.createdAt ?? new Date();
  const [row] = await database.db
    .insert(calls)
    .values({
      callerId: '+447400100100',
      destination: `+4420700${String(serial).padStart(5, '0')}`,
      country: 'GB',
      price: '0.1200',
      priceCurrency: 'GBP',
      rate: null,
      ratePerMinute: '0.1200',
      increments: '60/60',
      maxSeconds: 3600,
      hold: '10.0000',
      status: 'ended',
      gateway: 'sandbox',
      deadlineAt: new Date(createdAt.getTime() + 3_600_000),
      ...call,
      createdAt,
    })
    .returning();
  if (!row) throw new Error('seedCall: no row');
  return row;
}

/** An active order of a package with these features, bought at `boughtAt`. */
export async function seedPackageOrder(
  database: Database,
  userId: string,
  features: string[],
  boughtAt: Date,
) {
  serial += 1;
  const [service] = await database.db
    .insert(services)
    .values({ name: 'VoIP', slug: `voip-seed-${serial}`, icon: 'phone' })
    .returning();
  if (!service) throw new Error('seedPackageOrder: no service');
  const [pkg] = await database.db
    .insert(packages)
    .values({ serviceId: service.id, name: 'Seed plan', price: '99.00', features })
    .returning();
  if (!pkg) throw new Error('seedPackageOrder: no package');
  await database.db.insert(orders).values({
    userId,
    itemKind: 'package',
    itemId: pkg.id,
    name: pkg.name,
    price: pkg.price,
    priceCurrency: 'GBP',
    charged: pkg.price,
    paidWith: 'balance',
    billingPeriod: 'monthly',
    createdAt: boughtAt,
  });
}
