import {
  type DashboardPreferences,
  type DashboardPreferencesInput,
  DEFAULT_DASHBOARD_PREFERENCES,
  dashboardPreferencesSchema,
  localizeSoldName,
  type Spending,
} from '@parley/shared';
import type { DashboardRepo } from './dashboard.repo.js';

type Row = NonNullable<Awaited<ReturnType<DashboardRepo['find']>>>;
const KEYS = Object.keys(DEFAULT_DASHBOARD_PREFERENCES) as (keyof DashboardPreferencesInput)[];

/** The stored settings over the defaults; a stored value no longer valid falls back. */
function toPreferences(row: Row | undefined): DashboardPreferences {
  const stored = row?.prefs ?? {};
  const values: Record<string, unknown> = { ...DEFAULT_DASHBOARD_PREFERENCES };
  for (const key of KEYS) {
    const parsed = dashboardPreferencesSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) values[key] = parsed.data;
  }
  return {
    ...(values as typeof DEFAULT_DASHBOARD_PREFERENCES),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** A customer's dashboard widget settings; the defaults until they first change one. */
export function createDashboardService({ repo }: { repo: DashboardRepo }) {
  return {
    async preferences(userId: string): Promise<DashboardPreferences> {
      return toPreferences(await repo.find(userId));
    },
    /** The debits of the last `days` by local day and kind, and the monthly recurring total. */
    async spending(
      userId: string,
      query: { days: number; tzOffset: number; lang?: string },
    ): Promise<Spending> {
      const since = new Date(Date.now() - query.days * 86_400_000);
      const [entries, recurringMonthly] = await Promise.all([
        repo.spending(userId, since, query.tzOffset),
        repo.recurringMonthly(userId),
      ]);
      // A purchase is labelled with its name as sold (English): shown in the reader's language.
      const labels = [...new Set(entries.flatMap((e) => (e.label ? [e.label] : [])))];
      const sold = labels.length ? await repo.soldNames(userId, labels) : null;
      const localized = new Map<string, string>();
      for (const row of sold?.rows ?? [])
        localized.set(row.name, localizeSoldName(row.name, sold?.now.get(row.itemId), query.lang));
      return {
        entries: entries.map((e) => ({
          ...e,
          label: e.label ? (localized.get(e.label) ?? e.label) : e.label,
          count: Number(e.count),
        })),
        recurringMonthly,
      };
    },
    /** Saves the settings given (all or some); the others keep their values. */
    async save(userId: string, changes: DashboardPreferencesInput): Promise<DashboardPreferences> {
      return toPreferences(await repo.merge(userId, changes, new Date()));
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
