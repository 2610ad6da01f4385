import type { DashboardPreferencesInput, SpendKind } from '@parley/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf, timestamptz } from '../../db/raw.js';
import { dashboardPreferences, orders } from '../../db/schema/index.js';
import { statusInService } from '../orders/in-service.repo.js';
import { packageNames } from '../orders/orders.store.js';

export function createDashboardRepo(db: Db) {
  return {
    async find(userId: string) {
      const [row] = await db
        .select()
        .from(dashboardPreferences)
        .where(eq(dashboardPreferences.userId, userId));
      return row;
    },

    /**
     * Merges the changed settings into the stored ones in one statement (jsonb `||`), so
     * two partial saves at once both land.
     */
    async merge(userId: string, changes: DashboardPreferencesInput, now: Date) {
      const [row] = await db
        .insert(dashboardPreferences)
        .values({ userId, prefs: changes, updatedAt: now })
        .onConflictDoUpdate({
          target: dashboardPreferences.userId,
          set: {
            prefs: sql`${dashboardPreferences.prefs} || excluded.prefs`,
            updatedAt: now,
          },
        })
        .returning();
      if (!row) throw new Error('dashboard preferences upsert returned no row');
      return row;
    },

    /**
     * Net debits per local day and kind since `since`. A message's refund is dated with
     * the message (its charge's moment), so no day's SMS spend goes below zero and a
     * refund after midnight does not move money between days. Credits and deposits are
     * not spending; an admin's credit adjustment neither.
     */
    async spending(userId: string, since: Date, tzOffsetMinutes: number) {
      const result = await db.execute(sql`
        with debits as (
          select
            -- A refund is dated with its message, found by its key (never the whole table).
            coalesce(
              (select m.created_at from sms_messages m
               where l.kind = 'refund'
                 and m.id = case when l.reference ~ '^sms:[0-9a-f-]{36}$'
                   then substring(l.reference from 5)::uuid end),
              l.created_at) as at,
            case
              when l.kind = 'purchase' then 'purchases'
              when l.kind = 'renewal' then 'renewals'
              when l.kind in ('charge', 'refund') and l.reference like 'call:%' then 'calls'
              when l.kind in ('charge', 'refund') and l.reference like 'sms%' then 'sms'
              when l.kind = 'adjustment' then 'adjustments'
            end as kind,
            case when l.kind in ('purchase', 'renewal') then l.note end as label,
            l.amount
          from ledger_entries l
          where l.user_id = ${userId}
            -- a refund may come a while after its message: look a day further back
            and l.created_at >= ${timestamptz(since)} - interval '1 day'
            and l.kind in ('purchase', 'renewal', 'charge', 'refund', 'adjustment')
            and not (l.kind = 'adjustment' and l.amount > 0)
        )
        select
          to_char(at + make_interval(mins => ${tzOffsetMinutes}), 'YYYY-MM-DD') as date,
          kind,
          label,
          (-sum(amount))::text as amount,
          (count(*) filter (where amount < 0))::int as count
        from debits
        where kind is not null and at >= ${timestamptz(since)}
        group by 1, 2, 3
        having sum(amount) < 0
        order by 1, 2, 3
      `);
      return rowsOf<{
        date: string;
        kind: SpendKind;
        label: string | null;
        amount: string;
        count: number;
      }>(result);
    },

    /**
     * The packages the customer bought under these names (as sold, in English), and those
     * packages' names now in every language: a purchase's label in the reader's language.
     */
    async soldNames(userId: string, names: string[]) {
      const rows = await db
        .selectDistinct({ name: orders.name, itemId: orders.itemId })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.itemKind, 'package'),
            inArray(orders.name, names),
          ),
        );
      return {
        rows,
        now: await packageNames(
          db,
          rows.map((r) => r.itemId),
        ),
      };
    },

    /**
     * What the monthly items that will renew cost a month in GBP, as their purchase set it
     * (a number's setup fee was charged once and is not part of it).
     */
    async recurringMonthly(userId: string): Promise<string> {
      const result = await db.execute(sql`
        select coalesce(sum(
          o.renewal_charge
        ), 0)::numeric(20, 2)::text as total
        from orders o
        where o.user_id = ${userId} and ${statusInService(sql.raw('o.status'))} and o.auto_renew
          and o.renewal_charge is not null
      `);
      return rowsOf<{ total: string }>(result)[0]?.total ?? '0.00';
    },
  };
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
