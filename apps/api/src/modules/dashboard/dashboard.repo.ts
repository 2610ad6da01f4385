import type { DashboardPreferencesInput } from '@parley/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dashboardPreferences } from '../../db/schema/index.js';

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
  };
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
