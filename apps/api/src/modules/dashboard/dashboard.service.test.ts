import { DEFAULT_DASHBOARD_PREFERENCES } from '@parley/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardRepo } from './dashboard.repo.js';
import { createDashboardService } from './dashboard.service.js';

type Row = NonNullable<Awaited<ReturnType<DashboardRepo['find']>>>;
type Entry = Awaited<ReturnType<DashboardRepo['spending']>>[number];
type Sold = Awaited<ReturnType<DashboardRepo['soldNames']>>;

const SAVED_AT = new Date('2026-04-01T10:00:00.000Z');

/** A repo with one stored row (or none), spending entries and sold names; records questions. */
function fakeRepo(opts: { row?: Row; entries?: Entry[]; sold?: Sold } = {}) {
  const asked = { spending: [] as [Date, number][], soldNames: [] as string[][] };
  const repo: DashboardRepo = {
    async find() {
      return opts.row;
    },
    async merge(userId, changes, now) {
      return { userId, prefs: { ...(opts.row?.prefs ?? {}), ...changes }, updatedAt: now };
    },
    async spending(_userId, since, tzOffset) {
      asked.spending.push([since, tzOffset]);
      return opts.entries ?? [];
    },
    async soldNames(_userId, names) {
      asked.soldNames.push(names);
      return opts.sold ?? { rows: [], now: new Map() };
    },
    async recurringMonthly() {
      return '24.00';
    },
  };
  return { repo, asked };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('dashboard service: preferences', () => {
  it('gives the defaults, never saved, to a customer who has changed nothing', async () => {
    const { repo } = fakeRepo();
    expect(await createDashboardService({ repo }).preferences('u1')).toEqual({
      ...DEFAULT_DASHBOARD_PREFERENCES,
      updatedAt: null,
    });
  });

  it('keeps each stored value that is still valid; one no longer valid falls back to its default', async () => {
    const { repo } = fakeRepo({
      row: {
        userId: 'u1',
        prefs: { timeframe: '12', showSpending: false, showProjections: 'yes' },
        updatedAt: SAVED_AT,
      },
    });
    const prefs = await createDashboardService({ repo }).preferences('u1');
    expect(prefs).toEqual({
      ...DEFAULT_DASHBOARD_PREFERENCES,
      showSpending: false,
      updatedAt: SAVED_AT.toISOString(),
    });
  });

  it('saves some settings over the stored ones', async () => {
    const { repo } = fakeRepo({
      row: { userId: 'u1', prefs: { showSpending: false }, updatedAt: SAVED_AT },
    });
    const prefs = await createDashboardService({ repo }).save('u1', { timeframe: '90' });
    expect(prefs).toMatchObject({ timeframe: '90', showSpending: false });
  });
});

describe('dashboard service: spending', () => {
  it('reads the last `days` days in the reader’s time zone, with counts as numbers', async () => {
    vi.useFakeTimers({ now: new Date('2026-04-11T00:00:00.000Z') });
    const { repo, asked } = fakeRepo({
      entries: [{ date: '2026-04-10', kind: 'sms', label: null, amount: '0.12', count: 3 }],
    });
    const spending = await createDashboardService({ repo }).spending('u1', {
      days: 10,
      tzOffset: 120,
    });
    expect(asked.spending).toEqual([[new Date('2026-04-01T00:00:00.000Z'), 120]]);
    // No purchase labels: the sold names are not asked for.
    expect(asked.soldNames).toEqual([]);
    expect(spending).toEqual({
      entries: [{ date: '2026-04-10', kind: 'sms', label: null, amount: '0.12', count: 3 }],
      recurringMonthly: '24.00',
    });
  });

  it('labels a purchase in the reader’s language while the package keeps the name it was sold under', async () => {
    const translations = { de: { name: 'Einstieg' } };
    const { repo, asked } = fakeRepo({
      entries: [
        { date: '2026-04-10', kind: 'purchases', label: 'Starter', amount: '99.00', count: 1 },
        { date: '2026-04-10', kind: 'purchases', label: 'Old Plan', amount: '5.00', count: 1 },
      ],
      sold: {
        rows: [
          { name: 'Starter', itemId: 'p1' },
          { name: 'Old Plan', itemId: 'p2' },
        ],
        // p2 has been renamed since: its label stays as sold.
        now: new Map([
          ['p1', { name: 'Starter', translations }],
          ['p2', { name: 'New Plan', translations }],
        ]),
      },
    });
    const spending = await createDashboardService({ repo }).spending('u1', {
      days: 30,
      tzOffset: 0,
      lang: 'de',
    });
    expect(asked.soldNames).toEqual([['Starter', 'Old Plan']]);
    expect(spending.entries.map((e) => e.label)).toEqual(['Einstieg', 'Old Plan']);
  });
});
