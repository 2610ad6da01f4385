import { OPEN_CALL_STATUSES } from '@parley/shared';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf, timestamptz } from '../../db/raw.js';
import { calls } from '../../db/schema/index.js';

/** What a trunk's calls add up to, read from the call records (both directions). */
export interface TrunkFigures {
  trunkId: string;
  channelsInUse: number;
  callsToday: number;
  answeredToday: number;
  talkSecondsToday: number;
  /** Means of today's measured calls (null: none measured). */
  mos: number | null;
  jitterMs: number | null;
  lossPercent: number | null;
}

const mean = (v: unknown) =>
  v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100;
const open = sql.raw(OPEN_CALL_STATUSES.map((s) => `'${s}'`).join(', '));

export function createTrunkStatsRepo(db: Db) {
  return {
    /** The trunk's calls since `from`, newest first (at most `max`), for its CSV. */
    async callsSince(trunkId: string, from: Date, max: number) {
      return db
        .select()
        .from(calls)
        .where(and(eq(calls.trunkId, trunkId), gte(calls.createdAt, from)))
        .orderBy(desc(calls.createdAt), desc(calls.id))
        .limit(max);
    },

    /** Calls in progress now, and today's (from `dayStart`) calls, answers and talk time. */
    async figures(trunkIds: string[], dayStart: Date): Promise<Map<string, TrunkFigures>> {
      const figures = new Map<string, TrunkFigures>();
      if (trunkIds.length === 0) return figures;
      const since = timestamptz(dayStart);
      const rows = rowsOf<Record<string, string | number>>(
        await db.execute(sql`select ${calls.trunkId} as trunk_id,
            count(*) filter (where ${calls.status} in (${open})) as in_use,
            count(*) filter (where ${calls.createdAt} >= ${since}) as calls,
            count(*) filter (where ${calls.createdAt} >= ${since}
              and ${calls.answeredAt} is not null) as answered,
            coalesce(sum(${calls.duration}) filter (where ${calls.createdAt} >= ${since}
              and ${calls.answeredAt} is not null), 0) as talk,
            avg(${calls.mos}) filter (where ${calls.createdAt} >= ${since}) as mos,
            avg(${calls.jitterMs}) filter (where ${calls.createdAt} >= ${since}) as jitter,
            avg(${calls.lossPercent}) filter (where ${calls.createdAt} >= ${since}) as loss
          from ${calls}
          where ${calls.trunkId} in (${sql.join(
            trunkIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
            and (${calls.createdAt} >= ${since} or ${calls.status} in (${open}))
          group by ${calls.trunkId}`),
      );
      for (const r of rows)
        figures.set(String(r.trunk_id), {
          trunkId: String(r.trunk_id),
          channelsInUse: Number(r.in_use),
          callsToday: Number(r.calls),
          answeredToday: Number(r.answered),
          talkSecondsToday: Number(r.talk),
          mos: mean(r.mos),
          jitterMs: mean(r.jitter),
          lossPercent: mean(r.loss),
        });
      return figures;
    },
  };
}
