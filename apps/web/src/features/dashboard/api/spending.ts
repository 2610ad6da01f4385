import type { Spending } from '@parley/shared';
import { dashboardApi } from '@parley/shared/api';
import type { SpendEntry } from '@parley/shared/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The weekly trends look 4 weeks back whatever the timeframe. */
const TREND_DAYS = 28;

/**
 * The customer's debits by day and kind over the timeframe (and the 4 trend weeks), and
 * what renews monthly. Keyed by the balance too: any debit changes the balance, so the
 * figures reload with it (the cache otherwise keeps answers until told).
 */
export function useSpending(timeframeDays: number, balance: string) {
  const days = Math.max(timeframeDays, TREND_DAYS);
  const tzOffset = -new Date().getTimezoneOffset();
  const lang = useTranslation().i18n.language;
  return useQuery({
    queryKey: [...queryKeys.dashboardSpending(days, tzOffset, balance), lang],
    queryFn: () => call(dashboardApi.spending, { query: { days, tzOffset, lang } }),
    placeholderData: keepPreviousData,
  });
}

/** Usage is metered (SMS, calls): its rate carries into the month ahead. */
const USAGE = new Set(['sms', 'calls']);

/**
 * The days' debits as the statistics take them: a purchase under its item's name, the
 * rest under their kind's name; each at its local day's noon.
 */
export function spendEntriesOf(
  spending: Spending | undefined,
  kindName: (kind: string) => string,
): SpendEntry[] {
  return (spending?.entries ?? []).map((e) => {
    const [y, m, d] = e.date.split('-').map(Number);
    return {
      amount: e.amount,
      serviceName: e.label ?? kindName(e.kind),
      at: new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12),
      status: 'approved',
      kind: e.kind,
      usage: USAGE.has(e.kind),
    };
  });
}
