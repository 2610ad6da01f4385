import { OPEN_CALL_STATUSES } from '@parley/shared';
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  like,
  lt,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { calls, users, voiceAlertSettings } from '../../db/schema/index.js';
import { activePackages } from '../voice/active-packages.repo.js';

export type CallRow = typeof calls.$inferSelect;
export type AlertSettingsRow = typeof voiceAlertSettings.$inferSelect;

export interface CallFilters {
  status?: string;
  /** Digits the destination contains. */
  destination?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const int = (expr: SQL) => sql<number>`(${expr})::int`;
const sumText = (expr: SQL) => sql<string>`coalesce(sum(${expr}), 0)::text`;
/** A timestamp as ISO 8601 in UTC, whatever the session's time zone. */
const iso = (expr: SQL) =>
  sql<string | null>`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const open = inArray(calls.status, [...OPEN_CALL_STATUSES]);
const finished = notInArray(calls.status, [...OPEN_CALL_STATUSES]);

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
      const [total] = await db.select({ n: count() }).from(calls).where(where);
      const items = await db
        .select()
        .from(calls)
        .where(where)
        .orderBy(desc(calls.createdAt), desc(calls.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { items, total: total?.n ?? 0 };
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

    /** Available balance (balance less calls' holds). */
    async available(userId: string): Promise<string> {
      const [row] = await db
        .select({ a: sql<string>`(${users.cryptoBalance} - ${users.held})::text` })
        .from(users)
        .where(eq(users.id, userId));
      return row?.a ?? '0';
    },

    /** What the customer's calls cost that ended since `since`. */
    async spentSince(userId: string, since: Date): Promise<string> {
      const [row] = await db
        .select({ s: sumText(sql`${calls.cost}`) })
        .from(calls)
        .where(and(eq(calls.userId, userId), gte(calls.endedAt, since)));
      return row?.s ?? '0';
    },

    /** The statuses of the last `n` finished calls, newest first. */
    async lastFinished(userId: string, n: number): Promise<string[]> {
      const rows = await db
        .select({ status: calls.status })
        .from(calls)
        .where(and(eq(calls.userId, userId), finished))
        .orderBy(desc(calls.createdAt), desc(calls.id))
        .limit(n);
      return rows.map((r) => r.status);
    },

    /** Calls Parley cut off (credit ran out) that ended since `since`. */
    async cutoffsSince(userId: string, since: Date) {
      const [row] = await db
        .select({ n: int(sql`count(*)`), last: iso(sql`max(${calls.endedAt})`) })
        .from(calls)
        .where(
          and(eq(calls.userId, userId), eq(calls.hangupCause, 'cutoff'), gte(calls.endedAt, since)),
        );
      return { count: row?.n ?? 0, lastAt: row?.last ?? null };
    },

    /**
     * Calls started since `since` that brought the customer's calls in progress to
     * `limit`: the calls running at a call's start (itself included) were at least the
     * limit, so another call then would have been refused.
     */
    async limitReachedSince(userId: string, since: Date, limit: number) {
      const rows = await db.execute(sql`
        select count(*)::int as n, ${iso(sql`max(c.created_at)`)} as last
        from ${calls} c
        where c.user_id = ${userId} and c.created_at >= ${at(since)}
          and (select count(*) from ${calls} o
               where o.user_id = c.user_id and o.created_at <= c.created_at
                 and coalesce(o.ended_at, 'infinity'::timestamptz) > c.created_at) >= ${limit}`);
      const list = rowsOf<{ n: number; last: string | null }>(rows);
      return { count: Number(list[0]?.n ?? 0), lastAt: list[0]?.last ?? null };
    },

    async settings(userId: string): Promise<AlertSettingsRow | null> {
      const [row] = await db
        .select()
        .from(voiceAlertSettings)
        .where(eq(voiceAlertSettings.userId, userId));
      return row ?? null;
    },

    async saveSettings(row: Omit<AlertSettingsRow, 'updatedAt'>): Promise<void> {
      const { userId, ...values } = row;
      await db
        .insert(voiceAlertSettings)
        .values(row)
        .onConflictDoUpdate({
          target: voiceAlertSettings.userId,
          set: { ...values, updatedAt: new Date() },
        });
    },
  };
}
export type VoiceMonitoringRepo = ReturnType<typeof createVoiceMonitoringRepo>;
