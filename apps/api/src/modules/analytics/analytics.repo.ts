import type { Analytics } from '@parley/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  analyticsSnapshots,
  calls,
  ledgerEntries,
  orders,
  sessions,
  transactions,
  users,
} from '../../db/schema/index.js';

/** A numeric sum as an exact decimal string with two places ("0.00" when nothing). */
const money = (column: unknown, filter?: ReturnType<typeof sql>) =>
  sql<string>`round(coalesce(sum(${column})${filter ? sql` filter (where ${filter})` : sql``}, 0), 2)::text`;
const countWhere = (filter: ReturnType<typeof sql>) =>
  sql<number>`(count(*) filter (where ${filter}))::int`;

/**
 * The admin's analytics, read from one snapshot (a read-only repeatable-read transaction)
 * so the figures agree with each other. All money is summed by PostgreSQL in numeric.
 */
export function createAnalyticsRepo(db: Db) {
  return {
    /** The figures last stored, as stored (the service checks their shape), or null. */
    async latest(): Promise<{ figures: unknown; generatedAt: Date } | null> {
      const [row] = await db.select().from(analyticsSnapshots);
      return row ? { figures: row.figures, generatedAt: row.generatedAt } : null;
    },

    /** Keeps `figures` as the latest, unless newer ones are stored already. */
    async store(figures: Analytics) {
      const generatedAt = new Date(figures.generatedAt);
      await db
        .insert(analyticsSnapshots)
        .values({ id: 1, figures, generatedAt })
        .onConflictDoUpdate({
          target: analyticsSnapshots.id,
          set: { figures, generatedAt },
          setWhere: sql`${analyticsSnapshots.generatedAt} <= ${generatedAt.toISOString()}::timestamptz`,
        });
    },

    /** Counts the figures over every table (a job's work, not a request's). */
    async read(since: Date) {
      const from = sql`${since.toISOString()}::timestamptz`;
      // Seen signed in, or paid, bought or was charged since `from`: each table read by
      // its time index, not once per customer.
      const recent = sql`select ${sessions.userId} as id from ${sessions} where ${sessions.lastSeenAt} >= ${from}
        union select ${transactions.userId} from ${transactions} where ${transactions.createdAt} >= ${from}
        union select ${ledgerEntries.userId} from ${ledgerEntries} where ${ledgerEntries.createdAt} >= ${from}
        union select ${orders.userId} from ${orders} where ${orders.createdAt} >= ${from}`;
      const active = sql<number>`(select count(*)::int from (${recent}) seen
        join ${users} u on u.id = seen.id where not u.is_admin)`;
      const approved = sql`${transactions.status} = 'approved'`;
      const pending = sql`${transactions.status} = 'pending'`;
      return db.transaction(
        async (tx) => {
          const [customers] = await tx
            .select({
              total: sql<number>`count(*)::int`,
              active,
              balances: money(users.cryptoBalance),
            })
            .from(users)
            .where(eq(users.isAdmin, false));
          const [payments] = await tx
            .select({
              revenue: money(transactions.creditAmount, approved),
              revenueSince: money(
                transactions.creditAmount,
                sql`${approved} and ${transactions.approvedAt} >= ${from}`,
              ),
              approvedCount: countWhere(approved),
              rejectedCount: countWhere(sql`${transactions.status} = 'rejected'`),
              pendingCount: countWhere(pending),
              pendingValue: money(transactions.creditAmount, pending),
            })
            .from(transactions);
          const activeOrders = await tx
            .select({ kind: orders.itemKind, n: sql<number>`count(*)::int` })
            .from(orders)
            .where(eq(orders.status, 'active'))
            .groupBy(orders.itemKind);
          // Calls earn through their ledger charges (negative amounts) referenced call:<id>.
          const callCharge = sql`${ledgerEntries.kind} = 'charge' and ${ledgerEntries.reference} like 'call:%'`;
          const [voiceRevenue] = await tx
            .select({
              total: sql<string>`coalesce(-sum(${ledgerEntries.amount}), 0)::text`,
              since: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.createdAt} >= ${from}), 0)::text`,
            })
            .from(ledgerEntries)
            .where(callCharge);
          const [voiceCalls] = await tx
            .select({
              seconds: sql<string>`coalesce(sum(${calls.billableSeconds}), 0)::text`,
              secondsSince: sql<string>`coalesce(sum(${calls.billableSeconds}) filter (where ${calls.endedAt} >= ${from}), 0)::text`,
              total: sql<number>`count(*)::int`,
              since: countWhere(sql`${calls.createdAt} >= ${from}`),
            })
            .from(calls);
          if (!customers || !payments || !voiceRevenue || !voiceCalls)
            throw new Error('analytics: an aggregate returned no row');
          return {
            customers,
            payments,
            activeOrders,
            voice: {
              revenue: voiceRevenue.total,
              revenueSince: voiceRevenue.since,
              billedSeconds: String(voiceCalls.seconds),
              billedSecondsSince: String(voiceCalls.secondsSince),
              calls: voiceCalls.total,
              callsSince: voiceCalls.since,
            },
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
