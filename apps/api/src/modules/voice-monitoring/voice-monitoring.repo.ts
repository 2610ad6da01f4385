import { and, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countUpTo, one } from '../../db/count.js';
import { calls } from '../../db/schema/index.js';
import { activePackages } from '../voice/active-packages.repo.js';
import { at, finished, int, open, sumText } from './monitoring-sql.repo.js';
import { createVoiceAlertsRepo } from './voice-alerts.repo.js';

export type { AlertSettingsRow } from './voice-alerts.repo.js';

export type CallRow = typeof calls.$inferSelect;

export interface CallFilters {
  status?: string;
  /** Digits the destination contains. */
  destination?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

function filtersOf(userId: string, f: CallFilters): SQL | undefined {
  const digits = f.destination?.replace(/\D/g, '');
  return and(
    eq(calls.userId, userId),
    f.from ? gte(calls.createdAt, f.from) : undefined,
    f.to ? lt(calls.createdAt, f.to) : undefined,
    f.status ? eq(calls.status, f.status) : undefined,
    // Digits only (the contract checks), so no LIKE wildcard can come through.
    digits ? like(calls.destination, `%${digits}%`) : undefined,
  );
}

/** SIP monitoring's reads of one customer's calls; every query is scoped to the user. */
export function createVoiceMonitoringRepo(db: Db) {
  return {
    /** The overview's counts and sums, each over its own window, in one statement. */
    async overview(
      userId: string,
      w: { todayStart: Date; monthStart: Date; rangeFrom: Date; rangeTo: Date },
    ) {
      const today = sql`${calls.createdAt} >= ${at(w.todayStart)}`;
      const month = sql`${calls.createdAt} >= ${at(w.monthStart)}`;
      const range = sql`${calls.createdAt} >= ${at(w.rangeFrom)} and ${calls.createdAt} < ${at(w.rangeTo)}`;
      const [row] = await db
        .select({
          active: int(sql`count(*) filter (where ${open})`),
          todayCalls: int(sql`count(*) filter (where ${today})`),
          todayBilled: int(sql`coalesce(sum(${calls.billableSeconds}) filter (where ${today}), 0)`),
          spendToday: sql<string>`coalesce(sum(${calls.cost}) filter (where ${today}), 0)::text`,
          spendMonth: sql<string>`coalesce(sum(${calls.cost}) filter (where ${month}), 0)::text`,
          attempts: int(sql`count(*) filter (where ${range})`),
          answered: int(sql`count(*) filter (where ${range} and ${calls.answeredAt} is not null)`),
          averageDuration: sql<
            number | null
          >`round(avg(${calls.duration}) filter (where ${range} and ${calls.status} = 'ended' and ${calls.answeredAt} is not null))::int`,
        })
        .from(calls)
        .where(eq(calls.userId, userId));
      if (!row) throw new Error('overview: the aggregate returned no row');
      return row;
    },

    /**
     * The features, purchase dates and renewal state of the customer's packages in service
     * (plans, add-ons).
     */
    activePackages: (userId: string) => activePackages(db, userId),

    /** Included seconds the customer's calls used since `since` (calls that ended since). */
    async includedSecondsSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ s: int(sql`coalesce(sum(${calls.includedSeconds}), 0)`) })
        .from(calls)
        .where(and(eq(calls.userId, userId), gte(calls.endedAt, since)));
      return row?.s ?? 0;
    },

    async list(userId: string, f: CallFilters, page: number, pageSize: number) {
      const where = filtersOf(userId, f);
      // Counted up to COUNT_CAP (decision 0071): the calls table says "50+" past it.
      const total = await countUpTo(
        db,
        db.select({ one: one() }).from(calls).where(where).$dynamic(),
      );
      const items = await db
        .select()
        .from(calls)
        .where(where)
        .orderBy(desc(calls.createdAt), desc(calls.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { items, total };
    },

    async exportRows(userId: string, f: CallFilters, max: number) {
      return db
        .select()
        .from(calls)
        .where(filtersOf(userId, f))
        .orderBy(desc(calls.createdAt), desc(calls.id))
        .limit(max);
    },

    /** Finished calls of a range by country: counts, means, and counts per hang-up cause. */
    async quality(userId: string, from: Date, to: Date) {
      const where = and(
        eq(calls.userId, userId),
        finished,
        gte(calls.createdAt, from),
        lt(calls.createdAt, to),
      );
      // The edge's figure, else the time from the call's start to its ringing.
      const pdd = sql`coalesce(${calls.pddMs}, round(extract(epoch from (${calls.ringingAt} - ${calls.createdAt})) * 1000))`;
      const figures = await db
        .select({
          country: calls.country,
          calls: int(sql`count(*)`),
          answered: int(sql`count(*) filter (where ${calls.answeredAt} is not null)`),
          pddSum: int(sql`coalesce(sum(${pdd}), 0)`),
          pddCount: int(sql`count(${pdd})`),
          jitterSum: sumText(sql`${calls.jitterMs}`),
          jitterCount: int(sql`count(${calls.jitterMs})`),
          lossSum: sumText(sql`${calls.lossPercent}`),
          lossCount: int(sql`count(${calls.lossPercent})`),
          mosSum: sumText(sql`${calls.mos}`),
          mosCount: int(sql`count(${calls.mos})`),
        })
        .from(calls)
        .where(where)
        .groupBy(calls.country);
      const cause = sql<string>`coalesce(${calls.hangupCause}, ${calls.status})`;
      const causes = await db
        .select({ country: calls.country, cause, n: int(sql`count(*)`) })
        .from(calls)
        .where(where)
        .groupBy(calls.country, cause);
      return { figures, causes };
    },

    ...createVoiceAlertsRepo(db),
  };
}
export type VoiceMonitoringRepo = ReturnType<typeof createVoiceMonitoringRepo>;
