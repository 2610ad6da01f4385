import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { orders, sipTrunkAddresses, sipTrunks, users } from '../../db/schema/index.js';
import { EXCLUSION_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import { copyWithFields } from '../../lib/with-fields.js';
import { statusInService } from '../orders/in-service.repo.js';
import { createTrunkNumbersRepo } from './trunk-numbers.repo.js';
import { createTrunkStatsRepo } from './trunk-stats.repo.js';

export type TrunkRow = typeof sipTrunks.$inferSelect;
type Credentials = Pick<TrunkRow, 'username' | 'domain' | 'ha1' | 'ha1b' | 'passwordBox'>;
export type TrunkChanges = Pick<
  TrunkRow,
  'authMethod' | 'channels' | 'codec' | 'callerId' | 'inboundHost' | 'failoverHost'
>;

/** Whether an add-on's order (null: none) is in service. */
const inService = (orderId: ReturnType<typeof sql>) =>
  sql<boolean>`exists (select 1 from ${orders} a where a.id = ${orderId}
    and ${statusInService(sql.raw('a.status'))})`;

/** Trunks and what they are made of; the figures of their calls in trunk-stats.repo.ts. */
export function createSipTrunkRepo(db: Db) {
  const trunkColumns = {
    trunk: sipTrunks,
    name: orders.name,
    status: orders.status,
    failover: inService(sql`${sipTrunks.failoverOrderId}`),
    analytics: inService(sql`${sipTrunks.analyticsOrderId}`),
  };
  async function trunks(where: ReturnType<typeof and>) {
    const rows = await db
      .select(trunkColumns)
      .from(sipTrunks)
      .innerJoin(orders, eq(orders.id, sipTrunks.orderId))
      .where(and(where, ne(orders.status, 'cancelled')))
      .orderBy(asc(sipTrunks.createdAt));
    const ids = rows.map((r) => r.trunk.id);
    const addresses = ids.length
      ? await db
          .select({ trunkId: sipTrunkAddresses.trunkId, network: sipTrunkAddresses.network })
          .from(sipTrunkAddresses)
          .where(inArray(sipTrunkAddresses.trunkId, ids))
          .orderBy(asc(sipTrunkAddresses.id))
      : [];
    return rows.map((r) => ({
      ...r,
      addresses: addresses.filter((a) => a.trunkId === r.trunk.id).map((a) => a.network),
    }));
  }

  return {
    ...createTrunkStatsRepo(db),
    ...createTrunkNumbersRepo(db),

    ofUser: (userId: string) => trunks(eq(sipTrunks.userId, userId)),

    async one(userId: string, id: string) {
      const [row] = await trunks(and(eq(sipTrunks.userId, userId), eq(sipTrunks.id, id)));
      return row ?? null;
    },

    /** Every trunk in service or suspended, with its customer, for admins. */
    async all() {
      const rows = await trunks(undefined);
      const owners = rows.length
        ? await db
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(inArray(users.id, [...new Set(rows.map((r) => r.trunk.userId))]))
        : [];
      const email = new Map(owners.map((o) => [o.id, o.email]));
      return rows.map((r) => copyWithFields(r, { email: email.get(r.trunk.userId) ?? '' }));
    },

    /** Sets a trunk's first credentials; false when the username is taken (try another). */
    async setFirstCredentials(id: string, credentials: Credentials): Promise<boolean> {
      try {
        await db
          .update(sipTrunks)
          .set(credentials)
          .where(and(eq(sipTrunks.id, id), isNull(sipTrunks.username)));
        return true;
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return false;
        throw err;
      }
    },

    async setPassword(id: string, hashes: Pick<TrunkRow, 'ha1' | 'ha1b' | 'passwordBox'>) {
      await db
        .update(sipTrunks)
        .set({ ...hashes, updatedAt: new Date() })
        .where(eq(sipTrunks.id, id));
    },

    /** The networks of other trunks that overlap any of these (CIDR text). */
    async takenBy(trunkId: string, networks: string[]): Promise<string[]> {
      if (networks.length === 0) return [];
      const rows = rowsOf<{ network: string }>(
        await db.execute(sql`select distinct n.network::text as network
          from unnest(${`{${networks.join(',')}}`}::cidr[]) as n(network)
          join ${sipTrunkAddresses} a on a.network && n.network and a.trunk_id <> ${trunkId}`),
      );
      return rows.map((r) => r.network);
    },

    /** Saves a trunk and its addresses together; 'taken' when another trunk claimed one
     * of them meanwhile (the exclusion constraint). */
    async save(id: string, changes: TrunkChanges, networks: string[], at: Date) {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(sipTrunks)
            .set({ ...changes, updatedAt: at })
            .where(eq(sipTrunks.id, id));
          await tx.delete(sipTrunkAddresses).where(eq(sipTrunkAddresses.trunkId, id));
          if (networks.length)
            await tx
              .insert(sipTrunkAddresses)
              .values(networks.map((network) => ({ trunkId: id, network })));
        });
        return 'saved' as const;
      } catch (err) {
        const code = pgErrorCode(err);
        if (code === EXCLUSION_VIOLATION || code === UNIQUE_VIOLATION) return 'taken' as const;
        throw err;
      }
    },
  };
}
export type SipTrunkRepo = ReturnType<typeof createSipTrunkRepo>;
